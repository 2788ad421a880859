import { locationBodySchema, locationRowSchema } from '@scentia/shared/locations.schemas';
import { resourceMutations } from '../../../components/resource-form/resource-mutations.ts';
import { invalidateLocations } from './invalidate-locations.ts';

/**
 * POST/PUT /api/locations (JSON; 409 NAME_TAKEN within the organisation, ORGANIZATION_INACTIVE), PUT
 * activate (409 ORGANIZATION_INACTIVE), DELETE, DELETE ?hardDelete=true (inactive locations), export.
 */
export const locationMutations = resourceMutations({
  path: '/locations',
  rowSchema: locationRowSchema,
  bodySchema: locationBodySchema,
  invalidate: invalidateLocations,
});
