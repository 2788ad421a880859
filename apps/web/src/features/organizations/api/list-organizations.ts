import { type OrganizationRow, organizationRowSchema } from '@scentia/shared/organizations.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import { organizationKeys } from './query-keys.ts';

/** The organisation list's `orderBy` values (docs/api.md). */
export const ORGANIZATION_SORTS = {
  name: 'name',
  legalName: 'legalName',
  city: 'city',
  createdAt: 'createdAt',
} as const;

/** GET /api/organizations: one page (the search matches name, legal name, CNPJ and city). */
export const organizationsList = listEndpoint(organizationKeys, '/organizations', organizationRowSchema);

export type { OrganizationRow };
