import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { seedProfiles } from '../src/db/seed.ts';
import { onServer } from './on-server.ts';

/**
 * The suite's one migrated and seeded database, which every test file's database is a copy of
 * (test/test-app.ts): a template database on the PostgreSQL server of TEST_DATABASE_URL, or PGlite's
 * data folder as a tar file. Migrating once instead of in each of a hundred files is most of the
 * suite's set-up time; a test file still gets a database of its own.
 */
export type DatabaseTemplate = { kind: 'postgres'; name: string } | { kind: 'pglite'; file: string };

declare module 'vitest' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: only an interface can be augmented.
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

async function postgresTemplate(serverUrl: string) {
  const name = `scentia_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 1 });
  try {
    await database.migrate();
    await seedProfiles(database.db);
  } finally {
    // No connection may stay open on a template database: copying it would be refused.
    await database.close();
  }
  return {
    template: { kind: 'postgres', name } as const,
    remove: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function pgliteTemplate() {
  const folder = mkdtempSync(join(tmpdir(), 'scentia-template-'));
  const file = join(folder, 'pglite.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    await seedProfiles(database.db);
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('PGlite cannot dump its data folder');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return {
    template: { kind: 'pglite', file } as const,
    remove: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const { template, remove } = serverUrl ? await postgresTemplate(serverUrl) : await pgliteTemplate();
  project.provide('databaseTemplate', template);
  return remove;
}
