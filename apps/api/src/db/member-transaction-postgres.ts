import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { RelationalSchemaConfig, TablesRelationalConfig } from 'drizzle-orm/relations';
import pg from 'pg';
import type { Database } from './database-type.ts';
import { memberScopeStatements, type ScopedTransaction } from './member-transaction.ts';
import { isPlannedOnce, withNamedStatements } from './named-statements.ts';

/** What a Drizzle database built over the pool holds and a transaction of ours needs (its internals). */
type DrizzleInternals = {
  dialect: PgDialect;
  _: RelationalSchemaConfig<TablesRelationalConfig>;
};

/**
 * A member's transaction on PostgreSQL in at most two round trips more than its work, where Drizzle's
 * takes three: `BEGIN` and the scope's settings travel as one simple query, with the work's first
 * statement when that is a simple one, then the work, then `COMMIT` (docs/performance/member-cost.md). A list's page and total are prepared by name and planned once (db/named-statements.ts). The work gets Drizzle's own transaction over the connection, so a nested
 * `transaction()` is a savepoint and `tx.rollback()` rolls back, as with `base.transaction`.
 *
 * A connection whose `ROLLBACK` fails may still be inside the member's transaction (its role, its
 * settings): it is closed rather than returned to the pool. A read-only transaction (`options.readOnly`)
 * answers without waiting for its `COMMIT`: the request's last round trip leaves its path.
 */
export function scopedTransactionOnPool(pool: pg.Pool, base: Database): ScopedTransaction {
  const { dialect, _: schema } = base as unknown as DrizzleInternals;
  const relational = {
    schema: schema.schema,
    fullSchema: schema.fullSchema,
    tableNamesMap: schema.tableNamesMap,
  };
  return async (scope, work, options) => {
    // The transaction's plan mode follows its first statement. Inside `plannedOnce` (a list's page and
    // total without a search) it is generic: those statements are prepared by name and planned once per
    // connection and shape (db/named-statements.ts), as a member's plan does not depend on the member,
    // whose scope the policies read when the statement runs. Otherwise (a search, the dashboard) it stays
    // the connection's `force_custom_plan`: PostgreSQL applies the mode to unnamed statements with values
    // too, and a search's generic plan walks the whole trigram index for a two-letter word
    // (docs/performance/member-cost.md).
    const begin = options?.readOnly ? 'begin transaction read only' : 'begin';
    const openingOf = (isGeneric: boolean) => [
      begin,
      ...(isGeneric ? ['set local plan_cache_mode = force_generic_plan'] : []),
      ...memberScopeStatements(scope),
    ];
    const client = await pool.connect();
    const opened = openingWithFirstStatement(client, () => openingOf(isPlannedOnce()));
    let isBroken = false;
    let isReleasedLater = false;
    try {
      const session = new NodePgSession(withNamedStatements(opened.client), dialect, relational);
      const tx = new NodePgTransaction(dialect, session, relational) as unknown as Database;
      const result = await work(tx);
      if (opened.isSent() && options?.readOnly) {
        // A read-only transaction wrote nothing, so there is nothing its COMMIT could lose: the answer
        // leaves now, and the connection goes back to the pool when the COMMIT is back (closed if it
        // failed, as it may still be in the member's transaction). The COMMIT is sent once the answer
        // has been written (the next turn of the event loop): sent first, its write and PostgreSQL's work
        // on it came before the answer's on these cores (a member's chart 0.2 ms sooner at p50,
        // docs/performance/member-hourly-owner.md).
        isReleasedLater = true;
        setImmediate(() =>
          client.query('commit').then(
            () => client.release(),
            () => client.release(true),
          ),
        );
        return result;
      }
      if (opened.isSent()) await client.query('commit');
      return result;
    } catch (error) {
      if (opened.isSent())
        await client.query('rollback').catch(() => {
          isBroken = true;
        });
      throw error;
    } finally {
      if (!isReleasedLater) client.release(isBroken);
    }
  };
}

type QueryCall = (config: unknown, values?: unknown, callback?: unknown) => unknown;
type QueryConfig = { text?: unknown; name?: unknown; queryMode?: unknown; rows?: unknown; values?: unknown };

/** How a work's first statement can leave with the opening (see `openingWithFirstStatement`). */
function firstStatementKind(
  config: unknown,
  values: unknown,
  callback: unknown,
): 'simple' | 'valued' | 'alone' {
  const text = typeof config === 'string' ? config : (config as QueryConfig | null)?.text;
  const options: QueryConfig & { submit?: unknown } =
    typeof config === 'object' && config !== null ? (config as QueryConfig) : {};
  const isPlain =
    typeof text === 'string' &&
    callback === undefined &&
    typeof options.submit !== 'function' &&
    options.name === undefined &&
    options.queryMode === undefined &&
    options.rows === undefined;
  if (!isPlain) return 'alone';
  const all = [values, options.values].filter((each) => each !== undefined);
  if (all.some((each) => !Array.isArray(each))) return 'alone';
  if (all.some((each) => (each as unknown[]).length > 0)) return 'valued';
  return text.includes(';') ? 'alone' : 'simple';
}

type ProtocolConnection = {
  stream: { cork?: () => void; uncork?: () => void };
  parse(message: { text: string }): void;
  bind(message: object): void;
  execute(message: object): void;
};

/**
 * A statement with values that carries the opening before it: the opening's statements as unnamed
 * Parse, Bind and Execute messages, then the statement's own, then one Sync, in one write. PostgreSQL
 * runs them in order and, after an error, skips everything up to the Sync, so the statement never runs
 * when its opening failed. Its answer is its own result (the opening's come first).
 */
function sendAfterOpening(query: QueryCall, opening: string[], config: unknown, values: unknown) {
  return new Promise<unknown>((resolve, reject) => {
    const statement = new pg.Query(
      config as pg.QueryConfig,
      values as unknown[] | undefined,
      (error, results) =>
        error ? reject(error) : resolve(Array.isArray(results) ? results[results.length - 1] : results),
    );
    const submit = statement.submit.bind(statement) as (connection: unknown) => Error | null;
    (statement as unknown as { submit: (connection: ProtocolConnection) => Error | null }).submit = (
      connection,
    ) => {
      connection.stream.cork?.();
      try {
        for (const text of opening) {
          connection.parse({ text });
          connection.bind({});
          connection.execute({});
        }
        return submit(connection);
      } finally {
        connection.stream.uncork?.();
      }
    };
    query(statement);
  });
}

/**
 * The member's connection whose opening (`BEGIN` and the scope) leaves with the work's first statement,
 * saving every member's request a round trip (docs/performance/member-cost.md): as one simple query with
 * it when it has no values (the dashboard's first), in one flight of the extended protocol before it
 * when it has (a search's, a list's; `sendAfterOpening`). A statement prepared by name, with a
 * callback or a cursor, waits for the opening sent alone. Every statement waits for the opening: none
 * can run outside the member's transaction, and one whose opening failed fails too (PostgreSQL runs
 * nothing after the opening's error). `openingFor` makes the opening when the first statement leaves;
 * `isSent`: whether it went, so whether there is a transaction to end.
 */
export function openingWithFirstStatement(client: pg.PoolClient, openingFor: () => string[]) {
  const query = client.query.bind(client) as QueryCall;
  let opened: Promise<unknown> | undefined;
  const first = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    if (opened) return chained(config, values, callback);
    const opening = openingFor();
    const kind = firstStatementKind(config, values, callback);
    if (kind === 'simple') {
      const text = `${opening.join('; ')}; ${typeof config === 'string' ? config : (config as { text: string }).text}`;
      const combined = typeof config === 'string' ? text : { ...(config as object), text };
      const results = Promise.resolve(query(combined, values) as Promise<unknown>).then((all) =>
        Array.isArray(all) ? all[all.length - 1] : all,
      );
      opened = results;
      return results;
    }
    if (kind === 'valued') {
      opened = sendAfterOpening(query, opening, config, values);
      return opened;
    }
    opened = Promise.resolve(query(opening.join('; ')) as Promise<unknown>);
    return chained(config, values, callback);
  };
  const chained = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    const after = (opened as Promise<unknown>).then(() => query(config, values, callback));
    // A callback or a cursor (a submittable) is answered through itself, not through the promise: a
    // failed opening is handed to it.
    if (typeof callback === 'function') {
      after.catch((error: unknown) => callback(error));
      return undefined;
    }
    const submittable = config as { submit?: unknown; handleError?: (error: unknown) => void } | null;
    if (typeof submittable?.submit === 'function') {
      after.catch((error: unknown) => submittable.handleError?.(error));
      return config;
    }
    return after;
  };
  const wrapped = new Proxy(client, {
    get: (target, property, receiver) =>
      property === 'query' ? first : Reflect.get(target, property, receiver),
  });
  return { client: wrapped, isSent: () => opened !== undefined };
}
