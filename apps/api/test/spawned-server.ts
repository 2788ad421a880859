import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { onServer } from './on-server.ts';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const START_TIMEOUT_MS = 120_000;

export type SpawnedServer = { child: ChildProcess; exited: Promise<void>; output: () => string };
// Every server started, so that a failed test still stops them.
const started: ChildProcess[] = [];

/** Kills every server `startServer` started that is still running. */
export function killStartedServers() {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs the real entry point on 127.0.0.1:`env.PORT` and answers once its health check does. */
export async function startServer(env: Record<string, string>): Promise<SpawnedServer> {
  let output = '';
  // Node itself with tsx's loader, not the tsx command: that one runs the server in a child process of
  // its own, which a SIGKILL sent to the command would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, ...env },
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  started.push(child);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const health = await fetch(`http://127.0.0.1:${env.PORT}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`Server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, exited, output: () => output };
}

/**
 * A database for a spawned server, copied from the suite's migrated template (test/global-setup.ts), so
 * the server does not migrate one from nothing as it starts: a database of its own on the PostgreSQL
 * server of TEST_DATABASE_URL, or else PGlite in `dataDir` (the server's DATA_DIR). Answers the server's
 * DATABASE_URL and how to drop the database afterwards.
 */
export async function copyOfTemplate(
  dataDir: string,
): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('databaseTemplate');
  if (serverUrl && template?.kind === 'postgres') {
    const name = `scentia_spawned_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${name} template ${template.name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      databaseUrl: url.toString(),
      drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
    };
  }
  if (template?.kind === 'pglite') {
    const copy = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(template.file)]) });
    await copy.close();
  }
  return { databaseUrl: '', drop: async () => {} };
}
