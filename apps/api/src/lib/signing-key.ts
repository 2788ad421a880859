import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';

const SETTING_KEY = 'jwt_signing_key';

/**
 * The key that signs access tokens: JWT_SECRET when configured; otherwise one generated once and kept
 * in the database, so restarts keep sessions and every instance on the same database agrees.
 */
export async function resolveSigningKey(db: Database, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(settings)
    .values({ key: SETTING_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SETTING_KEY));
  if (!row) throw new Error('The token signing key could not be stored');
  return new TextEncoder().encode(row.value);
}
