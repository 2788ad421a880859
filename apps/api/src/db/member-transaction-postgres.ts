import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { RelationalSchemaConfig, TablesRelationalConfig } from 'drizzle-orm/relations';
import type pg from 'pg';
import type { Database } from './database-type.ts';
import { memberScopeStatement, type ScopedTransaction } from './member-transaction.ts';
import { withNamedStatements } from './named-statements.ts';

/** What a Drizzle database built over the pool holds and a transaction of ours needs (its internals). */
type DrizzleInternals = {
  dialect: PgDialect;
  _: RelationalSchemaConfig<TablesRelationalConfig>;
};

/**
 * A member's transaction on PostgreSQL in two round trips where Drizzle's takes three: `BEGIN` and the
 * scope's settings travel as one simple query, then the work, then `COMMIT` (docs/performance/
 * member-cost.md). A list's page and total are prepared by name and planned once (db/named-statements.ts). The work gets Drizzle's own transaction over the connection, so a nested
 * `transaction()` is a savepoint and `tx.rollback()` rolls back, as with `base.transaction`.
 *
 * A connection whose `ROLLBACK` fails may still be inside the member's transaction (its role, its
 * settings): it is closed rather than returned to the pool.
 */
export function scopedTransactionOnPool(pool: pg.Pool, base: Database): ScopedTransaction {
  const { dialect, _: schema } = base as unknown as DrizzleInternals;
  const relational = {
    schema: schema.schema,
    fullSchema: schema.fullSchema,
    tableNamesMap: schema.tableNamesMap,
  };
  return async (scope, work) => {
    // What runs `plannedOnce` is planned once per connection and shape (db/named-statements.ts): a
    // generic plan, as a member's plan does not depend on the member, whose scope the policies read
    // when the statement runs. It holds for unnamed statements with values too (PostgreSQL caches an
    // unnamed statement's plan as it does a named one's, only for one use): a statement whose plan
    // depends on its values sets `plan_cache_mode` back to `force_custom_plan` first, as the dashboard's do
    // (modules/dashboard/dashboard.repository.ts).
    const opening = `begin; set local plan_cache_mode = force_generic_plan; ${memberScopeStatement(scope)}`;
    const client = await pool.connect();
    let isBroken = false;
    try {
      await client.query(opening);
      const session = new NodePgSession(withNamedStatements(client), dialect, relational);
      const tx = new NodePgTransaction(dialect, session, relational) as unknown as Database;
      const result = await work(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {
        isBroken = true;
      });
      throw error;
    } finally {
      client.release(isBroken);
    }
  };
}
