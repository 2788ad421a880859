import { deviceRecordSchema } from '@scentia/shared/devices.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { deviceKeys } from './query-keys.ts';

/** GET /api/devices/{id}: the row with its campaign's collection, its capsules and its schedule. */
export const deviceRecord = recordEndpoint(deviceKeys, '/devices', deviceRecordSchema);
