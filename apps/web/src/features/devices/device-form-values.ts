import {
  type DeviceBodyInput,
  type DeviceRow,
  formatMacAddress,
  macAddressSchema,
} from '@scentia/shared/devices.schemas';
import { requiredText } from '../../components/resource-form/form-values.ts';
import type { FieldPath } from '../../lib/server-field-errors.ts';

/** The device form as antd holds it; the location and campaign are their typeaheads' values (ids as text). */
export type DeviceFormValues = {
  macAddress: string;
  locationId: string | null;
  campaignId: string | null;
};

/** The form's fields, for placing the server's field errors. */
export const DEVICE_FORM_FIELDS: readonly FieldPath[] = [['macAddress'], ['locationId'], ['campaignId']];

const ID = /^[1-9]\d{0,9}$/;
const idFrom = (search: URLSearchParams | undefined, name: string) => {
  const value = search?.get(name) ?? '';
  return ID.test(value) ? value : null;
};

/** A new device: at the location and playing the campaign a link names (`?locationId=4&campaignId=2`). */
export function emptyDeviceForm(search?: URLSearchParams): DeviceFormValues {
  return {
    macAddress: '',
    locationId: idFrom(search, 'locationId'),
    campaignId: idFrom(search, 'campaignId'),
  };
}

export function deviceToForm(device: DeviceRow): DeviceFormValues {
  return {
    macAddress: formatMacAddress(device.macAddress),
    locationId: String(device.location.locationId),
    campaignId: String(device.campaign.campaignId),
  };
}

/**
 * The MAC address as the field shows it once typed: normalised and grouped (`aabb.ccdd.eeff` →
 * `AA:BB:CC:DD:EE:FF`); text that is no MAC address stays as typed, for its error to point at.
 */
export function displayMacAddress(text: string): string {
  const parsed = macAddressSchema.safeParse(text);
  return parsed.success ? formatMacAddress(parsed.data) : text;
}

/**
 * The body of POST/PUT /devices. An edit carries the `updatedAt` the form was opened with, so a save
 * over someone else's newer one is refused as stale.
 */
export function deviceFormToBody(values: DeviceFormValues, opened?: DeviceRow): DeviceBodyInput {
  return {
    macAddress: requiredText(values.macAddress),
    locationId: values.locationId ? Number(values.locationId) : 0,
    campaignId: values.campaignId ? Number(values.campaignId) : 0,
    ...(opened ? { updatedAt: opened.updatedAt } : {}),
  };
}
