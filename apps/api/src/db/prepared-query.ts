import type { DatabaseHandle } from './client.ts';

/**
 * A statement run by name: on PostgreSQL it is parsed and planned once per connection of the
 * planned-once pool (a generic plan) and only executed afterwards, where `db.execute` parses and plans
 * every call. For the hottest statements, whose plan does not depend on their values: a device's
 * heartbeat is one of them, tens of thousands of times a minute. On PGlite it is an ordinary query.
 */
export type PreparedQuery = <T>(name: string, text: string, values: readonly unknown[]) => Promise<T[]>;

type QueryClient = {
  query: (
    textOrConfig: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ) => Promise<{ rows: unknown[] }>;
};

export function preparedQueryOf(handle: Pick<DatabaseHandle, 'plannedOnceDb' | 'driver'>): PreparedQuery {
  const client = (handle.plannedOnceDb as unknown as { $client: QueryClient }).$client;
  if (handle.driver === 'postgres') {
    return async <T>(name: string, text: string, values: readonly unknown[]) =>
      (await client.query({ name, text, values: [...values] })).rows as T[];
  }
  return async <T>(_name: string, text: string, values: readonly unknown[]) =>
    (await client.query(text, [...values])).rows as T[];
}
