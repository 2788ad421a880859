import { type ResetCode, resetCodeSchema } from '@scentia/shared/devices.schemas';
import { http } from '../../../lib/api-client.ts';

/**
 * POST /api/devices/reset-code/{id}: the device's current one-time code and the seconds left in its
 * step, by the server's clock. Every call is an audit note, so it is never cached nor retried.
 */
export function fetchResetCode(deviceId: number, signal: AbortSignal): Promise<ResetCode> {
  return http.post(`/devices/reset-code/${deviceId}`, undefined, { signal, schema: resetCodeSchema });
}
