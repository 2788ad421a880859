import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PreparedQuery } from '../../db/prepared-query.ts';
import type { AuthenticatedDevice } from '../../plugins/device-auth.ts';
import type { SeenTimes } from './seen-times-writer.ts';

type Rows<T> = { rows: T[] };

/** A Postgres array literal of values that need no quoting (numbers, ISO timestamps). */
function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.join(',')}}`;
}

export type IngestResult =
  | { status: 'unknown' }
  | {
      status: 'ok';
      /** For the instance's last-seen write (the acknowledgement no longer writes it, migration 0051). */
      deviceId: number;
      isNew: boolean;
      shots: number;
      capsules: { slot: number; remainingShots: number }[];
    };

export type ShotBatchToIngest = {
  credentialHash: string;
  sequence: number;
  shots: readonly { at: string; slot: number; count: number }[];
};

/** A device's first fetch of a configuration version, as `recordDownloads` records it. */
export type DownloadToRecord = {
  deviceId: number;
  campaignId: number;
  /** The campaign's `updated_at` as the view read it (ISO 8601, UTC). */
  campaignUpdatedAt: string;
  configVersion: string;
};

export type ReportedCapsule = {
  slot: number;
  serialNumber: string;
  fragranceId: number;
  sizeShots: number;
  remainingShots: number;
  dueDate: string | null;
};

/**
 * The device API's SQL. `db` is the plain handle: what a device writes (its state, capsules, shots) is
 * telemetry, not anyone's audited change; `auditedDb` is for provisioning, which changes the device's
 * record and so goes into the trail.
 */
export class DeviceApiRepository {
  constructor(
    private readonly db: Database,
    private readonly auditedDb: Database,
    /** Statements whose plan does not depend on their values (the batch calls): named, planned once. */
    private readonly preparedQuery: PreparedQuery,
  ) {}

  private async rows<T>(query: SQL, db: Pick<Database, 'execute'> = this.db): Promise<T[]> {
    return ((await db.execute(query)) as unknown as Rows<T>).rows;
  }

  async findDevice(credentialHash: string): Promise<AuthenticatedDevice | undefined> {
    const [device] = await this.rows<AuthenticatedDevice>(sql`
      select id, location_id as "locationId", campaign_id as "campaignId" from devices
      where credential_hash = ${credentialHash} and deleted_at is null`);
    return device;
  }

  /**
   * Gives the device at `macAddress` its credential and sealed secret, unless it has one: the row is
   * locked, so two devices racing with the same MAC get one answer each, one of them a refusal.
   */
  async provision(
    macAddress: string,
    values: { credentialHash: string; secretCiphertext: string },
  ): Promise<{ outcome: 'provisioned'; deviceId: number } | { outcome: 'unknown' | 'retired' | 'taken' }> {
    return this.auditedDb.transaction(async (tx) => {
      const [device] = await this.rows<{ id: number; isRetired: boolean; hasCredential: boolean }>(
        sql`select id, deleted_at is not null as "isRetired", credential_hash is not null as "hasCredential"
            from devices where mac_address = ${macAddress} for update`,
        tx,
      );
      if (!device) return { outcome: 'unknown' as const };
      if (device.isRetired) return { outcome: 'retired' as const };
      if (device.hasCredential) return { outcome: 'taken' as const };
      await tx.execute(sql`
        update devices set credential_hash = ${values.credentialHash},
          secret_ciphertext = ${values.secretCiphertext}, provisioned_at = now(), updated_at = now()
        where id = ${device.id}`);
      return { outcome: 'provisioned' as const, deviceId: device.id };
    });
  }

  /**
   * The batch alone in one round trip (ack_shot_batch, a group of one): its row written, its levels
   * answered as the fold will leave them (migrations 0050, 0052).
   */
  async ingestShots(
    credentialHash: string,
    sequence: number,
    shots: readonly { at: string; slot: number; count: number }[],
  ): Promise<IngestResult> {
    const [row] = await this.preparedQuery<{ result: IngestResult }>(
      'ack-shot-batch',
      `select ack_shot_batch($1::text, $2::bigint, $3::timestamptz[], $4::smallint[], $5::integer[]) as result`,
      [
        credentialHash,
        sequence,
        arrayLiteral(shots.map((shot) => shot.at)),
        arrayLiteral(shots.map((shot) => shot.slot)),
        arrayLiteral(shots.map((shot) => shot.count)),
      ],
    );
    if (!row) throw new Error('ack_shot_batch answered nothing');
    return typeof row.result === 'string' ? (JSON.parse(row.result) as IngestResult) : row.result;
  }

  /**
   * Several batches in one round trip and one transaction (ack_shot_batch_group, migration 0052; the
   * group of 0026): one answer per batch, in order. Any error rolls back the whole group.
   */
  async ingestShotGroup(batches: readonly ShotBatchToIngest[]): Promise<IngestResult[]> {
    const entries = batches.flatMap((batch, index) =>
      batch.shots.map((shot) => ({ batch: index + 1, shot })),
    );
    const [row] = await this.preparedQuery<{ result: IngestResult[] }>(
      'ack-shot-batch-group',
      `select ack_shot_batch_group($1::text[], $2::bigint[], $3::integer[], $4::timestamptz[],
        $5::smallint[], $6::integer[]) as result`,
      [
        arrayLiteral(batches.map((batch) => batch.credentialHash)),
        arrayLiteral(batches.map((batch) => batch.sequence)),
        arrayLiteral(entries.map((entry) => entry.batch)),
        arrayLiteral(entries.map((entry) => entry.shot.at)),
        arrayLiteral(entries.map((entry) => entry.shot.slot)),
        arrayLiteral(entries.map((entry) => entry.shot.count)),
      ],
    );
    if (!row) throw new Error('ack_shot_batch_group answered nothing');
    const answers = typeof row.result === 'string' ? (JSON.parse(row.result) as IngestResult[]) : row.result;
    if (answers.length !== batches.length) throw new Error('ack_shot_batch_group answered another count');
    return answers;
  }

  /**
   * Credits at most `limit` acknowledged batches to the shots, levels and counts, and marks them folded,
   * in one transaction (fold_shot_batches, migrations 0050 and 0061). Answers how many it folded. Folds
   * run side by side, each on batches of its own: with `wait` false the batches another fold holds are
   * left to it; with `wait` true they are waited for (and found folded).
   */
  async foldShots(limit: number, wait: boolean): Promise<number> {
    const [row] = await this.rows<{ folded: number }>(
      sql`select fold_shot_batches(${limit}::integer, ${wait}::boolean) as folded`,
    );
    return Number(row?.folded ?? 0);
  }

  /** The fragrance ids among `ids` that exist. */
  async existingFragrances(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.rows<{ id: number }>(
      sql`select id from fragrances where id = any(${arrayLiteral(ids)}::integer[])`,
    );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * A heartbeat: the device seen, its firmware, and its capsules as reported. Locks, in the order the
   * batches take them: the device's state row first (its own batches wait), then every capsule
   * involved (this device's and the reported ones, wherever they are) by id. Slots are cleared before
   * they are set, so the unique (device, slot) never sees two capsules in one slot. A capsule in
   * another device whose last heartbeat (which reported it, or it would have been taken out) is within
   * `holdMinutes` is held there: it is neither moved nor answered, and this slot stays empty.
   */
  async heartbeat(
    deviceId: number,
    firmwareVersion: string,
    reported: readonly ReportedCapsule[],
    holdMinutes: number,
  ): Promise<{ slot: number; serialNumber: string; remainingShots: number }[]> {
    return this.db.transaction(async (tx) => {
      // An update first: a device has its state row from its first request on, and an upsert would
      // fire the row's owner trigger (migration 0057) on the insert it proposes even when it updates.
      const seen = await this.rows<{ deviceId: number }>(
        sql`update device_states set last_seen_at = now(), last_heartbeat_at = now(),
              firmware_version = ${firmwareVersion}
            where device_id = ${deviceId} returning device_id as "deviceId"`,
        tx,
      );
      if (seen.length === 0)
        await tx.execute(sql`
          insert into device_states (device_id, last_seen_at, last_heartbeat_at, firmware_version)
          values (${deviceId}, now(), now(), ${firmwareVersion})
          on conflict (device_id) do update set last_seen_at = now(), last_heartbeat_at = now(),
            firmware_version = excluded.firmware_version`);
      const serials = reported.map((capsule) => capsule.serialNumber);
      const known = await this.rows<{
        id: number;
        serialNumber: string;
        deviceId: number | null;
        slot: number | null;
        isHeldElsewhere: boolean;
      }>(
        sql`select c.id, c.serial_number as "serialNumber", c.device_id as "deviceId", c.slot,
              coalesce(c.device_id <> ${deviceId}
                and s.last_heartbeat_at > now() - make_interval(mins => ${holdMinutes}), false) as "isHeldElsewhere"
            from capsules c left join device_states s on s.device_id = c.device_id
            where c.device_id = ${deviceId} or c.serial_number = any(${arrayLiteral(serials)}::text[])
            order by c.id for update of c`,
        tx,
      );
      const bySerial = new Map(known.map((capsule) => [capsule.serialNumber, capsule]));
      const reportedSerials = new Set(serials);
      const removed = known.filter((capsule) => !reportedSerials.has(capsule.serialNumber));
      const moved = reported.flatMap((capsule) => {
        const current = bySerial.get(capsule.serialNumber);
        return current &&
          !current.isHeldElsewhere &&
          (current.deviceId !== deviceId || current.slot !== capsule.slot)
          ? [{ id: current.id, slot: capsule.slot }]
          : [];
      });
      const cleared = [...removed.map((capsule) => capsule.id), ...moved.map((capsule) => capsule.id)];
      if (cleared.length > 0) {
        await tx.execute(sql`
          update capsules set device_id = null, slot = null, updated_at = now(),
            deleted_at = case when id = any(${arrayLiteral(removed.map((capsule) => capsule.id))}::integer[])
              then now() else deleted_at end
          where id = any(${arrayLiteral(cleared)}::integer[])`);
      }
      for (const capsule of moved) {
        // Keeps the server's level (capsule_levels): it is counted here, not taken from the device.
        await tx.execute(sql`
          update capsules set device_id = ${deviceId}, slot = ${capsule.slot}, deleted_at = null, updated_at = now()
          where id = ${capsule.id}`);
      }
      const added = reported.filter((capsule) => !bySerial.has(capsule.serialNumber));
      for (const capsule of added) {
        // A serial another heartbeat inserted meanwhile is left to it; the next heartbeat places it.
        // The level starts at the device's count, in the same statement as the capsule.
        await tx.execute(sql`
          with inserted as (
            insert into capsules (serial_number, fragrance_id, size_shots, device_id, slot, due_date)
            values (${capsule.serialNumber}, ${capsule.fragranceId}, ${capsule.sizeShots},
              ${deviceId}, ${capsule.slot}, ${capsule.dueDate})
            on conflict (serial_number) do nothing
            returning id
          )
          insert into capsule_levels (capsule_id, remaining_shots)
          select id, ${capsule.remainingShots} from inserted`);
      }
      return this.rows<{ slot: number; serialNumber: string; remainingShots: number }>(
        sql`select c.slot, c.serial_number as "serialNumber", l.remaining_shots as "remainingShots"
            from capsules c join capsule_levels l on l.capsule_id = c.id
            where c.device_id = ${deviceId} order by c.slot`,
        tx,
      );
    });
  }

  /**
   * Records that the device received this campaign version; the first time, the campaign's
   * `downloads` goes up by one. That update must not touch `updated_at` (it is the version the QR
   * code prints) nor write an audit event: a device fetching its configuration is nobody's change to
   * the campaign, and thousands of devices would bury its real history. The trail's own rule leaves
   * `downloads` out (migration 0032's audit_is_bookkeeping), so a change of it alone records nothing.
   */
  /**
   * Several devices' first fetches of a configuration version, in one transaction (the group commit of
   * `download-recorder.ts`): each device's state row takes the version, each download is inserted once,
   * and each campaign's `downloads` grows by its new downloads in one update. The campaign rows are
   * locked first in id order, then the state rows in device-id order (as `writeSeenTimes` takes them),
   * so two groups, here or on another instance, cannot deadlock. A device named twice keeps the version
   * it was given last.
   */
  async recordDownloads(downloads: readonly DownloadToRecord[]): Promise<void> {
    if (downloads.length === 0) return;
    const devices = arrayLiteral(downloads.map((row) => row.deviceId));
    const campaigns = arrayLiteral(downloads.map((row) => row.campaignId));
    const updatedAts = arrayLiteral(downloads.map((row) => row.campaignUpdatedAt));
    const versions = arrayLiteral(downloads.map((row) => row.configVersion));
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from campaigns where id = any(${campaigns}::integer[])
        order by id for no key update`);
      await tx.execute(sql`
        with input as (
          select u.device_id, u.campaign_id, u.campaign_updated_at, u.config_version, u.n
          from unnest(${devices}::integer[], ${campaigns}::integer[], ${updatedAts}::timestamptz[],
            ${versions}::text[]) with ordinality as u(device_id, campaign_id, campaign_updated_at, config_version, n)
        ), states as (
          insert into device_states (device_id, last_seen_at, config_version)
          select distinct on (device_id) device_id, now(), config_version from input
          order by device_id, n desc
          on conflict (device_id) do update set last_seen_at = now(), config_version = excluded.config_version
        ), inserted as (
          insert into campaign_downloads (device_id, campaign_id, campaign_updated_at)
          select distinct device_id, campaign_id, campaign_updated_at from input
          on conflict do nothing returning campaign_id
        )
        update campaigns c set downloads = c.downloads + n.count
        from (select campaign_id, count(*)::integer as count from inserted group by campaign_id) n
        where c.id = n.campaign_id`);
    });
  }

  /**
   * Devices heard from by requests that changed nothing else, in one statement: their last-seen (and
   * last heartbeat) times, each `*AgoMs` before the database's `now()`, never moved back. The state
   * rows are locked first in device-id order, so two of these writes cannot deadlock. Since migration
   * 0051 shot batches queue their last-seen here too; they no longer take the state rows themselves.
   */
  async writeSeenTimes(rows: readonly SeenTimes[]): Promise<void> {
    if (rows.length === 0) return;
    const ids = arrayLiteral(rows.map((row) => row.deviceId));
    const seen = arrayLiteral(rows.map((row) => Math.round(row.seenAgoMs)));
    const heard = arrayLiteral(
      rows.map((row) => (row.heardAgoMs === null ? 'NULL' : Math.round(row.heardAgoMs))),
    );
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from device_states where device_id = any(${ids}::integer[])
        order by device_id for update`);
      await tx.execute(sql`
        update device_states s
        set last_seen_at = greatest(s.last_seen_at, v.seen_at), last_heartbeat_at = greatest(s.last_heartbeat_at, v.heard_at)
        from (select t.device_id, now() - make_interval(secs => t.seen_ms / 1000.0) as seen_at,
                now() - make_interval(secs => t.heard_ms / 1000.0) as heard_at
              from unnest(${ids}::integer[], ${seen}::integer[], ${heard}::integer[]) as t(device_id, seen_ms, heard_ms)) v
        where s.device_id = v.device_id
          and (s.last_seen_at is null or s.last_seen_at < v.seen_at
            or (v.heard_at is not null and (s.last_heartbeat_at is null or s.last_heartbeat_at < v.heard_at)))`);
    });
  }
}
