import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { deviceActionRefusal } from '@scentia/shared/devices.rules';
import { resourceFormPages } from '../../../components/resource-form/resource-form-pages.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { deviceMutations } from '../api/device-mutations.ts';
import { deviceRecord } from '../api/get-device.ts';
import { DeviceForm } from '../components/device-form.tsx';
import { DeviceRecordCards } from '../components/device-record-cards.tsx';
import { deviceFormToBody, deviceToForm, emptyDeviceForm } from '../device-form-values.ts';
import { deviceState } from '../device-state.ts';

/**
 * /admin/devices/create (`?locationId=&campaignId=` prefill them) and /admin/devices/{id}/update: the
 * form, then the device page's cards (capsules per slot, schedule, connection and commands).
 */
export const deviceFormPages = resourceFormPages({
  doors: FLEET_DOORS.devices,
  namespace: 'devices',
  Form: DeviceForm,
  listPath: PATHS.admin.devices.list,
  useRecord: deviceRecord.useRecord,
  mutations: deviceMutations,
  emptyValues: emptyDeviceForm,
  toValues: deviceToForm,
  toBody: deviceFormToBody,
  recordId: (device) => device.deviceId,
  recordType: 'device',
  editRefusal: (device) => deviceActionRefusal(deviceState(device), 'edit'),
  RecordCards: DeviceRecordCards,
});
