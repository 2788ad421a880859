import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignTestSetup } from './campaign-test-setup.ts';

let setup: Awaited<ReturnType<typeof campaignTestSetup>>;
beforeAll(async () => {
  setup = await campaignTestSetup();
});
afterAll(() => setup.ctx.close());

type Row = { campaignId: number; updatedAt: string; downloads: number; lastQrPrint: unknown };

function recordPrint(id: number, payload: object) {
  return setup.ctx.app.inject({
    method: 'POST',
    url: `/api/campaigns/qr-prints/${id}`,
    payload,
    headers: { authorization: setup.authorization, 'content-language': 'en-US' },
  });
}
const get = async (id: number): Promise<Row> => (await setup.call('GET', `/api/campaigns/${id}`)).json();

describe('QR prints', () => {
  it('records a print and a download, shows the latest in the row and counts both in downloads', async () => {
    const campaign = (await setup.create()) as Row;
    expect(campaign.lastQrPrint).toBeNull();
    const printed = await recordPrint(campaign.campaignId, {
      kind: 'print',
      campaignUpdatedAt: campaign.updatedAt,
    });
    expect(printed.statusCode, printed.body).toBe(204);
    const downloaded = await recordPrint(campaign.campaignId, {
      kind: 'svg',
      campaignUpdatedAt: campaign.updatedAt,
    });
    expect(downloaded.statusCode).toBe(204);

    const row = await get(campaign.campaignId);
    expect(row).toMatchObject({
      downloads: 2,
      updatedAt: campaign.updatedAt,
      lastQrPrint: { kind: 'svg', campaignUpdatedAt: campaign.updatedAt, printedAt: expect.any(String) },
    });
    // The list reads the latest print for the whole page too.
    const listed = (await setup.call('GET', '/api/campaigns?perPage=50&orderByDirection=desc')).json()
      .data as Row[];
    expect(listed.find((entry) => entry.campaignId === campaign.campaignId)?.lastQrPrint).toEqual(
      row.lastQrPrint,
    );
  });

  it('tells printed codes out of date once the campaign is saved again', async () => {
    const campaign = (await setup.create()) as Row;
    await recordPrint(campaign.campaignId, { kind: 'png', campaignUpdatedAt: campaign.updatedAt });
    const saved = await setup.send(
      'PUT',
      `/api/campaigns/${campaign.campaignId}`,
      setup.form({ name: 'Verão revisto', updatedAt: campaign.updatedAt }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await get(campaign.campaignId);
    expect(row.lastQrPrint).toMatchObject({ campaignUpdatedAt: campaign.updatedAt });
    expect(row.updatedAt).not.toBe(campaign.updatedAt);
  });

  it('answers 404 for an unknown campaign and 400 for a bad body, recording nothing', async () => {
    const body = { kind: 'print', campaignUpdatedAt: new Date().toISOString() };
    const unknown = await recordPrint(99_999_999, body);
    expect(unknown.statusCode).toBe(404);
    const campaign = (await setup.create()) as Row;
    for (const bad of [
      { kind: 'pdf', campaignUpdatedAt: campaign.updatedAt },
      { kind: 'print', campaignUpdatedAt: 'ontem' },
      { kind: 'print' },
      { ...body, extra: 1 },
    ]) {
      const refused = await recordPrint(campaign.campaignId, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await get(campaign.campaignId)).toMatchObject({ downloads: 0, lastQrPrint: null });
  });
});
