import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { crashDrivers, crashServerEnv } from './crash-databases.ts';
import { freePort, killStartedServers, startServer } from './spawned-server.ts';

/*
 * Issue 41, "SIGKILL loses nothing acknowledged", with the fold (migration 0050): a real server
 * acknowledges shot batches, is killed with SIGKILL before it folds them, and is started again. Every
 * acknowledged batch is counted once by the next fold: raw shots, levels, capsule days and the
 * dashboard's hourly counts all exact; a batch sent again after the restart is known.
 */
const ADMIN = { email: 'fold-crash@scentia.test', password: 'Crash#1234' };
const BATCHES = 30;
const LEVEL = 50_000;
/** No fold on a timer during the test: the server folds once as it starts, then only when stopped. */
const NO_TIMED_FOLD = '3600000';

afterEach(killStartedServers);

type Row = Record<string, number>;

async function read(handle: DatabaseHandle, statement: ReturnType<typeof sql>): Promise<Row> {
  return ((await handle.db.execute(statement)) as unknown as { rows: Row[] }).rows[0] as Row;
}

/** A device with capsules in slots 1 and 2, written straight into the database: its credential. */
async function seedDevice(handle: DatabaseHandle): Promise<{ credential: string; deviceId: number }> {
  const credential = `dvc_${randomBytes(32).toString('base64url')}`;
  const hash = createHash('sha256').update(credential).digest('hex');
  const organization = await read(
    handle,
    sql`
    insert into organizations (name, legal_name, cnpj, contact_name, contact_email, phone)
    values ('Rede Queda', 'Rede Queda Ltda', '80000000000191', 'Renata Souza', 'renata@rede.test', '11987654321')
    returning id`,
  );
  const location = await read(
    handle,
    sql`
    insert into locations (organization_id, name) values (${organization.id}, 'Loja Queda') returning id`,
  );
  const category = await read(handle, sql`insert into categories (name) values ('Queda') returning id`);
  const campaign = await read(handle, sql`insert into campaigns (name) values ('Queda') returning id`);
  const device = await read(
    handle,
    sql`
    insert into devices (mac_address, location_id, organization_id, campaign_id, credential_hash, provisioned_at)
    values ('02AB00C0FFEE', ${location.id}, ${organization.id}, ${campaign.id}, ${hash}, now()) returning id`,
  );
  for (const slot of [1, 2]) {
    const fragrance = await read(
      handle,
      sql`
      insert into fragrances (name, olfactory_way, category_id) values (${`Queda ${slot}`}, 'Cítrico', ${category.id})
      returning id`,
    );
    await handle.db.execute(sql`
      with capsule as (
        insert into capsules (serial_number, fragrance_id, size_shots, device_id, slot)
        values (${`FOLD-${slot}`}, ${fragrance.id}, ${LEVEL}, ${device.id}, ${slot}) returning id
      )
      insert into capsule_levels (capsule_id, remaining_shots) select id, ${LEVEL} from capsule`);
  }
  return { credential, deviceId: Number(device.id) };
}

const batchOf = (sequence: number) => {
  const at = new Date(Date.now() - (sequence % 5) * 3_600_000).toISOString();
  return [
    { at, slot: 1, count: 1 + (sequence % 4) },
    { at, slot: 2, count: 2 + (sequence % 3) },
  ];
};

for (const driver of crashDrivers) {
  describe.skipIf(driver.skip)(
    `acknowledged shot batches when the server is killed before the fold (${driver.name}${driver.skip ? `: ${driver.skip}` : ''})`,
    () => {
      it('counts every acknowledged batch exactly once after the restart', async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'scentia-fold-crash-'));
        const database = await driver.open(dataDir);
        const seeding = await database.open();
        const { credential, deviceId } = await seedDevice(seeding).finally(() => seeding.close());
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const env = {
          ...crashServerEnv(database, dataDir, port, ADMIN),
          SHOT_FOLD_INTERVAL_MS: NO_TIMED_FOLD,
        };
        const send = (sequence: number) =>
          fetch(`${base}/api/device/shots`, {
            method: 'POST',
            headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
            body: JSON.stringify({ sequence, shots: batchOf(sequence) }),
          });

        let server = await startServer(env);
        let expected = 0;
        const answers = await Promise.all(
          Array.from({ length: BATCHES }, (_, index) => send(index + 1).then((response) => response.json())),
        );
        for (const [index, answer] of answers.entries()) {
          expect(answer).toMatchObject({ sequence: index + 1, isNew: true });
          expected += batchOf(index + 1).reduce((sum, shot) => sum + shot.count, 0);
        }
        server.child.kill('SIGKILL');
        await server.exited;

        const counts = async () => {
          const handle = await database.open();
          try {
            return await read(
              handle,
              sql`
              select (select count(*) from shot_batches where device_id = ${deviceId})::int as batches,
                (select count(*) from shot_batches where device_id = ${deviceId} and ats is not null)::int as unfolded,
                (select coalesce(sum(count), 0) from shots where device_id = ${deviceId})::int as raw,
                (select coalesce(sum(shots), 0) from shot_counts_hourly h
                  join devices d on d.location_id = h.location_id where d.id = ${deviceId})::int as hourly,
                (select coalesce(sum(d.shots), 0) from capsule_shot_days d join capsules c on c.id = d.capsule_id
                  where c.device_id = ${deviceId})::int as days,
                (select sum(${LEVEL} - l.remaining_shots) from capsule_levels l join capsules c on c.id = l.capsule_id
                  where c.device_id = ${deviceId})::int as lowered`,
            );
          } finally {
            await handle.close();
          }
        };
        // Every batch acknowledged is stored, none folded yet: the kill came before the fold.
        expect(await counts()).toEqual({
          batches: BATCHES,
          unfolded: BATCHES,
          raw: 0,
          hourly: 0,
          days: 0,
          lowered: 0,
        });

        // Started again: its first fold counts them; a batch sent again is known, and counted once.
        server = await startServer(env);
        const replay = await send(3);
        expect(await replay.json()).toMatchObject({ sequence: 3, isNew: false, shots: 0 });
        server.child.kill('SIGTERM');
        await server.exited;
        expect(await counts()).toEqual({
          batches: BATCHES,
          unfolded: 0,
          raw: expected,
          hourly: expected,
          days: expected,
          lowered: expected,
        });
        await database.drop();
      }, 300_000);
    },
  );
}
