import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './test-app.ts';

/** What the members tests share: calls with a token, a location written directly, the mailed link. */
export function membersTestKit(ctx: TestContext) {
  async function call(token: string, method: string, url: string, payload?: unknown) {
    return ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function addLocation(organizationId: number, name: string): Promise<number> {
    const [row] = await ctx.query<{ id: number }>(
      sql`insert into locations (organization_id, name, country, time_zone)
        values (${organizationId}, ${name}, 'BR', 'America/Sao_Paulo') returning id`,
    );
    return row?.id as number;
  }

  /** The newest link mailed to an address: its token and page. */
  async function mailedLink(email: string) {
    const [row] = await ctx.query<{ link: string; kind: string; subject: string }>(
      sql`select link, kind, subject from mail_outbox where to_address = ${email} order by id desc limit 1`,
    );
    expect(row, `no mail to ${email}`).toBeDefined();
    const url = new URL(row?.link ?? 'https://x');
    return {
      token: url.searchParams.get('t') ?? '',
      path: url.pathname,
      kind: row?.kind,
      subject: row?.subject,
    };
  }

  async function useLink(token: string, password?: string) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/requisicaotemporaria',
      payload: { token, ...(password ? { password } : {}) },
    });
  }

  return { call, addLocation, mailedLink, useLink };
}
