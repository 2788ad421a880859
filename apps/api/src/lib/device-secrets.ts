import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Encrypts the devices' reset-code secrets at rest (AES-256-GCM). The key is DEVICE_SECRET_KEY when
 * configured, else one generated once into the data folder: never the database, so a dump of it alone
 * reveals no secret. Instances sharing a database must share the key (configure it).
 */
export type DeviceSecretBox = {
  seal: (secret: Uint8Array) => string;
  open: (sealed: string) => Buffer;
};

const VERSION = 'v1';
const KEY_FILE = 'device-secret-key';

/** Reads the key file, or creates it once (`wx`: when two processes race, the second reads the first's). */
async function keyFromDataDir(dataDir: string): Promise<string> {
  const path = join(dataDir, KEY_FILE);
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(path, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(path, 'utf8')).trim();
}

export async function createDeviceSecretBox(options: {
  configuredKey: string | undefined;
  dataDir: string;
}): Promise<DeviceSecretBox> {
  const keyText = options.configuredKey ?? (await keyFromDataDir(options.dataDir));
  const key = createHash('sha256').update(keyText).digest();
  return {
    seal: (secret) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(secret), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || !data) throw new Error('Unreadable device secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
    },
  };
}
