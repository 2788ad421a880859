import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeviceSecretBox } from './device-secrets.ts';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe('createDeviceSecretBox', () => {
  it('opens what it sealed, and a box with another key cannot', async () => {
    const box = await createDeviceSecretBox({ configuredKey: 'k'.repeat(32), dataDir: '/nonexistent' });
    const secret = Buffer.from('12345678901234567890');
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret.toString('base64url'));
    expect(box.open(sealed)).toEqual(secret);
    const other = await createDeviceSecretBox({ configuredKey: 'x'.repeat(32), dataDir: '/nonexistent' });
    expect(() => other.open(sealed)).toThrow();
  });

  it('generates a key file once in the data folder and reuses it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'device-secrets-'));
    folders.push(folder);
    const [first, second] = await Promise.all([
      createDeviceSecretBox({ configuredKey: undefined, dataDir: join(folder, 'data') }),
      createDeviceSecretBox({ configuredKey: undefined, dataDir: join(folder, 'data') }),
    ]);
    const sealed = first.seal(Buffer.from('secret'));
    expect(second.open(sealed).toString()).toBe('secret');
    expect((await readFile(join(folder, 'data', 'device-secret-key'), 'utf8')).trim()).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );
  });
});
