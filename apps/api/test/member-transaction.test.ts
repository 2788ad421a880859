import { Readable } from 'node:stream';
import { PROFILE_CLIENT } from '@scentia/shared/members.rules';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterMemberTransaction, outsideMemberTransaction } from '../src/db/member-transaction.ts';
import type { Account } from '../src/lib/account.ts';
import { memberTransactionPlugin } from '../src/plugins/member-transaction.ts';
import { deviceGround } from './device-fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * The lock on its own: routes that narrow nothing (their server scoping left out on purpose), called
 * through `app.inject` by a member of A, answer A's rows only, write nothing of B's, stream an export
 * under the member's scope, and answer after the commit; the staff see everything.
 */
let ctx: TestContext;
let app: FastifyInstance;
let a: Awaited<ReturnType<typeof deviceGround>>;
let b: Awaited<ReturnType<typeof deviceGround>>;
let seenAfterCommit: number | undefined;
let seenOutside: number | undefined;

const accountOf = (caller: string | undefined): Account | null => {
  if (!caller) return null;
  const base = { id: 1, name: 'x', email: 'x@scentia.test', passwordHash: null, confirmedAt: new Date() };
  const rest = { deletedAt: null, createdAt: new Date(), language: 'pt-BR', profileId: 1 };
  if (caller === 'staff') return { ...base, ...rest, profileName: 'ADMIN', membership: null };
  return {
    ...base,
    ...rest,
    profileName: PROFILE_CLIENT,
    membership: {
      organizationId: Number(caller),
      organizationName: 'Cliente',
      role: 'manager',
      locationIds: null,
    },
  };
};

const organizationIds = async () =>
  (
    (await ctx.db.execute(sql`select id from organizations order by id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((row) => Number(row.id));
const countOrganizations = async () => (await organizationIds()).length;

beforeAll(async () => {
  ctx = await createTestApp();
  a = await deviceGround(ctx);
  b = await deviceGround(ctx);
  app = Fastify();
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    request.account = accountOf(request.headers['x-caller'] as string | undefined);
  });
  await app.register(memberTransactionPlugin, { database: ctx.database });
  app.get('/organizations', async () => organizationIds());
  app.get('/export', async (_request, reply) => {
    // Reads while the answer streams, one organisation at a time, as the exports read by keyset.
    async function* rows() {
      let after = 0;
      for (;;) {
        const result = (await ctx.db.execute(
          sql`select id from organizations where id > ${after} order by id limit 1`,
        )) as unknown as { rows: { id: number }[] };
        const [row] = result.rows;
        if (!row) return;
        after = Number(row.id);
        yield `${after}\n`;
      }
    }
    return reply.type('text/plain').send(Readable.from(rows()));
  });
  app.post('/notes', async (_request, reply) => {
    await ctx.db.execute(sql`update organizations set note = 'seen'`);
    afterMemberTransaction(() => {
      void countOrganizations().then((n) => {
        seenAfterCommit = n;
      });
    });
    outsideMemberTransaction(() => {
      void countOrganizations().then((n) => {
        seenOutside = n;
      });
    });
    return reply.status(201).send({ isDone: true });
  });
  app.post('/foreign-location', async () => {
    await ctx.db.execute(
      sql`insert into locations (organization_id, name, country, time_zone) values (${b.organizationId}, 'Intrusa', 'BR', 'UTC')`,
    );
    return { isDone: true };
  });
  app.get('/public', async () => countOrganizations());
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

describe('a member’s request, held by row-level security alone', () => {
  it('lists only the member’s organisation where the route narrows nothing; the staff see all', async () => {
    const asMember = await app.inject({
      url: '/organizations',
      headers: { 'x-caller': String(a.organizationId) },
    });
    expect(asMember.json()).toEqual([a.organizationId]);
    const asStaff = await app.inject({ url: '/organizations', headers: { 'x-caller': 'staff' } });
    expect(asStaff.json()).toEqual(expect.arrayContaining([a.organizationId, b.organizationId]));
    const anonymous = await app.inject({ url: '/public' });
    expect(anonymous.json()).toBeGreaterThanOrEqual(2);
  });

  it('streams an export under the member’s scope until its last row', async () => {
    const response = await app.inject({ url: '/export', headers: { 'x-caller': String(b.organizationId) } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`${b.organizationId}\n`);
  });

  it('changes the member’s rows only, commits before answering, and runs later work outside', async () => {
    await ctx.query(sql`update organizations set note = null`);
    const response = await app.inject({
      method: 'POST',
      url: '/notes',
      headers: { 'x-caller': String(a.organizationId) },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ isDone: true });
    // Already committed when the answer arrived.
    const notes = await ctx.query<{ id: number; note: string | null }>(
      sql`select id, note from organizations order by id`,
    );
    expect(notes.filter((row) => row.note === 'seen').map((row) => Number(row.id))).toEqual([
      a.organizationId,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seenAfterCommit).toBeGreaterThanOrEqual(2);
    expect(seenOutside).toBeGreaterThanOrEqual(2);
  });

  it('refuses to write another organisation’s row, and leaves nothing behind', async () => {
    const before = await ctx.query<{ n: number }>(sql`select count(*)::int as n from locations`);
    const response = await app.inject({
      method: 'POST',
      url: '/foreign-location',
      headers: { 'x-caller': String(a.organizationId) },
    });
    expect(response.statusCode).toBe(500);
    const after = await ctx.query<{ n: number }>(sql`select count(*)::int as n from locations`);
    expect(after).toEqual(before);
  });
});
