import { organizationBodySchema, organizationRowSchema } from '@scentia/shared/organizations.schemas';
import { resourceMutations } from '../../../components/resource-form/resource-mutations.ts';
import { invalidateOrganizations } from './invalidate-organizations.ts';

/**
 * POST/PUT /api/organizations (JSON; 409 NAME_TAKEN, CNPJ_TAKEN), PUT activate, DELETE (409
 * ORGANIZATION_HAS_LOCATIONS naming its active locations), DELETE ?hardDelete=true (inactive
 * organisations without locations), export.
 */
export const organizationMutations = resourceMutations({
  path: '/organizations',
  rowSchema: organizationRowSchema,
  bodySchema: organizationBodySchema,
  invalidate: invalidateOrganizations,
});
