import { formatMacAddress } from '@scentia/shared/devices.schemas';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { deviceGround, insertCapsule, insertDevice } from '../../../test/device-fixtures.ts';
import { staffSession } from '../../../test/resource-tests.ts';

const session = staffSession();
const { call } = session;

type Page = {
  data: { capsuleId: number; remainingShots: number; device: { macAddress: string } | null }[];
  total: number;
};

async function list(query: string): Promise<Page> {
  const response = await call('GET', `/api/capsules?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ids = (page: Page) => page.data.map((row) => row.capsuleId);

describe('GET /api/capsules', () => {
  it('searches by serial, fragrance and device MAC in any spelling; filters by device; sorts by remaining shots', async () => {
    const ground = await deviceGround(session.ctx);
    const { deviceId, macAddress } = await insertDevice(session.ctx, ground, '06A1B2C3D4E5');
    const full = await insertCapsule(session.ctx, { deviceId, slot: 1, fragranceId: ground.fragranceId });
    const low = await insertCapsule(session.ctx, {
      deviceId,
      slot: 2,
      fragranceId: ground.fragranceId,
      remainingShots: 10,
    });
    const out = await insertCapsule(session.ctx, {
      deviceId: null,
      slot: null,
      fragranceId: ground.fragranceId,
    });

    expect(ids(await list(`search=${full.serialNumber}`))).toEqual([full.capsuleId]);
    for (const spelling of ['06:a1:b2:c3', '06-A1-B2-C3-D4-E5', '06a1b2c3d4e5']) {
      expect(
        ids(await list(`search=${encodeURIComponent(spelling)}&orderBy=SerialNumber`)).sort(),
        spelling,
      ).toEqual([full.capsuleId, low.capsuleId].sort());
    }
    const byDevice = await list(`deviceId=${deviceId}&orderBy=RemainingShots&orderByDirection=asc`);
    expect(ids(byDevice)).toEqual([low.capsuleId, full.capsuleId]);
    expect(byDevice.data[0]?.device).toEqual({ deviceId, macAddress });

    const fragrance = `fragranceId=${ground.fragranceId}`;
    expect((await list(`${fragrance}&isActive=false`)).data.map((row) => row.capsuleId)).toEqual([
      out.capsuleId,
    ]);
    expect((await list(fragrance)).total).toBe(3);
    for (const orderBy of ['Fragrance.Name', 'Device.MacAddress', 'DueDate', 'CreatedAt', 'UpdatedAt']) {
      expect((await list(`${fragrance}&orderBy=${orderBy}`)).total, orderBy).toBe(3);
    }
  });

  it('exports the list with its columns', async () => {
    const ground = await deviceGround(session.ctx);
    const { deviceId, macAddress } = await insertDevice(session.ctx, ground);
    const capsule = await insertCapsule(session.ctx, { deviceId, slot: 3, fragranceId: ground.fragranceId });
    const response = await call('GET', `/api/capsules/export?deviceId=${deviceId}`, undefined, 'en-US');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toContain('Serial number');
    expect(sheet?.getRow(2).values).toEqual(
      expect.arrayContaining([capsule.serialNumber, formatMacAddress(macAddress), 3]),
    );
  });

  it('is read-only: no create, update or state routes', async () => {
    expect((await call('POST', '/api/capsules', { serialNumber: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/capsules/1')).statusCode).toBe(404);
    expect((await call('PUT', '/api/capsules/activate/1')).statusCode).toBe(404);
  });
});
