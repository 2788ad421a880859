// Finds the Chromium the end-to-end journeys drive: Debian's headless shell (the old headless mode,
// without the full browser's window machinery: the journeys' phase 19 % shorter, a third less CPU,
// docs/decisions/test-suite.md), or else a full Chromium. On a new machine without either, `npm test`
// installs the headless shell where it can do so without asking (as root, or with sudo that needs no password), as
// .ci/run does; otherwise the suite stops before its build with the one command to run, rather than
// after every other suite with the journeys missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const INSTALL = ['apt-get', 'install', '-y', '-qq', 'chromium-headless-shell'];
const INSTRUCTION =
  'install it with: sudo apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH to a Chromium)';

/** The machine as chromiumForTests sees it; tests pass their own. */
const machine = {
  candidates: () => [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ],
  exists: existsSync,
  isRoot: () => process.getuid?.() === 0,
  /** Whether the command succeeds, its output hidden (a probe). */
  succeeds: (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0,
  /** Runs the command with its output shown; whether it succeeded. */
  run: (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status === 0,
  log: (line) => console.log(line),
};

/** @returns {{ path: string } | { reason: string }} */
export function chromiumForTests(system = machine) {
  const find = () => system.candidates().find((path) => path && system.exists(path));
  const found = find();
  if (found) return { path: found };
  if (!system.succeeds('apt-get', ['--version'])) return { reason: `Chromium is missing: ${INSTRUCTION}` };
  const prefix = system.isRoot() ? [] : system.succeeds('sudo', ['-n', 'true']) ? ['sudo', '-n'] : undefined;
  if (!prefix) return { reason: `Chromium is missing: ${INSTRUCTION}` };

  system.log(`Chromium is missing: installing it (${[...prefix, ...INSTALL].join(' ')})`);
  const apt = (args) => {
    const [command, ...rest] = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
    return system.run(command, rest);
  };
  const isInstalled = apt(['update', '-qq']) && apt(INSTALL.slice(1));
  const installed = isInstalled ? find() : undefined;
  return installed ? { path: installed } : { reason: `Chromium could not be installed: ${INSTRUCTION}` };
}
