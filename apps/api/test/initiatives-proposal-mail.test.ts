import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type InitiativeGround,
  initiativeBody,
  initiativeCallers,
  initiativeGround,
} from './initiatives-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * A client's proposal is told to those who review it (issue 39 §6): every active, confirmed ADMIN
 * account, in its own language, through the outbox, with a link to the initiative's staff page.
 */

let ctx: TestContext;
let callers: Awaited<ReturnType<typeof initiativeCallers>>;
let ground: InitiativeGround;
let managerToken: string;
const admins: Record<string, { id: number; email: string }> = {};

type Mail = { kind: string; subject: string; text: string; html: string; link: string | null };
const mailsTo = (email: string) =>
  ctx.query<Mail>(
    sql`select kind, subject, text, html, link from mail_outbox
      where to_address = ${email} and kind = 'initiative-proposed-by-client' order by id`,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  callers = await initiativeCallers(ctx);
  ground = await initiativeGround(ctx);
  for (const language of ['en-US', 'es-ES'] as const) {
    const admin = await ctx.createAccount({ name: `Admin ${language}` });
    await ctx.query(sql`update users set language = ${language} where id = ${admin.id}`);
    admins[language] = admin;
  }
  admins.inactive = await ctx.createAccount({ name: 'Admin Inativo', isActive: false });
  admins.unconfirmed = await ctx.createAccount({ name: 'Admin Pendente', isConfirmed: false });
  const manager = await ctx.createMember({ role: 'manager', organizationId: ground.organizationId });
  managerToken = (await ctx.signIn(manager.email, manager.password)).token;
});
afterAll(() => ctx.close());

describe('POST /api/initiatives by a client', () => {
  it('mails every active admin, in their language, with a link to the initiative’s staff page', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/initiatives',
      headers: { authorization: `Bearer ${managerToken}` },
      payload: initiativeBody(ground, {
        title: 'Semana do Cliente',
        startsOn: '2030-05-01',
        endsOn: '2030-05-07',
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().initiativeId as number;
    const link = `http://localhost:3000/admin/initiatives/${id}/update`;

    const [portuguese] = await mailsTo(callers.admin.email);
    expect(portuguese?.subject).toMatch(/^Nova iniciativa proposta por .+: Semana do Cliente$/);
    expect(portuguese?.text).toContain('de 2030-05-01 a 2030-05-07');
    expect(portuguese?.text).toContain(link);
    expect(portuguese?.html).toContain(`href="${link}"`);
    expect(portuguese?.link).toBe(link);
    const [english] = await mailsTo(admins['en-US']?.email ?? '');
    expect(english?.subject).toMatch(/^New initiative proposed by .+: Semana do Cliente$/);
    const [spanish] = await mailsTo(admins['es-ES']?.email ?? '');
    expect(spanish?.subject).toMatch(/^Nueva iniciativa propuesta por .+: Semana do Cliente$/);

    expect(await mailsTo(callers.staff.email)).toEqual([]);
    expect(await mailsTo(admins.inactive?.email ?? '')).toEqual([]);
    expect(await mailsTo(admins.unconfirmed?.email ?? '')).toEqual([]);
  });

  it('tells no one when staff propose (they read the list)', async () => {
    const before = await mailsTo(callers.admin.email);
    const response = await callers.as('staff', {
      method: 'POST',
      url: '/api/initiatives',
      payload: initiativeBody(ground, { startsOn: '2030-06-01', endsOn: '2030-06-02' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await mailsTo(callers.admin.email)).toHaveLength(before.length);
  });
});
