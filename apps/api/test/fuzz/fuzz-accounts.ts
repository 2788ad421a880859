import { sql } from 'drizzle-orm';
import { hashToken } from '../../src/lib/token-hash.ts';
import { createDeviceFixture } from '../device-fixture.ts';
import type { TestContext } from '../test-app.ts';
import type { Role } from './openapi-operations.ts';

type SignedInRole = Exclude<Role, 'anonymous' | 'device'>;

type StaffRole = Exclude<SignedInRole, 'manager' | 'viewer'>;
const PROFILE_OF: Record<StaffRole, string> = { user: 'USER', operator: 'OPERADOR', admin: 'ADMIN' };

type Snapshot = { email: string; passwordHash: string | null; profileId: number };

/**
 * One account per role, kept usable while fuzzed writes run: a write may legitimately deactivate an
 * account, change its e-mail or profile, or end its sessions. After such a write the account is put
 * back as it was and signed in again, so no role silently stops being tested.
 */
export async function createFuzzAccounts(ctx: TestContext) {
  const roles: SignedInRole[] = ['user', 'operator', 'admin', 'manager', 'viewer'];
  /** The members' organisation: a fleet of its own, so their reads and writes meet rows of theirs. */
  const memberFleet = await createDeviceFixture(ctx, { locations: 2 });
  await memberFleet.createDevice({ isProvisioned: false });
  const accounts = new Map<SignedInRole, { id: number; email: string; password: string; token: string }>();
  const snapshots = new Map<SignedInRole, Snapshot>();
  let signIns = 0;

  async function signIn(role: SignedInRole): Promise<void> {
    const account = accounts.get(role);
    if (!account) throw new Error(`No account for ${role}`);
    signIns += 1;
    // Its own address, so the sign-in burst limit per IP never counts fuzzed calls.
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: `10.255.${Math.floor(signIns / 250) % 250}.${signIns % 250}`,
      payload: { email: account.email, password: account.password },
    });
    if (response.statusCode !== 200) {
      throw new Error(
        `The ${role} fuzz account cannot sign in again: ${response.statusCode} ${response.body}`,
      );
    }
    account.token = (response.json() as { token: string }).token;
  }

  async function readSnapshot(id: number): Promise<Snapshot | undefined> {
    const [row] = await ctx.query<Snapshot & { isUsable: boolean }>(
      sql`select email, password_hash as "passwordHash", profile_id as "profileId",
                 (deleted_at is null and confirmed_at is not null) as "isUsable"
          from users where id = ${id}`,
    );
    return row?.isUsable
      ? { email: row.email, passwordHash: row.passwordHash, profileId: row.profileId }
      : undefined;
  }

  async function createAccountFor(role: SignedInRole): Promise<void> {
    const created =
      role === 'manager' || role === 'viewer'
        ? await ctx.createMember({ role, organizationId: memberFleet.organizationId })
        : await ctx.createAccount({ profile: PROFILE_OF[role], name: `Fuzz ${PROFILE_OF[role]}` });
    accounts.set(role, { ...created, token: '' });
    snapshots.set(role, (await readSnapshot(created.id)) as Snapshot);
    await signIn(role);
  }

  /** An erased account stays erased (migration 0035 refuses to undo it): its role gets a new one. */
  async function isErased(id: number): Promise<boolean> {
    const [row] = await ctx.query<{ isErased: boolean }>(
      sql`select anonymized_at is not null as "isErased" from users where id = ${id}`,
    );
    return row?.isErased ?? false;
  }

  for (const role of roles) await createAccountFor(role);

  /**
   * The device role's credential: a device of its own fixture, provisioned through the API. A fuzzed
   * staff write may retire, reprovision or delete it; it is then replaced by a new one.
   */
  const provisionDevice = async () => {
    const fleet = await createDeviceFixture(ctx);
    const device = await fleet.createDevice();
    // A capsule in every slot, so fuzzed batches that are well formed reach the database.
    await fleet.call(device.credential, {
      method: 'POST',
      url: '/api/device/heartbeat',
      payload: {
        firmwareVersion: '1.0.0',
        capsules: Array.from({ length: 20 }, (_, index) => ({
          slot: index + 1,
          serialNumber: `FUZZ-${device.id}-${index + 1}`,
          fragranceId: fleet.fragranceIds[index % fleet.fragranceIds.length],
          sizeShots: 1_000_000,
          remainingShots: 1_000_000,
        })),
      },
    });
    return device.credential;
  };
  let deviceCredential = await provisionDevice();
  async function isDeviceUsable(): Promise<boolean> {
    const rows = await ctx.query(
      sql`select 1 from devices where credential_hash = ${hashToken(deviceCredential)} and deleted_at is null`,
    );
    return rows.length > 0;
  }

  return {
    roles,
    /** Their addresses, for the generators: sign-ins and searches that find someone. */
    emails: [...accounts.values()].map((account) => account.email),
    tokenOf(role: Role): string | undefined {
      if (role === 'device') return deviceCredential;
      return role === 'anonymous' ? undefined : accounts.get(role)?.token;
    },
    /** Puts back any account a write changed, and signs it in again; true when something was repaired. */
    async restore(): Promise<boolean> {
      let isRepaired = false;
      if (!(await isDeviceUsable())) {
        deviceCredential = await provisionDevice();
        isRepaired = true;
      }
      for (const role of roles) {
        const account = accounts.get(role);
        const expected = snapshots.get(role);
        if (!account || !expected) continue;
        const current = await readSnapshot(account.id);
        if (
          current &&
          current.email === expected.email &&
          current.passwordHash === expected.passwordHash &&
          current.profileId === expected.profileId
        ) {
          continue;
        }
        isRepaired = true;
        if (await isErased(account.id)) {
          await createAccountFor(role);
          continue;
        }
        await ctx.query(
          sql`update users set email = ${expected.email}, password_hash = ${expected.passwordHash},
                 profile_id = ${expected.profileId}, deleted_at = null,
                 confirmed_at = coalesce(confirmed_at, now())
              where id = ${account.id}`,
        );
        await signIn(role);
      }
      return isRepaired;
    },
    /** Signs a role in again after its session was ended (by a logout or a deactivation, say). */
    async renew(role: Role): Promise<void> {
      if (role === 'device') deviceCredential = await provisionDevice();
      else if (role !== 'anonymous') await signIn(role);
    },
  };
}
