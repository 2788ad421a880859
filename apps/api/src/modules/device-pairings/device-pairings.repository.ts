import type { PairedDevice } from '@scentia/shared/device-api.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

type Rows<T> = { rows: T[] };

export type PairingTarget = {
  id: number;
  isRetired: boolean;
  secretCiphertext: string | null;
  userId: number | null;
};

const PAIRED_DEVICE = sql`
  select d.id as "deviceId", d.mac_address as "macAddress",
    json_build_object('campaignId', c.id, 'name', c.name) as campaign,
    json_build_object('name', l.name) as location,
    to_char(d.paired_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "pairedAt"
  from devices d join campaigns c on c.id = d.campaign_id join locations l on l.id = d.location_id`;

/** Pairing writes the device's record (its linked user), so it goes through the audited handle. */
export class DevicePairingsRepository {
  constructor(private readonly db: Database) {}

  private async rows<T>(query: SQL, db: Pick<Database, 'execute'> = this.db): Promise<T[]> {
    return ((await db.execute(query)) as unknown as Rows<T>).rows;
  }

  async findByMac(macAddress: string): Promise<PairingTarget | undefined> {
    const [device] = await this.rows<PairingTarget>(sql`
      select id, deleted_at is not null as "isRetired", secret_ciphertext as "secretCiphertext", user_id as "userId"
      from devices where mac_address = ${macAddress}`);
    return device;
  }

  /**
   * Links the user to the device unless another user is linked: the row is locked, so two people
   * pairing at once get one link and one refusal. A code of the last accepted step, or of an older one,
   * links nobody (`isCodeUsed`): each code pairs once (RFC 6238 §5.2), even after an unpairing. Linking
   * again the user already linked grants nothing new, so it answers the link whatever the step.
   * Answers who is linked after the call.
   */
  async link(
    deviceId: number,
    userId: number,
    step: number,
  ): Promise<{ linkedUserId: number | null; isNew: boolean; isCodeUsed: boolean }> {
    return this.db.transaction(async (tx) => {
      const [device] = await this.rows<{
        userId: number | null;
        isRetired: boolean;
        pairingStep: number | null;
      }>(
        sql`select user_id as "userId", deleted_at is not null as "isRetired", pairing_step as "pairingStep"
            from devices where id = ${deviceId} for update`,
        tx,
      );
      if (!device || device.isRetired) return { linkedUserId: null, isNew: false, isCodeUsed: false };
      if (device.userId !== null) return { linkedUserId: device.userId, isNew: false, isCodeUsed: false };
      if (device.pairingStep !== null && step <= device.pairingStep) {
        return { linkedUserId: null, isNew: false, isCodeUsed: true };
      }
      await tx.execute(
        sql`update devices set user_id = ${userId}, paired_at = now(), pairing_step = ${step}, updated_at = now()
            where id = ${deviceId}`,
      );
      return { linkedUserId: userId, isNew: true, isCodeUsed: false };
    });
  }

  async pairedDevice(deviceId: number): Promise<PairedDevice | undefined> {
    const [device] = await this.rows<PairedDevice>(sql`${PAIRED_DEVICE} where d.id = ${deviceId}`);
    return device;
  }

  async pairedDevices(userId: number): Promise<PairedDevice[]> {
    return this.rows<PairedDevice>(
      sql`${PAIRED_DEVICE} where d.user_id = ${userId} and d.deleted_at is null order by d.paired_at desc, d.id`,
    );
  }

  /** Unlinks the user from the device; false when they were not linked to it. */
  async unlink(deviceId: number, userId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await this.rows<{ id: number }>(
        sql`update devices set user_id = null, paired_at = null, updated_at = now()
            where id = ${deviceId} and user_id = ${userId} returning id`,
        tx,
      );
      return updated.length > 0;
    });
  }
}
