import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storedAddress, storedHeader } from './client-trace.ts';

/**
 * Who is changing data, as the audit trail records it: the signed-in account (none for an anonymous
 * call such as a password recovery), where from, and what call or job it is.
 */
export type AuditContext = {
  actorId: number | null;
  ip: string | null;
  userAgent: string | null;
  /** The operationId of the call (`putCategoriesById`), or the job's name (`retention`). */
  action: string;
  requestId: string | null;
  /**
   * Each record changed under this context has an event of its own, whatever the transaction holds
   * besides: the rows of a bulk action's chunk commit together, one event per row (`runAsAction`),
   * even when one statement writes them all (migration 0042).
   */
  isEventPerRecord?: boolean;
};

const storage = new AsyncLocalStorage<() => AuditContext>();

/**
 * Runs `work` with the context every transaction it opens hands to the database. The context is read
 * when a transaction starts, so a request's is taken after authentication has named the caller.
 */
export function runWithAuditContext<T>(context: () => AuditContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the call running (its request's), to run a part of it under another action. */
export function currentAuditContext(): AuditContext | undefined {
  return storage.getStore()?.();
}

/**
 * Runs `work` under the current context with its action and id replaced: each row of a bulk action is
 * recorded as `bulkDeactivateOrganization` under the action's id, so the trail shows which rows one
 * action touched. Without a current context (a job, a script) the change names no caller.
 */
export function runAsAction<T>(change: Pick<AuditContext, 'action' | 'requestId'>, work: () => T): T {
  const outer = storage.getStore();
  const context = (): AuditContext =>
    outer
      ? { ...outer(), ...change, isEventPerRecord: true }
      : { actorId: null, ip: null, userAgent: null, ...change, isEventPerRecord: true };
  return storage.run(context, work);
}

/** The id of the request whose handler is running, for the log lines it writes through any logger. */
export function currentRequestId(): string | null {
  return storage.getStore()?.().requestId ?? null;
}

/**
 * The context as the database's `scentia.audit` setting holds it (migration 0011 reads it): the address
 * only when it is one, the user agent cleaned and bounded like every header stored for audit.
 */
function settingOf(context: AuditContext): string {
  return JSON.stringify({
    ...context,
    ip: storedAddress(context.ip),
    userAgent: storedHeader(context.userAgent),
  });
}

/**
 * The database handle services write through: every transaction first names its caller (when there
 * is one) in a transaction-local setting, which the audit triggers read. Writes outside a transaction
 * carry no caller, so a write a call makes goes through a transaction (`repository.transaction`, or
 * the kit's writes, which open one).
 */
export function auditedDatabase(db: Database): Database {
  const transaction: Database['transaction'] = (work, config) =>
    db.transaction(async (tx) => {
      const context = storage.getStore()?.();
      if (context?.isEventPerRecord) {
        // A savepoint of a transaction that recorded an event already: its records get events of their own.
        await tx.execute(sql`select set_config('scentia.audit', ${settingOf(context)}, true),
          set_config('scentia.audit_event', 'per-record', true)`);
      } else if (context) {
        await tx.execute(sql`select set_config('scentia.audit', ${settingOf(context)}, true)`);
      }
      return work(tx);
    }, config);
  return new Proxy(db, {
    get: (target, property, receiver) =>
      property === 'transaction' ? transaction : Reflect.get(target, property, receiver),
  });
}

/**
 * Runs `work` in a transaction the audit trail does not record: loading demonstration or benchmark
 * data, whose thousands of rows are not anybody's change. Honoured only on a connection acting as the
 * owner of the tables (migration 0032): the runtime role's switch-off is ignored, and its changes are
 * recorded as usual.
 */
export function withoutAudit<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('scentia.audit', 'off', true)`);
    return work(tx as unknown as Database);
  });
}
