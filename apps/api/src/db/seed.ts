import { randomBytes } from 'node:crypto';
import { PROFILE_ADMIN, PROFILE_USER } from '@scentia/shared/constants';
import { PROFILE_CLIENT } from '@scentia/shared/members.rules';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../lib/passwords.ts';
import type { Database, DatabaseHandle } from './client.ts';
import { profiles, users } from './schema/index.ts';

/** OPERADOR is a staff profile that is neither ADMIN nor USER, so non-admin rules can be exercised. */
export const PROFILE_OPERATOR = 'OPERADOR';

/** Creates the base profiles when missing; safe to run at every start. */
export async function seedProfiles(db: Database): Promise<void> {
  await db.insert(profiles).values({ name: PROFILE_ADMIN }).onConflictDoNothing();
  const [admin] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`upper(${profiles.name}) = ${PROFILE_ADMIN}`);
  if (!admin) throw new Error('The ADMIN profile could not be created');
  await db
    .insert(profiles)
    .values([
      { name: PROFILE_OPERATOR, masterProfileId: admin.id },
      { name: PROFILE_USER, masterProfileId: admin.id },
      { name: PROFILE_CLIENT, masterProfileId: admin.id },
    ])
    .onConflictDoNothing();
}

export type AdminSeedOptions = { email?: string; password?: string };

/**
 * The rows every start-up makes sure of, written under the migrations' lock: instances starting
 * together on an empty database would otherwise each find no administrator and each insert one, and
 * all but one would stop on the unique address.
 */
export function seedAtStartUp(database: DatabaseHandle, admin: AdminSeedOptions, log: FastifyBaseLogger) {
  return database.whileMigrationsLocked(async () => {
    await seedProfiles(database.db);
    await ensureAdmin(database.db, admin, log);
  });
}

/**
 * Guarantees that an active administrator exists. Without configured credentials it creates
 * admin@scentia.local with a random password that is printed once, in this log line only.
 */
export async function ensureAdmin(
  db: Database,
  options: AdminSeedOptions,
  log: FastifyBaseLogger,
): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(users.profileId, profiles.id))
    .where(sql`upper(${profiles.name}) = ${PROFILE_ADMIN} and ${users.deletedAt} is null`)
    .limit(1);
  if (existing) return;

  const email = options.email ?? 'admin@scentia.local';
  const password = options.password ?? randomBytes(9).toString('base64url');
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (taken) {
    log.warn(
      { userId: taken.id },
      'No active administrator exists and the admin e-mail belongs to another account; none created',
    );
    return;
  }
  const [adminProfile] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`upper(${profiles.name}) = ${PROFILE_ADMIN}`);
  if (!adminProfile) throw new Error('The ADMIN profile is missing; run seedProfiles first');
  const [admin] = await db
    .insert(users)
    .values({
      name: 'Administrador',
      email,
      passwordHash: await hashPassword(password),
      profileId: adminProfile.id,
      confirmedAt: new Date(),
    })
    .returning({ id: users.id });
  // The log holds ids, not addresses: a configured ADMIN_EMAIL is the operator's to know. Only the
  // built-in address is named, beside the random password it must be signed in with.
  const userId = admin?.id;
  if (options.password) {
    log.info({ userId }, 'Administrator created from ADMIN_EMAIL / ADMIN_PASSWORD');
  } else {
    log.warn(
      { userId, ...(options.email ? {} : { email }), initialPassword: password },
      'Administrator created with a random password: sign in and change it; it is not shown again',
    );
  }
}
