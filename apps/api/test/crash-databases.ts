import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';

/**
 * The databases a crash test kills a real server over: a throwaway database on the PostgreSQL server
 * when TEST_DATABASE_URL is set (the PostgreSQL suite), PGlite's data folder otherwise (the PGlite
 * suite). `env` points the spawned server at it; `open` reads it once the server is dead.
 */
export type CrashDatabase = {
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
};

export type CrashDriver = {
  name: string;
  skip: string | false;
  open: (dataDir: string) => Promise<CrashDatabase>;
};

const serverUrl = process.env.TEST_DATABASE_URL;

async function createDatabase(url: string): Promise<CrashDatabase> {
  const name = `scentia_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: databaseUrl.toString() },
    open: () => openDatabase({ databaseUrl: databaseUrl.toString(), dataDir: '', poolSize: 2 }),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export const crashDrivers: CrashDriver[] = [
  {
    name: 'PostgreSQL',
    skip: serverUrl ? false : 'set TEST_DATABASE_URL to a PostgreSQL server to run it',
    open: async () => createDatabase(serverUrl ?? ''),
  },
  {
    // PGlite writes through to the operating system at each commit (with fsync off), so a killed
    // process loses nothing committed; an operating-system crash could (see docs/decisions/catalog.md).
    name: 'PGlite',
    skip: serverUrl ? 'the PGlite suite runs it (TEST_DATABASE_URL is set)' : false,
    open: async (dataDir) => ({
      env: { DATABASE_URL: '' },
      open: () => openDatabase({ dataDir }),
      drop: async () => {},
    }),
  },
];
