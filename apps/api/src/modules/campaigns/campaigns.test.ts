import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngImage } from '../../../test/multipart.ts';
import { campaignTestSetup } from './campaign-test-setup.ts';

let setup: Awaited<ReturnType<typeof campaignTestSetup>>;
beforeAll(async () => {
  setup = await campaignTestSetup();
});
afterAll(() => setup.ctx.close());

describe('campaign saves', () => {
  it('creates a campaign with its cover, descriptions and collection, with the defaults', async () => {
    const { form, cover, create, fragrances } = setup;
    const campaign = await create([...form({ name: 'Primavera' }), cover()]);
    expect(campaign).toMatchObject({
      name: 'Primavera',
      fragranceShots: 100,
      descriptions: [{ language: 'pt-BR', description: 'Coleção de verão' }],
      collection: [
        { slot: 1, fragranceId: fragrances[0], shotSeconds: 5, fragrance: { name: 'Jasmim' } },
        { slot: 2, fragranceId: fragrances[1], shotSeconds: 7, fragrance: { name: 'Rosa' } },
      ],
      downloads: 0,
      isDefault: false,
      ativo: true,
      deletedAt: null,
    });
    expect(campaign.cover).toMatchObject({ tempUri: expect.any(String), thumbnailUri: expect.any(String) });
  });

  it('updates the collection in place and replaces the cover, removing the old files', async () => {
    const { form, cover, create, send, slot, fragrances, stored } = setup;
    const campaign = await create();
    const before = await stored();
    const response = await send('PUT', `/api/campaigns/${campaign.campaignId}`, [
      ...form({ name: 'Verão renovado', fragranceShots: '250', updatedAt: String(campaign.updatedAt) }, [
        ...slot(0, fragrances[2], 20, 3),
      ]),
      cover(),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Verão renovado',
      fragranceShots: 250,
      collection: [{ slot: 20, fragranceId: fragrances[2], shotSeconds: 3 }],
    });
    const after = await stored();
    expect(after).toEqual({ ...before, slots: before.slots - 1 });
  });

  it('lists by name search and each declared sort, and exports a spreadsheet', async () => {
    const { create, form, cover, call } = setup;
    await create([...form({ name: 'Outono Dourado' }), cover()]);
    const found = await call('GET', '/api/campaigns?search=outono');
    expect(found.json().data.map((row: { name: string }) => row.name)).toEqual(['Outono Dourado']);
    for (const orderBy of ['name', 'isDefault', 'slotsUsed', 'createdAt', 'updatedAt']) {
      expect((await call('GET', `/api/campaigns?orderBy=${orderBy}`)).statusCode, orderBy).toBe(200);
    }
    const exported = await call('GET', '/api/campaigns/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses a save based on an older version with 409, changing nothing', async () => {
    const { create, form, send } = setup;
    const campaign = await create();
    const url = `/api/campaigns/${campaign.campaignId}`;
    const first = await send('PUT', url, form({ name: 'Primeira', updatedAt: String(campaign.updatedAt) }));
    expect(first.statusCode).toBe(200);
    const stale = await send('PUT', url, form({ name: 'Segunda', updatedAt: String(campaign.updatedAt) }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE_RECORD',
      message: expect.stringContaining('Outra pessoa'),
    });
    expect((await setup.call('GET', url)).json().name).toBe('Primeira');
  });

  it('edits only an active campaign', async () => {
    const { create, form, send, call } = setup;
    const campaign = await create();
    expect((await call('DELETE', `/api/campaigns/${campaign.campaignId}`)).statusCode).toBe(204);
    const response = await send('PUT', `/api/campaigns/${campaign.campaignId}`, form());
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('RECORD_INACTIVE');
  });

  it('places only active fragrances', async () => {
    const { form, cover, call, slot, stored, send } = setup;
    // A fragrance in no collection can be deactivated; then it cannot be placed.
    const loose = await createLooseFragrance();
    expect((await call('DELETE', `/api/fragrances/${loose}`)).statusCode).toBe(204);
    const before = await stored();
    const response = await send('POST', '/api/campaigns', [...form({}, slot(0, loose, 3)), cover()]);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { path: 'collection.0.fragranceId', message: 'Escolha uma fragrância ativa.' },
    ]);
    expect(await stored()).toEqual(before);
  });
});

async function createLooseFragrance(): Promise<number> {
  const categories = await setup.call('GET', '/api/categories');
  const form = multipart([
    { name: 'name', value: 'Solta' },
    { name: 'ofactoryWay', value: 'Verde' },
    { name: 'categoryId', value: String(categories.json().data[0].categoryId) },
    { name: 'image.file', fileName: 'f.png', contentType: 'image/png', bytes: await pngImage(40, 40) },
  ]);
  const response = await setup.ctx.app.inject({
    method: 'POST',
    url: '/api/fragrances',
    ...form,
    headers: { ...form.headers, authorization: setup.authorization },
  });
  return response.json().fragranceId;
}

describe('the default campaign', () => {
  it('is set atomically: two concurrent calls leave exactly one default', async () => {
    const { create, call, ctx } = setup;
    const [a, b] = [await create(), await create()];
    const responses = await Promise.all([
      call('PUT', '/api/campaigns/default', { campaignId: a.campaignId }),
      call('PUT', '/api/campaigns/default', { campaignId: b.campaignId }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const defaults = await ctx.query<{ id: number }>(sql`select id from campaigns where is_default`);
    expect(defaults).toHaveLength(1);
  });

  it('is only an active campaign, and cannot be deactivated or deleted until another is', async () => {
    const { create, call } = setup;
    const inactive = await create();
    await call('DELETE', `/api/campaigns/${inactive.campaignId}`);
    const refused = await call('PUT', '/api/campaigns/default', { campaignId: inactive.campaignId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('RECORD_INACTIVE');

    const chosen = await create();
    const set = await call('PUT', '/api/campaigns/default', { campaignId: chosen.campaignId });
    expect(set.json()).toMatchObject({ isDefault: true });
    for (const url of [
      `/api/campaigns/${chosen.campaignId}`,
      `/api/campaigns/${chosen.campaignId}?hardDelete=true`,
    ]) {
      const response = await call('DELETE', url);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CAMPAIGN_IS_DEFAULT',
        message: expect.stringContaining('defina outra campanha como padrão'),
      });
    }
    expect((await call('GET', `/api/campaigns/${chosen.campaignId}`)).json().ativo).toBe(true);
  });

  it('deletes an inactive campaign for good, with its cover files', async () => {
    const { create, call, stored } = setup;
    const before = await stored();
    const campaign = await create();
    await call('DELETE', `/api/campaigns/${campaign.campaignId}`);
    expect((await call('DELETE', `/api/campaigns/${campaign.campaignId}?hardDelete=true`)).statusCode).toBe(
      204,
    );
    expect(await stored()).toEqual(before);
    expect((await call('GET', `/api/campaigns/${campaign.campaignId}`)).statusCode).toBe(404);
  });
});

describe('the quiz helpers', () => {
  it('lists active campaigns by name for a language, and no answer holds a fragrance yet', async () => {
    const { create, form, cover, call, fragrances } = setup;
    const campaign = await create([...form({ name: 'Inverno Azul' }), cover()]);
    const options = await call('GET', '/api/campaigns/without-quiz?lang=en-US&str=inverno');
    expect(options.json()).toEqual([{ campaignId: campaign.campaignId, name: 'Inverno Azul' }]);
    const answer = await call('GET', `/api/campaigns/has-answer/${fragrances[0]}/${campaign.campaignId}`);
    expect(answer.json()).toBe(false);
    expect((await call('GET', '/api/campaigns/without-quiz?lang=xx')).statusCode).toBe(400);
  });
});
