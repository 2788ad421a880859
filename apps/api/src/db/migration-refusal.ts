import type pg from 'pg';

/**
 * A refused migration said in one line an operator can act on. The migrator's first statement,
 * `CREATE SCHEMA IF NOT EXISTS "drizzle"`, needs CREATE on the database even when the schema exists,
 * and a database a superuser created without `--owner` (a restore, typically) does not give it to the
 * owner role: PostgreSQL's own message names the database but not the fix. Any other error, or a
 * refusal while the role may create, is returned as it came.
 */
export async function explainMigrationRefusal(client: pg.PoolClient, error: unknown): Promise<unknown> {
  const cause = (error as { cause?: unknown }).cause ?? error;
  if ((cause as { code?: string }).code !== '42501') return error;
  const where = await client
    .query<{ role: string; database: string; mayCreate: boolean }>(
      `select quote_ident(current_user) as role, quote_ident(current_database()) as database,
         has_database_privilege(current_database(), 'CREATE') as "mayCreate"`,
    )
    .then(
      ({ rows }) => rows[0],
      () => undefined,
    );
  if (!where || where.mayCreate) return error;
  return new Error(
    `the role ${where.role} runs the migrations but may not create in the database ${where.database}; ` +
      `as a superuser: ALTER DATABASE ${where.database} OWNER TO ${where.role} ` +
      '(docs/deployment.md, "Backup and restore")',
    { cause: error },
  );
}
