import { type DeviceRow, deviceBodySchema } from '@scentia/shared/devices.schemas';
import { describe, expect, it } from 'vitest';
import { deviceFormToBody, deviceToForm, displayMacAddress, emptyDeviceForm } from './device-form-values.ts';

const ROW: DeviceRow = {
  deviceId: 4,
  macAddress: 'A4CF12B3C4D5',
  location: { locationId: 9, name: 'Loja Paulista', timeZone: 'America/Sao_Paulo' },
  owner: { organizationId: 3, nome: 'Aroma Lojas' },
  campaign: { campaignId: 2, name: 'Verão' },
  user: null,
  connection: 'never',
  lastSeenAt: null,
  firmwareVersion: null,
  isProvisioned: false,
  hasOwnSchedule: false,
  shotsInPeriod: null,
  ativo: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  deletedAt: null,
};

describe('device form values', () => {
  it('loads a device with its MAC address grouped and saves it back with the version it loaded', () => {
    const values = deviceToForm(ROW);
    expect(values).toEqual({ macAddress: 'A4:CF:12:B3:C4:D5', locationId: '9', campaignId: '2' });
    expect(deviceBodySchema.parse(deviceFormToBody(values, ROW))).toEqual({
      macAddress: 'A4CF12B3C4D5',
      locationId: 9,
      campaignId: 2,
      updatedAt: '2026-01-02T10:00:00.000Z',
    });
  });

  it('creates without a version, taking the location and campaign a link names', () => {
    expect(emptyDeviceForm()).toEqual({ macAddress: '', locationId: null, campaignId: null });
    const linked = emptyDeviceForm(new URLSearchParams('locationId=12&campaignId=0'));
    expect(linked).toEqual({ macAddress: '', locationId: '12', campaignId: null });
    const body = deviceFormToBody({ ...linked, macAddress: ' a4-cf-12-b3-c4-d5 ', campaignId: '2' });
    expect(body).not.toHaveProperty('updatedAt');
    expect(deviceBodySchema.parse(body)).toMatchObject({ macAddress: 'A4CF12B3C4D5', locationId: 12 });
  });

  it('shows any usual spelling of a MAC address grouped, and leaves what is none as typed', () => {
    expect(displayMacAddress('a4cf.12b3.c4d5')).toBe('A4:CF:12:B3:C4:D5');
    expect(displayMacAddress('A4-CF-12-B3-C4-D5')).toBe('A4:CF:12:B3:C4:D5');
    expect(displayMacAddress('A4:CF:12')).toBe('A4:CF:12');
    // A multicast address names no one device: the field keeps it, and the schema says why.
    expect(displayMacAddress('01:00:5E:00:00:01')).toBe('01:00:5E:00:00:01');
  });

  it('lets the schema require each field and refuse a malformed MAC address', () => {
    const issues = (values: Parameters<typeof deviceFormToBody>[0]) =>
      deviceBodySchema
        .safeParse(deviceFormToBody(values))
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues(emptyDeviceForm())).toEqual([
      ['macAddress', 'required'],
      ['locationId', expect.any(String)],
      ['campaignId', expect.any(String)],
    ]);
    expect(issues({ macAddress: 'ZZ:11:22:33:44:55', locationId: '1', campaignId: '1' })).toEqual([
      ['macAddress', 'invalidMacAddress'],
    ]);
  });
});
