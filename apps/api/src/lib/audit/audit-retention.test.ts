import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { pruneAuditTrail } from './audit-retention.ts';

const DAY_MS = 86_400_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.jobSettled('privacy-retention');
});
afterAll(() => ctx.close());

/** An event as the triggers write it, dated in the past, with one change; answers its id. */
async function eventAt(occurredAt: Date, recordId: string): Promise<number> {
  const [row] = await ctx.query<{ id: number }>(sql`
    insert into audit_events (occurred_at, action, record_type, record_id)
    values (${occurredAt.toISOString()}::timestamptz, 'retention-test', 'category', ${recordId})
    returning id::int as id`);
  if (!row) throw new Error('event not written');
  await ctx.query(sql`
    insert into audit_changes (event_id, table_name, row_key, record_type, record_id, before, after)
    values (${row.id}, 'categories', ${recordId}, 'category', '1', null, '{"id": 1}'::jsonb)`);
  return row.id;
}

describe('audit trail retention', () => {
  it('keeps an event a day younger than the limit and removes, with its changes, ones a day older, in batches', async () => {
    // A clock in the past: events other writes leave now are younger than anything it prunes.
    const now = new Date('2020-06-15T12:00:00Z');
    const retentionDays = 1826;
    const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const kept = await eventAt(at(retentionDays - 1), 'kept');
    const gone = [
      await eventAt(at(retentionDays + 1), 'gone-1'),
      await eventAt(at(retentionDays + 2), 'gone-2'),
      await eventAt(at(retentionDays + 400), 'gone-3'),
    ];

    const removed = await pruneAuditTrail({ db: ctx.db, retentionDays, now, batchSize: 2 });
    expect(removed).toBe(3);
    const events = await ctx.query<{ id: number }>(
      sql`select id::int as id from audit_events where action = 'retention-test'`,
    );
    expect(events).toEqual([{ id: kept }]);
    const changes = await ctx.query<{ total: number }>(sql`
      select count(*)::int as total from audit_changes
      where event_id in (${sql.join(
        gone.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    expect(changes[0]?.total).toBe(0);
  });

  it('is the only way to remove events: a plain delete is refused by the database', async () => {
    await eventAt(new Date('2001-01-01T00:00:00Z'), 'guarded');
    const refusal = await ctx
      .query(sql`delete from audit_events where record_id = 'guarded'`)
      .catch((error: Error) => error);
    expect(String((refusal as Error).cause ?? refusal)).toMatch(/cannot be changed or removed/);
  });
});
