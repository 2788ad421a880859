import { deviceBodySchema, deviceRowSchema } from '@scentia/shared/devices.schemas';
import { resourceMutations } from '../../../components/resource-form/resource-mutations.ts';
import { invalidateDevices } from './invalidate-devices.ts';

/**
 * POST/PUT /api/devices (JSON; 409 DEVICE_MAC_TAKEN, 400 for an inactive location or campaign), PUT
 * activate, DELETE (retires it and revokes its credential), DELETE ?hardDelete=true, export.
 */
export const deviceMutations = resourceMutations({
  path: '/devices',
  rowSchema: deviceRowSchema,
  bodySchema: deviceBodySchema,
  invalidate: invalidateDevices,
});
