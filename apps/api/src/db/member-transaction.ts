import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from './database-type.ts';

/**
 * The member's scope as PostgreSQL's row-level security reads it (migration 0039): the organisation,
 * and the locations the membership is limited to (null: every location of the organisation).
 */
export type MemberScopeSetting = { organizationId: number; locationIds: number[] | null };

type RequestTransaction = {
  tx: Database;
  /** Work asked for during the transaction that must run after it ends (a job's nudge). */
  afterwards: (() => void)[];
};

const current = new AsyncLocalStorage<RequestTransaction>();

/**
 * The handle repositories receive: the transaction of the member's request running in this async
 * context when there is one (so every statement of that request is under the member's scope),
 * otherwise `base` (staff, jobs, devices).
 */
export function followingMemberTransaction(base: Database): Database {
  return new Proxy(base, {
    get(target, property) {
      const owner = current.getStore()?.tx ?? target;
      const value = Reflect.get(owner, property, owner);
      return typeof value === 'function' ? value.bind(owner) : value;
    },
  });
}

/** What the member's settings hold: `location_ids` is 'all' or an array literal of ids. */
function locationIdsSetting(locationIds: number[] | null): string {
  return locationIds === null ? 'all' : `{${locationIds.filter(Number.isSafeInteger).join(',')}}`;
}

/**
 * The role a member's transaction runs as (migration 0063): a member of the whole organisation is held
 * by the organisation's policies alone, a location-limited one by its locations' too.
 */
const memberRoleOf = (scope: MemberScopeSetting) =>
  scope.locationIds === null ? 'scentia_member' : 'scentia_member_limited';

/**
 * The statements that put a transaction under the member's scope: the role switches to the member's
 * (memberRoleOf) for the transaction only and the scope's settings are transaction-local, so the
 * connection returns to the pool as the staff's. `SET LOCAL` rather than one `select set_config(…)` of
 * the four: a utility statement is neither planned nor executed as a query (a member's opening 0.04 ms
 * shorter a round trip, docs/performance/member-hourly-owner.md). Their values are integers written out
 * (never text from a caller), so they can travel with `BEGIN` in one simple query: one round trip fewer
 * than a parameterised statement.
 */
export function memberScopeStatements(scope: MemberScopeSetting): string[] {
  if (!Number.isSafeInteger(scope.organizationId) || scope.organizationId < 1) {
    throw new Error(`Not an organisation id: ${scope.organizationId}`);
  }
  return [
    `set local role ${memberRoleOf(scope)}`,
    `set local scentia.scope = 'member'`,
    `set local scentia.organization_id = '${scope.organizationId}'`,
    `set local scentia.location_ids = '${locationIdsSetting(scope.locationIds)}'`,
  ];
}

/**
 * How a member's transaction is opened. `readOnly`: a `READ ONLY` transaction (PostgreSQL refuses any
 * write in it), whose `COMMIT` has nothing to make durable or to fail on, so its answer may leave before
 * the `COMMIT` comes back (the connection returns to the pool only after it): a route that only reads
 * says so in its config (`readOnly`, plugins/member-transaction.ts).
 */
export type MemberTransactionOptions = { readOnly?: boolean };

/**
 * Opens a transaction under the member's scope, runs `work` with its handle, commits (rolls back when
 * `work` throws) and answers what `work` answered. Each driver has its own (db/client.ts).
 */
export type ScopedTransaction = <T>(
  scope: MemberScopeSetting,
  work: (tx: Database) => Promise<T>,
  options?: MemberTransactionOptions,
) => Promise<T>;

/**
 * The scoped transaction of a Drizzle database: `BEGIN`, then the scope's statements. For the embedded
 * PGlite, whose statements are calls within the process rather than round trips.
 */
export const scopedTransactionOf =
  (base: Database): ScopedTransaction =>
  (scope, work, options) =>
    base.transaction(
      async (tx) => {
        for (const statement of memberScopeStatements(scope)) await tx.execute(sql.raw(statement));
        return work(tx as unknown as Database);
      },
      options?.readOnly ? { accessMode: 'read only' } : undefined,
    );

/**
 * Runs `work` in one transaction as the member (`scoped`): every statement the request makes through
 * `followingMemberTransaction` belongs to it. An error rolls everything back.
 */
export async function inMemberTransaction<T>(
  scoped: ScopedTransaction,
  scope: MemberScopeSetting,
  work: () => Promise<T>,
  options?: MemberTransactionOptions,
): Promise<T> {
  const afterwards: (() => void)[] = [];
  const result = await scoped(scope, (tx) => current.run({ tx, afterwards }, work), options);
  for (const task of afterwards) current.exit(task);
  return result;
}

/**
 * Runs `work` in one transaction of `base` as it is (the staff's), every statement `db` makes in its
 * async context in it, so that each transaction a service opens is a savepoint of it: a bulk action's
 * chunk of rows commits once, each row still refused on its own (a refused row's savepoint rolls back).
 * Inside a member's transaction it is that one.
 */
export async function inOneTransaction<T>(base: Database, work: () => Promise<T>): Promise<T> {
  if (current.getStore()) return work();
  const afterwards: (() => void)[] = [];
  const result = await base.transaction(async (tx) =>
    current.run({ tx: tx as unknown as Database, afterwards }, work),
  );
  for (const task of afterwards) current.exit(task);
  return result;
}

/**
 * Whether the caller runs inside a request's transaction (a member's, or `inOneTransaction`): its
 * statements then go one after another on one connection, never side by side.
 */
export const isInRequestTransaction = () => current.getStore() !== undefined;

/** Runs `work` outside any member's transaction: background work a request starts is the staff's. */
export function outsideMemberTransaction<T>(work: () => T): T {
  return current.getStore() ? current.exit(work) : work();
}

/**
 * Runs `task` once the member's transaction of this context has committed (at once when there is
 * none), outside it: a job nudged to deliver a mail the transaction queued finds it committed.
 * Dropped when the transaction rolls back, as what it would act on is gone.
 */
export function afterMemberTransaction(task: () => void): void {
  const store = current.getStore();
  if (store) store.afterwards.push(task);
  else task();
}
