import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { tableRow } from './antd.ts';
import { pngImage } from './catalog.ts';
import { ADMIN } from './session.ts';

export type Campaign = { campaignId: number; name: string; updatedAt: string; isDefault: boolean };

// One sign-in a worker for a few minutes (the access token lives 15): a sign-in per API call made the
// whole run pass the sign-in route's limit (30 a minute from one address) and get 429s.
const BEARER_REUSE_MS = 5 * 60_000;
let signedIn: { at: number; headers: Record<string, string> } | undefined;

export async function bearer(request: APIRequestContext): Promise<Record<string, string>> {
  if (signedIn && Date.now() - signedIn.at < BEARER_REUSE_MS) return signedIn.headers;
  const response = await request.post('/api/login', { data: ADMIN });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  signedIn = { at: Date.now(), headers: { Authorization: `Bearer ${token}`, 'Content-Language': 'pt-BR' } };
  return signedIn.headers;
}

/** Active fragrances of the demo data (and of other journeys), `count` of them with distinct ids. */
async function activeFragrances(
  request: APIRequestContext,
  count: number,
): Promise<{ fragranceId: number; name: string }[]> {
  const response = await request.get('/api/fragrances', {
    headers: await bearer(request),
    params: { isActive: 'true', perPage: 50 },
  });
  const rows = ((await response.json()) as { data: { fragranceId: number; name: string }[] }).data;
  if (rows.length < count) throw new Error(`the demo data has fewer than ${count} active fragrances`);
  return rows.slice(0, count);
}

/** The campaign form of docs/api.md, with a generated cover and the first `slots` active fragrances. */
async function campaignForm(
  request: APIRequestContext,
  name: string,
  { slots = 1, extra = {} }: { slots?: number; extra?: Record<string, string> } = {},
) {
  const headers = await bearer(request);
  const collection: Record<string, string> = {};
  (await activeFragrances(request, slots)).forEach((fragrance, index) => {
    collection[`collection[${index}][fragranceId]`] = String(fragrance.fragranceId);
    collection[`collection[${index}][slot]`] = String(index + 1);
  });
  return {
    headers,
    multipart: {
      name,
      'descriptions[0][language]': 'pt-BR',
      'descriptions[0][description]': 'Campanha dos testes',
      ...collection,
      'cover.file': { name: 'capa.png', mimeType: 'image/png', buffer: await pngImage('#0f766e') },
      ...extra,
    },
  };
}

export async function createCampaign(request: APIRequestContext, name: string, slots = 1): Promise<Campaign> {
  const response = await request.post('/api/campaigns', await campaignForm(request, name, { slots }));
  expect(response.status()).toBe(201);
  return (await response.json()) as Campaign;
}

/** Saves the campaign again (same fields): a new `updatedAt`, so a new QR code. */
export async function saveCampaign(request: APIRequestContext, campaign: Campaign): Promise<Campaign> {
  const form = await campaignForm(request, campaign.name, { extra: { updatedAt: campaign.updatedAt } });
  const response = await request.put(`/api/campaigns/${campaign.campaignId}`, form);
  expect(response.status()).toBe(200);
  return (await response.json()) as Campaign;
}

export async function customerCode(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/public-config');
  return ((await response.json()) as { customerCode: string }).customerCode;
}

/** An image's pixels, RGBA, as jsQR reads them. */
async function rgba(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), ...info };
}

/** Reads a QR code back from a screenshot of `image` (what a phone's camera would see). */
export async function decodeQrScreenshot(image: Locator): Promise<string | undefined> {
  await expect(image).toBeVisible();
  const { data, width, height } = await rgba(await image.screenshot());
  return jsQR(data, width, height)?.data;
}

/**
 * The quiet zone of the QR code drawn by the SVG `image`, in modules: the blank columns left of the
 * first dark pixel, measured on a screenshot, over the width of one module (the viewBox's unit).
 */
export async function quietZoneModules(image: Locator): Promise<number> {
  const viewBox = (await image.getAttribute('viewBox')) ?? '';
  const modules = Number(viewBox.split(' ')[2]);
  const { data, width, height } = await rgba(await image.screenshot());
  let firstDark = width;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < firstDark; x += 1) {
      const at = (y * width + x) * 4;
      if ((data[at] ?? 255) < 128) firstDark = x;
    }
  }
  return firstDark / (width / modules);
}

/** The campaigns list in Portuguese, searched down to `search`; answers that row once it shows. */
export async function openCampaignsList(page: Page, search: string): Promise<Locator> {
  await page.goto('/admin/campaigns');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Campanhas');
  // The row may show from the unsearched first page; a test that changes it through the API meanwhile
  // must not see the searched page's answer arrive after its change.
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('search') === search,
  );
  await page.getByRole('searchbox', { name: 'Pesquisar pelo nome da campanha' }).fill(search);
  await searched;
  const row = tableRow(page, search);
  await expect(row).toBeVisible();
  return row;
}
