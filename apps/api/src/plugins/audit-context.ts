import { operationIdOf } from '@scentia/shared/audit.schemas';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AuditContext, runWithAuditContext } from '../lib/audit/audit-context.ts';
import { clientAddress } from '../lib/client-address.ts';

function auditContextOf(request: FastifyRequest): AuditContext {
  const { method, url, schema } = request.routeOptions;
  const userAgent = request.headers['user-agent'];
  return {
    actorId: request.account?.id ?? null,
    ip: clientAddress(request),
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    action: (schema?.operationId as string | undefined) ?? operationIdOf(String(method), url ?? ''),
    requestId: request.id,
  };
}

/**
 * Every route's handler runs with its request as the audit context (lib/audit/audit-context.ts): any
 * transaction it opens names the caller to the database, whose triggers write the audit trail. So a
 * route gets its audit record without writing a line for it.
 *
 * Except a device's routes (`access: 'device'`): what a diffuser writes (its state, capsules and shots)
 * is telemetry, written through the unaudited handle, so there is nobody's change to name, and a
 * fleet's requests skip the context's closure and store on each call. Provisioning, which changes the
 * device's record, is a public route and keeps its context.
 */
export const auditContextPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (route.config?.access === 'device') return;
      const handler = route.handler;
      route.handler = function auditedHandler(request, reply) {
        return runWithAuditContext(
          () => auditContextOf(request),
          () => handler.call(this, request, reply),
        );
      };
    });
  },
  { name: 'audit-context' },
);
