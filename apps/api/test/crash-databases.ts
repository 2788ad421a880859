import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { copyOfTemplate } from './spawned-server.ts';

/**
 * The databases a crash test kills a real server over, each a copy of the suite's migrated template: a
 * database of its own on the PostgreSQL server when TEST_DATABASE_URL is set (the PostgreSQL suite),
 * PGlite in the server's data folder otherwise (the PGlite suite). `open` reads it once the server is dead.
 */
export type CrashDatabase = {
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
};

const serverUrl = process.env.TEST_DATABASE_URL;

async function copyForCrash(dataDir: string): Promise<CrashDatabase> {
  const { databaseUrl, drop } = await copyOfTemplate(dataDir);
  return {
    env: { DATABASE_URL: databaseUrl },
    open: () =>
      databaseUrl ? openDatabase({ databaseUrl, dataDir: '', poolSize: 2 }) : openDatabase({ dataDir }),
    drop,
  };
}

export const crashDrivers: { name: string; skip: string | false; open: typeof copyForCrash }[] = [
  {
    name: 'PostgreSQL',
    skip: serverUrl ? false : 'set TEST_DATABASE_URL to a PostgreSQL server to run it',
    open: copyForCrash,
  },
  {
    // PGlite writes through to the operating system at each commit (with fsync off), so a killed
    // process loses nothing committed; an operating-system crash could (see docs/decisions/catalog.md).
    name: 'PGlite',
    skip: serverUrl ? 'the PGlite suite runs it (TEST_DATABASE_URL is set)' : false,
    open: copyForCrash,
  },
];

/** The environment of a server killed over `database`: its data folder, port and first administrator. */
export function crashServerEnv(
  database: CrashDatabase,
  dataDir: string,
  port: number,
  admin: { email: string; password: string },
): Record<string, string> {
  return {
    ...database.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'crash-test-secret-that-is-long-enough!',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
}

/** Signs the crash test's administrator in on the server at `base`: the Authorization header's value. */
export async function signInAdmin(base: string, admin: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  return `Bearer ${((await login.json()) as { token: string }).token}`;
}
