import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

const SETTING_KEY = 'device_provisioning_key';
/** Where the local tools (`npm run simulate`) read a generated key. */
const PROVISIONING_KEY_FILE = 'device-provisioning-key';

/**
 * The key devices present to provision themselves: DEVICE_PROVISIONING_KEY when configured; otherwise
 * one generated once and kept in the database, so every instance on it agrees, and written (0600) to
 * the data folder so the simulator on the same machine finds it without being told.
 */
export async function resolveProvisioningKey(options: {
  db: Database;
  configured: string | undefined;
  dataDir: string;
}): Promise<string> {
  if (options.configured) return options.configured;
  await options.db
    .insert(settings)
    .values({ key: SETTING_KEY, value: randomBytes(24).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await options.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SETTING_KEY));
  if (!row) throw new Error('The device provisioning key could not be stored');
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(join(options.dataDir, PROVISIONING_KEY_FILE), `${row.value}\n`, { mode: 0o600 });
  return row.value;
}
