import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { withCnpjCheckDigits } from '@scentia/shared/br-documents';
import { bearer } from './campaigns.ts';

const CNPJ_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A valid CNPJ no other journey uses: 12 random base characters (digits only, or digits and letters
 * for the alphanumeric form) completed with their check digits.
 */
export function uniqueCnpj(isAlphanumeric = false): string {
  const characters = isAlphanumeric ? CNPJ_CHARACTERS : CNPJ_CHARACTERS.slice(0, 10);
  let base = '';
  while (base.length < 12) base += characters[Math.floor(Math.random() * characters.length)];
  // Two letters in the middle, so the alphanumeric form always has some.
  if (isAlphanumeric) base = `${base.slice(0, 2)}AB${base.slice(4)}`;
  return withCnpjCheckDigits(base);
}

export type CreatedOrganization = { organizationId: number; name: string };

/** Creates an organisation through the API, as the admin. */
export async function createOrganizationThroughApi(
  request: APIRequestContext,
  name: string,
): Promise<CreatedOrganization> {
  const response = await request.post('/api/organizations', {
    headers: await bearer(request),
    data: { name, legalName: `${name} Ltda.`, cnpj: uniqueCnpj(), address: { country: 'BR' } },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as CreatedOrganization;
}

/** Creates a location of organisation `organizationId` through the API, as the admin. */
export async function createLocationThroughApi(
  request: APIRequestContext,
  organizationId: number,
  name: string,
): Promise<{ locationId: number; name: string }> {
  const response = await request.post('/api/locations', {
    headers: await bearer(request),
    data: { organizationId, name, address: { country: 'BR', state: 'RJ', city: 'Rio de Janeiro' } },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { locationId: number; name: string };
}

/** Picks the option of an antd Select (labelled `label`) that contains `option`, searching `search`. */
export async function pickOption(page: Page, label: string, search: string, option = search) {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await field.fill(search);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}
