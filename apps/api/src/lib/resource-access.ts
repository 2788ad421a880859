import { isAdminOnly, type ResourceName } from '@scentia/shared/resource-access';
import type { FastifyContextConfig } from 'fastify';

/**
 * The route config of `resource`'s routes as its one declaration (`RESOURCE_ACCESS`) says: `admin`
 * for an ADMIN-only resource, else nothing (the house default, staff). Spread it into every route's
 * `config` (a kit resource's `config`).
 */
export function resourceConfig(resource: ResourceName): FastifyContextConfig {
  return isAdminOnly(resource) ? { access: 'admin' } : {};
}
