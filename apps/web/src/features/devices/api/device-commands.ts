import type { DeviceScheduleBody } from '@scentia/shared/schedules.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateDevices } from './invalidate-devices.ts';

/** A device command: the call, then what it makes stale (the device's rows and record, the trail). */
function deviceCommand<Input>(run: (input: Input) => Promise<unknown>) {
  return function useDeviceCommand() {
    const queryClient = useQueryClient();
    return useMutation({ mutationFn: run, onSuccess: () => invalidateDevices(queryClient) });
  };
}

/** PUT /api/devices/remove-user/{id}: unlinks the app user (409 DEVICE_NO_USER when none is linked). */
export const useRemoveDeviceUser = deviceCommand((deviceId: number) =>
  http.put(`/devices/remove-user/${deviceId}`),
);

/** PUT /api/devices/reprovision/{id}: revokes the credential, so the device may provision itself again. */
export const useReprovisionDevice = deviceCommand((deviceId: number) =>
  http.put(`/devices/reprovision/${deviceId}`),
);

/** PUT /api/devices/schedule/{id}: the device's own schedule, or null to follow its location's. */
export const useSetDeviceSchedule = deviceCommand(
  ({ deviceId, body }: { deviceId: number; body: DeviceScheduleBody }) =>
    http.put(`/devices/schedule/${deviceId}`, body),
);
