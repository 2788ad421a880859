import { describe, expect, it } from 'vitest';

type Found = { path: string } | { reason: string };
type Machine = {
  candidates: () => (string | undefined)[];
  exists: (path: string) => boolean;
  isRoot: () => boolean;
  succeeds: (command: string, args: string[]) => boolean;
  run: (command: string, args: string[]) => boolean;
  log: (line: string) => void;
};

// `npm test`'s own script, outside the API's sources: imported by address so the type check leaves it be.
const { chromiumForTests } = (await import(
  new URL('../../../scripts/chromium-for-tests.mjs', import.meta.url).href
)) as { chromiumForTests: (machine: Machine) => Found };

/** A machine without Chromium whose apt-get puts the headless shell in /usr/bin; every command it ran. */
function newMachine(options: { isRoot: boolean; hasSudo?: boolean; hasApt?: boolean; isOnline?: boolean }) {
  const installed = new Set<string>();
  const commands: string[] = [];
  const machine: Machine = {
    candidates: () => [undefined, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'],
    exists: (path) => installed.has(path),
    isRoot: () => options.isRoot,
    succeeds: (command, args) =>
      command === 'apt-get'
        ? options.hasApt !== false
        : command === 'sudo' && args.join(' ') === '-n true' && !!options.hasSudo,
    run: (command, args) => {
      const line = [command, ...args].join(' ');
      commands.push(line);
      if (options.isOnline === false) return false;
      if (/apt-get install -y -qq chromium-headless-shell$/.test(line))
        installed.add('/usr/bin/chromium-headless-shell');
      return true;
    },
    log: () => {},
  };
  return { machine, commands };
}

describe('scripts/chromium-for-tests.mjs', () => {
  it('answers the Chromium found, installing nothing: the headless shell first, else a full Chromium', () => {
    const { machine, commands } = newMachine({ isRoot: true });
    machine.exists = (path) => path === '/usr/bin/chromium';
    expect(chromiumForTests(machine)).toEqual({ path: '/usr/bin/chromium' });
    machine.exists = (path) => path.startsWith('/usr/bin/chromium');
    expect(chromiumForTests(machine)).toEqual({ path: '/usr/bin/chromium-headless-shell' });
    expect(commands).toEqual([]);
  });

  it('installs Debian’s package as root, as .ci/run does', () => {
    const { machine, commands } = newMachine({ isRoot: true });
    expect(chromiumForTests(machine)).toEqual({ path: '/usr/bin/chromium-headless-shell' });
    expect(commands).toEqual([
      'env DEBIAN_FRONTEND=noninteractive apt-get update -qq',
      'env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell',
    ]);
  });

  it('installs it through sudo when sudo asks no password', () => {
    const { machine, commands } = newMachine({ isRoot: false, hasSudo: true });
    expect(chromiumForTests(machine)).toEqual({ path: '/usr/bin/chromium-headless-shell' });
    expect(commands.at(-1)).toBe(
      'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell',
    );
  });

  it('stops with the one command to run when it may not install, or the install fails', () => {
    for (const options of [
      { isRoot: false, hasSudo: false },
      { isRoot: true, hasApt: false },
      { isRoot: true, isOnline: false },
    ]) {
      const { machine } = newMachine(options);
      const answer = chromiumForTests(machine);
      expect(answer, JSON.stringify(options)).toEqual({
        reason: expect.stringContaining('sudo apt-get install -y chromium-headless-shell'),
      });
    }
    const { machine, commands } = newMachine({ isRoot: false, hasSudo: false });
    chromiumForTests(machine);
    expect(commands).toEqual([]);
  });
});
