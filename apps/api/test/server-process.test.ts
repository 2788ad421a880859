import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Runs the real entry point (through tsx) as a separate process, the way `npm start` does.
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let output = '';
  const child = spawn(tsx, [serverEntry], {
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(condition: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('server process', () => {
  it('stops at start with a one-line reason when a setting is wrong', async () => {
    const server = start({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(join(tmpdir(), 'scentia-')) });
    expect(await server.exited).toBe(1);
    expect(server.output().trim().split('\n')).toEqual([
      expect.stringMatching(/^Invalid configuration: PORT/),
    ]);
  });

  it('creates DATA_DIR, prints the generated admin password once, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'scentia-')), 'nested', 'data');
    const server = start({ PORT: '0', DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    await waitFor(() => server.output().includes('Scentia is ready'));
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    const lines = server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const adminLine = lines.find((line) => line.initialPassword);
    expect(adminLine).toMatchObject({
      email: 'admin@scentia.local',
      initialPassword: expect.stringMatching(/^\S{8,}$/),
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Shutting down');
  }, 60_000);

  it('names a configured administrator by id in the log, never by address', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'scentia-')), 'data');
    const server = start({
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'operations.lead@example.test',
      ADMIN_PASSWORD: 'Ops#2026',
    });
    await waitFor(() => server.output().includes('Scentia is ready'));
    const adminLine = server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .find((line) => String(line.msg).startsWith('Administrator created'));
    expect(adminLine).toMatchObject({ userId: expect.any(Number) });
    expect(server.output()).not.toContain('operations.lead');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it("names PostgreSQL's reason when start-up fails, never the failed query's parameters", async () => {
    // An address the configuration takes but the column cannot hold: the administrator's insert fails.
    const email = `${'a'.repeat(60)}@${['b', 'c', 'd'].map((letter) => letter.repeat(60)).join('.')}.test`;
    const server = start({
      PORT: '0',
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'scentia-')), 'data'),
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: 'Ops#2026',
    });
    expect(await server.exited).toBe(1);
    const lastLine = server.output().trim().split('\n').at(-1);
    expect(lastLine).toMatch(/^Scentia could not start: value too long .* \(PostgreSQL 22001\)$/);
    expect(server.output()).not.toContain('a'.repeat(60));
    expect(server.output()).not.toContain('$argon2');
  }, 60_000);
});
