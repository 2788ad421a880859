import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { MAX_STORED_USER_AGENT } from '../../lib/audit/client-trace.ts';

// Behind a trusted proxy the client's address is X-Forwarded-For's, which a client can forge: text that
// is no address is never stored; the connection's address is recorded instead (lib/client-address.ts).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(() => ctx.close());

const FORGED_ADDRESS = 'x'.repeat(8_192);
/** Where app.inject's requests come from. */
const CONNECTION_ADDRESS = '127.0.0.1';
// U+0085 (next line) and U+009B (CSI, which rewrites what a terminal shows), and a C0 escape.
const HOSTILE_AGENT = 'Agent\u0085One\u009B31m\u001B[2JTwo';
const CLEAN_AGENT = 'AgentOne31m[2JTwo';
/** A control character in JSON text: C1 ones raw (JSON leaves them so), C0 ones escaped. */
const hasControlCharacter = (json: string) => /[\u007F-\u009F]/.test(json) || /\\u00[01][0-9a-f]/i.test(json);

const from = (address: string, userAgent = HOSTILE_AGENT) => ({
  'x-forwarded-for': address,
  'user-agent': userAgent,
});

describe('what a request leaves for audit', () => {
  it('stores no forged address: a failed sign-in from 8 KB of X-Forwarded-For keeps the connection’s', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: from(FORGED_ADDRESS),
      payload: { email: 'ninguem@scentia.test', password: 'Whatever#1' },
    });
    expect(response.statusCode).toBe(401);
    const [row] = await ctx.query<{ ip: string | null; user_agent: string }>(
      sql`select ip, user_agent from access_log where email = 'ninguem@scentia.test'`,
    );
    expect(row).toEqual({ ip: CONNECTION_ADDRESS, user_agent: CLEAN_AGENT });
  });

  it('stores a valid address and a cleaned, bounded user agent in the access log, the session and the trail', async () => {
    const account = await ctx.createAccount({ name: 'Rastro Limpo' });
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: from('203.0.113.7', `${HOSTILE_AGENT}${'A'.repeat(1_000)}`),
      payload: { email: account.email, password: account.password },
    });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token;
    const [logged] = await ctx.query<{ ip: string; user_agent: string }>(
      sql`select ip, user_agent from access_log where user_id = ${account.id}`,
    );
    const [session] = await ctx.query<{ ip: string; user_agent: string }>(
      sql`select ip, user_agent from refresh_tokens where user_id = ${account.id}`,
    );
    for (const row of [logged, session]) {
      expect(row?.ip).toBe('203.0.113.7');
      expect(row?.user_agent).toHaveLength(MAX_STORED_USER_AGENT);
      expect(row?.user_agent.startsWith(CLEAN_AGENT)).toBe(true);
    }

    for (const [address, stored] of [
      [FORGED_ADDRESS, CONNECTION_ADDRESS],
      ['2001:db8::1', '2001:db8::1'],
    ] as const) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/categories',
        headers: { ...from(address), authorization: `Bearer ${token}` },
        payload: { name: `Categoria ${stored}` },
      });
      expect(created.statusCode, created.body).toBe(201);
      const [event] = await ctx.query<{ ip: string | null; user_agent: string }>(
        sql`select ip, user_agent from audit_events order by id desc limit 1`,
      );
      expect(event).toEqual({ ip: stored, user_agent: CLEAN_AGENT });
    }

    // The person's export and its spreadsheet hold no control character.
    const admin = { authorization: `Bearer ${token}` };
    const json = await ctx.app.inject({
      method: 'GET',
      url: `/api/usuario/personal-data/${account.id}`,
      headers: admin,
    });
    expect(json.statusCode).toBe(200);
    expect(JSON.parse(json.body).sessions[0].userAgent.startsWith(CLEAN_AGENT)).toBe(true);
    expect(hasControlCharacter(json.body)).toBe(false);
    const sheet = await ctx.app.inject({
      method: 'GET',
      url: `/api/usuario/personal-data/${account.id}/export`,
      headers: admin,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const cells = JSON.stringify(workbook.worksheets.map((worksheet) => worksheet.getSheetValues()));
    expect(cells).toContain(CLEAN_AGENT);
    expect(hasControlCharacter(cells)).toBe(false);
  });
});
