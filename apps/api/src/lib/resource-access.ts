import type { AuditRecordType } from '@scentia/shared/audit.schemas';
import { isAdminOnly, isRecordTypeAdminOnly, type ResourceName } from '@scentia/shared/resource-access';
import type { FastifyContextConfig } from 'fastify';

/**
 * The route config of `resource`'s routes as its one declaration (`RESOURCE_ACCESS`) says: `admin`
 * for an ADMIN-only resource, else nothing (the house default, staff). Spread it into every route's
 * `config` (a kit resource's `config`).
 */
export function resourceConfig(resource: ResourceName): FastifyContextConfig {
  return isAdminOnly(resource) ? { access: 'admin' } : {};
}

/**
 * A kit route's `config` (`recordType`'s routes: list, export, get, states, bulk, saves, import) with
 * its resource's one access declaration over it: an ADMIN-only resource's routes are the ADMIN's
 * whatever door they name, so its routes write no `resourceConfig` of their own.
 */
export function withResourceAccess(
  recordType: AuditRecordType,
  config: FastifyContextConfig | undefined,
): FastifyContextConfig | undefined {
  return isRecordTypeAdminOnly(recordType) ? { ...config, access: 'admin' } : config;
}
