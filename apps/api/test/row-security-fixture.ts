import { sql } from 'drizzle-orm';
import type { MemberScopeSetting } from '../src/db/member-transaction.ts';
import { deviceGround, insertCapsule, insertDevice } from './device-fixtures.ts';
import type { TestContext } from './test-app.ts';

/**
 * One organisation with a row in every table it owns (migration 0039), written directly as the staff:
 * a location, a device with its state, a batch, a download and a capsule (level, days, forecast), a
 * shot and every count of it, an alert read by someone, a member, and an initiative with its
 * location, a status change and a mail. `credentialHash` is the device's, for the ingestion function.
 */
export async function organisationWithEverything(ctx: TestContext, readerId: number) {
  const ground = await deviceGround(ctx);
  const { organizationId, locationId, campaignId, fragranceId } = ground;
  const { deviceId } = await insertDevice(ctx, ground);
  const credentialHash = `hash-of-device-${deviceId}`;
  await ctx.query(sql`update devices set credential_hash = ${credentialHash} where id = ${deviceId}`);
  const { capsuleId } = await insertCapsule(ctx, { deviceId, slot: 1, fragranceId });
  const day = '2026-11-20';
  const statements = [
    sql`insert into device_states (device_id, last_seen_at) values (${deviceId}, now())`,
    sql`insert into shot_batches (device_id, sequence, shots) values (${deviceId}, 1, 1)`,
    sql`insert into campaign_downloads (device_id, campaign_id, campaign_updated_at) values (${deviceId}, ${campaignId}, now())`,
    sql`insert into capsule_shot_days (capsule_id, day, shots) values (${capsuleId}, ${day}, 3)`,
    sql`insert into capsule_forecasts (capsule_id, shots_per_hour, computed_at) values (${capsuleId}, 1.5, now())`,
    sql`select ensure_shot_partitions(${day}::date, ${day}::date)`,
    sql`insert into shots (shot_at, device_id, location_id, campaign_id, fragrance_id, capsule_id, slot, count, batch_sequence)
      values (${`${day}T12:00:00Z`}, ${deviceId}, ${locationId}, ${campaignId}, ${fragranceId}, ${capsuleId}, 1, 3, 1)`,
    sql`insert into shot_counts_hourly (hour, location_id, campaign_id, fragrance_id, shots)
      values (${`${day}T12:00:00Z`}, ${locationId}, ${campaignId}, ${fragranceId}, 3)`,
    sql`insert into shot_counts_daily (day, location_id, campaign_id, fragrance_id, shots)
      values (${day}, ${locationId}, ${campaignId}, ${fragranceId}, 3)`,
    sql`insert into shot_counts_monthly (month, location_id, campaign_id, fragrance_id, shots)
      values ('2026-11-01', ${locationId}, ${campaignId}, ${fragranceId}, 3)`,
    sql`insert into shot_counts_device_hourly (device_id, hour, campaign_id, shots)
      values (${deviceId}, ${`${day}T12:00:00Z`}, ${campaignId}, 3)`,
    sql`insert into shot_counts_device_daily (device_id, day, campaign_id, shots) values (${deviceId}, ${day}, ${campaignId}, 3)`,
    sql`insert into shot_rollups_location (grain, starts_on, location_id, shots) values ('day', ${day}, ${locationId}, 3)`,
    sql`insert into shot_rollups_location_hourly (hour, location_id, shots) values (${`${day}T12:00:00Z`}, ${locationId}, 3)`,
    sql`insert into organization_members (organization_id, user_id, role, accepted_at)
      values (${organizationId}, ${readerId}, 'viewer', now())`,
  ];
  for (const statement of statements) await ctx.query(statement);
  const [alert] = await ctx.query<{ id: number }>(
    sql`insert into alerts (kind, severity, can_keep_running, device_id, capsule_id, location_id, organization_id)
      values ('capsuleLow', 'warning', true, ${deviceId}, ${capsuleId}, ${locationId}, ${organizationId}) returning id`,
  );
  await ctx.query(sql`insert into alert_reads (alert_id, user_id) values (${alert?.id}, ${readerId})`);
  const [initiative] = await ctx.query<{ id: number }>(
    sql`insert into initiatives (title, organization_id, campaign_id, starts_on, ends_on)
      values ('Natal', ${organizationId}, ${campaignId}, '2026-12-01', '2026-12-24') returning id`,
  );
  const initiativeId = Number(initiative?.id);
  await ctx.query(
    sql`insert into initiative_locations (initiative_id, location_id) values (${initiativeId}, ${locationId})`,
  );
  const [change] = await ctx.query<{ id: number }>(
    sql`insert into initiative_status_changes (initiative_id, to_status) values (${initiativeId}, 'approved') returning id`,
  );
  await ctx.query(sql`insert into initiative_mails (initiative_id, status_change_id, recipient, subject, html, language)
    values (${initiativeId}, ${change?.id}, 'loja@example.com', 'Aprovada', '<p>ok</p>', 'pt-BR')`);
  return {
    organizationId,
    locationId,
    deviceId,
    capsuleId,
    initiativeId,
    credentialHash,
    campaignId,
    fragranceId,
  };
}

/** The fleet's counts, which mix organisations: the staff's alone (triggers may have written some). */
export async function fleetCounts(ctx: TestContext, ground: { campaignId: number; fragranceId: number }) {
  const { campaignId, fragranceId } = ground;
  await ctx.query(sql`insert into shot_counts_fleet_daily (day, campaign_id, fragrance_id, shots)
    values ('2026-11-20', ${campaignId}, ${fragranceId}, 6) on conflict do nothing`);
  await ctx.query(sql`insert into shot_rollups_fleet (grain, starts_on, campaign_id, fragrance_id, shots)
    values ('day', '2026-11-20', ${campaignId}, ${fragranceId}, 6) on conflict do nothing`);
  await ctx.query(sql`insert into shot_rollups_fleet_hourly (hour, campaign_id, fragrance_id, shots)
    values ('2026-11-20T12:00:00Z', ${campaignId}, ${fragranceId}, 6) on conflict do nothing`);
}

/** Raw rows of `statement` in a member's transaction of the app's database, then rolled back. */
export async function asMember<T = Record<string, unknown>>(
  ctx: TestContext,
  scope: MemberScopeSetting,
  statement: ReturnType<typeof sql>,
): Promise<{ rows: T[]; rowCount: number }> {
  let outcome: { rows: T[]; rowCount: number } | undefined;
  await ctx.database
    .inMemberTransaction(scope, async () => {
      const result = (await ctx.db.execute(statement)) as unknown as {
        rows: T[];
        rowCount?: number | null;
        affectedRows?: number;
      };
      outcome = { rows: result.rows, rowCount: Number(result.rowCount ?? result.affectedRows ?? 0) };
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  if (!outcome) throw new Error('nothing ran');
  return outcome;
}

class RolledBack extends Error {}
