import pg from 'pg';

/** Runs one statement on the PostgreSQL server at `serverUrl` (create or drop a database, a role), then disconnects. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
