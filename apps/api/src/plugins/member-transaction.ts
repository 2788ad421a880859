import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.ts';
import { scopeOf } from '../lib/access-scope.ts';

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  interface FastifyContextConfig {
    /**
     * The whole handler in one transaction for staff too (a member's always is): each transaction it
     * opens is a savepoint, and everything commits once (a bulk action's chunk).
     */
    oneTransaction?: boolean;
    /**
     * The route only reads: a member's transaction is `READ ONLY` (PostgreSQL refuses a write in it) and
     * its answer does not wait for the `COMMIT` (db/member-transaction.ts). Only for a route that writes
     * nothing on any path (a GET that records a read is not one).
     */
    readOnly?: boolean;
  }
}

const isStream = (payload: unknown) =>
  typeof payload === 'object' &&
  payload !== null &&
  (typeof (payload as { pipe?: unknown }).pipe === 'function' ||
    typeof (payload as { getReader?: unknown }).getReader === 'function');

/**
 * Every route's handler, for a member, runs in one transaction under the member's scope (db/
 * member-transaction.ts), so PostgreSQL's row-level security holds whatever the handler's queries
 * forget to narrow; no route can opt out. Staff, devices and anonymous callers run as before: no
 * transaction, nothing added.
 *
 * A handler's answer leaves after the commit, so a client never sees a change that then rolls back.
 * A streamed answer (an export) is the exception: it reads while it streams, so its transaction
 * lasts until the answer is out or the client has gone (awaiting a reply waits for exactly that).
 * A route that only reads (`readOnly`) has a read-only transaction, which has nothing to roll back: its
 * answer leaves when the work is done, the `COMMIT` on its way.
 */
export const memberTransactionPlugin = fp<{ database: DatabaseHandle }>(
  async (app, { database }) => {
    app.addHook('onRoute', (route) => {
      // A device's routes are opened by a diffuser's credential, never by a member's token.
      if (route.config?.access === 'device' && !route.config.oneTransaction) return;
      const handler = route.handler;
      route.handler = function inMemberScope(request, reply) {
        const scope = request.account ? scopeOf(request.account) : null;
        if (scope?.kind !== 'member') {
          if (!route.config?.oneTransaction) return handler.call(this, request, reply);
          return answerAfterCommit(reply, () =>
            database.inOneTransaction(async () => handler.call(this, request, reply)),
          );
        }
        return answerAfterCommit(reply, () =>
          database.inMemberTransaction(scope, async () => handler.call(this, request, reply), {
            readOnly: route.config?.readOnly === true,
          }),
        );
      };
    });
  },
  { name: 'member-transaction' },
);

async function answerAfterCommit(reply: FastifyReply, run: () => Promise<unknown>): Promise<unknown> {
  const send = reply.send;
  let deferred: { payload: unknown } | undefined;
  // What `reply.send` answers while deferred: the reply, minus `then`, so a handler returning it does
  // not wait for an answer that only leaves after it has returned.
  // biome-ignore lint/suspicious/noThenProperty: hiding the reply's own `then` is the point
  const sentLater = Object.create(reply, { then: { value: undefined } }) as FastifyReply;
  reply.send = function sendAfterCommit(this: FastifyReply, payload?: unknown) {
    if (isStream(payload)) return send.call(this, payload);
    deferred = { payload };
    return sentLater;
  };
  let result: unknown;
  try {
    result = await run();
  } finally {
    // The own property goes; the prototype's send is back.
    delete (reply as Partial<FastifyReply>).send;
  }
  if (deferred) {
    reply.send(deferred.payload);
    return reply;
  }
  return result === sentLater ? reply : result;
}
