import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DeviceMemory } from './simulated-device.ts';

/**
 * What the simulated devices remember between runs, by MAC address: the credential each received at
 * provisioning (given once: lost, the device cannot call again until staff allow a new provisioning),
 * its next batch sequence and how many capsules it was given. Kept in DATA_DIR/simulator/, readable by
 * the owner only; the demo data writes the devices it provisions there too.
 */
export type SimulatorMemory = { devices: Record<string, DeviceMemory> };

const fileOf = (dataDir: string) => join(dataDir, 'simulator', 'credentials.json');

export async function readMemory(dataDir: string): Promise<SimulatorMemory> {
  try {
    const parsed = JSON.parse(await readFile(fileOf(dataDir), 'utf8')) as Partial<SimulatorMemory>;
    return { devices: parsed.devices ?? {} };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { devices: {} };
    throw error;
  }
}

/** Written whole to a temporary file, then renamed: a run stopped halfway never leaves half a file. */
export async function writeMemory(dataDir: string, memory: SimulatorMemory): Promise<void> {
  await mkdir(join(dataDir, 'simulator'), { recursive: true, mode: 0o700 });
  const path = fileOf(dataDir);
  await writeFile(`${path}.tmp`, `${JSON.stringify(memory, null, 2)}\n`, { mode: 0o600 });
  await rename(`${path}.tmp`, path);
}
