import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** The most statements a connection keeps prepared by name; past it, statements go unnamed. */
const MAX_NAMED_PER_CONNECTION = 500;

type QueryConfig = { name?: string; text: string };
const namedCount = new WeakMap<pg.PoolClient, number>();

const plannedOnceContext = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its statements planned once where the connection prepares them by name (a member's
 * transaction): for statements whose best plan does not depend on their values, such as a list's page
 * and total without a search. A search's plan does (a generic one would walk the whole trigram index for
 * a two-letter word), and so do the dashboard's date ranges: those stay planned with their values.
 */
export function plannedOnce<T>(work: () => Promise<T>): Promise<T> {
  return plannedOnceContext.run(true, work);
}

/** Whether the caller runs inside `plannedOnce`. */
export const isPlannedOnce = () => plannedOnceContext.getStore() === true;

const nameOf = (text: string) => `m_${createHash('sha1').update(text).digest('hex').slice(0, 30)}`;

/**
 * A pooled connection whose parameterised statements run inside `plannedOnce` are prepared by name, the
 * name a digest of their text: each shape is parsed and planned once per connection and then only
 * executed (node-postgres skips the Parse of a name it has sent). For a member's transaction, whose
 * statements carry row-level security: planning its policies' sub-selects cost a capsules page 5–12 ms
 * against 4 ms to run it (docs/performance/member-cost.md). The transaction's `plan_cache_mode`, chosen
 * by its first statement (db/member-transaction-postgres.ts), makes the named ones generic when that
 * statement runs inside `plannedOnce`; the others stay unnamed and are planned every time. A plan made
 * under another role is made again (PostgreSQL tracks the role a plan's policies were applied for). A
 * connection keeps at most MAX_NAMED_PER_CONNECTION names: the shapes are the code's, bounded, but a
 * location-limited member's list of locations makes one shape per length.
 */
export function withNamedStatements(client: pg.PoolClient): pg.PoolClient {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
  const named = (textOrConfig: unknown, values?: unknown): unknown => {
    const config: unknown = typeof textOrConfig === 'string' ? { text: textOrConfig } : textOrConfig;
    // A statement with values, not named by its caller, inside plannedOnce.
    const shouldName =
      isPlannedOnce() &&
      typeof config === 'object' &&
      config !== null &&
      typeof (config as QueryConfig).text === 'string' &&
      !(config as QueryConfig).name &&
      Array.isArray(values) &&
      values.length > 0;
    if (!shouldName) return query(textOrConfig, values);
    const name = nameOf((config as QueryConfig).text);
    const prepared = (client as unknown as { connection: { parsedStatements: Record<string, string> } })
      .connection.parsedStatements;
    if (!(name in prepared)) {
      const count = namedCount.get(client) ?? 0;
      if (count >= MAX_NAMED_PER_CONNECTION) return query(textOrConfig, values);
      namedCount.set(client, count + 1);
    }
    return query({ ...(config as object), name }, values);
  };
  return new Proxy(client, {
    get: (target, property, receiver) =>
      property === 'query' ? named : Reflect.get(target, property, receiver),
  });
}
