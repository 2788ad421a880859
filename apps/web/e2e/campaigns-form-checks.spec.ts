import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { chooseOption, formItem } from './support/antd.ts';
import { bearer } from './support/campaigns.ts';
import { pngImage, uniqueName } from './support/catalog.ts';
import { openSignedIn } from './support/session.ts';

/** Names of active fragrances that have a picture, distinct, `count` of them. */
async function fragrancesWithImages(request: APIRequestContext, count: number): Promise<string[]> {
  const response = await request.get('/api/fragrances', {
    headers: await bearer(request),
    params: { isActive: 'true', perPage: 50 },
  });
  const rows = ((await response.json()) as { data: { name: string; image: unknown }[] }).data;
  const names = [...new Set(rows.filter((row) => row.image).map((row) => row.name))].slice(0, count);
  if (names.length < count) throw new Error(`fewer than ${count} active fragrances with a picture`);
  return names;
}

const ring = (page: Page) => page.getByRole('group', { name: 'Slots do dispositivo' });
const slotRows = (page: Page) => page.locator('.device-editor .ant-table-tbody tr.ant-table-row');

async function openCreate(page: Page) {
  await openSignedIn(page);
  await page.goto('/admin/campaigns/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nova campanha');
}

async function fillValidFields(page: Page) {
  await page.getByLabel('Nome', { exact: true }).fill(uniqueName('Regras'));
  await page.getByLabel('Descrição (Português)', { exact: true }).fill('Campanha das regras.');
  await page
    .getByLabel('Capa', { exact: true })
    .setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: await pngImage('#7c3aed') });
}

async function place(page: Page, slot: number, fragrance: string) {
  await ring(page)
    .getByRole('button', { name: new RegExp(`^Slot ${slot}:`) })
    .click();
  await chooseOption(page, `Fragrância do slot ${slot}`, fragrance, fragrance);
  await expect(
    ring(page).getByRole('button', { name: new RegExp(`^Slot ${slot}: ${fragrance}`) }),
  ).toBeVisible();
}

test('an emptied fragranceShots is refused under the field, as the API would, and Save stays disabled', async ({
  page,
  request,
}) => {
  const [first] = (await fragrancesWithImages(request, 1)) as [string];
  await openCreate(page);
  await fillValidFields(page);
  await place(page, 1, first);
  const save = page.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeEnabled();

  await page.getByLabel('Disparos por fragrância', { exact: true }).fill('');
  await expect(formItem(page, 'Disparos por fragrância')).toContainText('Campo obrigatório');
  await expect(save).toBeDisabled();
  await page.getByLabel('Disparos por fragrância', { exact: true }).fill('120');
  await expect(save).toBeEnabled();
});

test("the device speaks spec §5's words, marks the two clashing slots and shows placed thumbnails", async ({
  page,
  request,
}) => {
  const [first, second] = (await fragrancesWithImages(request, 2)) as [string, string];
  await openCreate(page);
  await fillValidFields(page);

  // A placed fragrance shows its own picture at once, not the generic icon.
  await place(page, 1, first);
  await expect(slotRows(page).first().locator('img.slot-table-thumb')).toBeVisible();

  // Clearing the only slot: the spec's sentence for a device without slots.
  await page.getByRole('button', { name: 'Esvaziar o slot 1' }).click();
  await expect(page.getByText('Favor preencher ao menos um slot do dispositivo.')).toBeVisible();

  await place(page, 1, first);
  await place(page, 2, second);
  // The typeahead says where a fragrance already sits.
  await ring(page).getByRole('button', { name: 'Slot 7: vazio' }).click();
  const picker = page.getByLabel('Fragrância do slot 7', { exact: true });
  await picker.click();
  await picker.fill(first);
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: first })
    .filter({ hasText: 'no slot 1' });
  await expect(option).toBeVisible();
  await option.click();

  await expect(page.getByText('Não é permitida mesma fragância em mais de um slot.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  // Slots 1 and 7 are marked, on the ring and in the table; slot 2 and the seconds fields are not.
  await expect(ring(page).locator('.device-slot-clash')).toHaveCount(2);
  await expect(
    ring(page).getByRole('button', { name: `Slot 7: ${first} (fragrância repetida em outro slot)` }),
  ).toBeVisible();
  const clashing = page.locator('.device-editor tr.slot-table-clash');
  await expect(clashing).toHaveCount(2);
  await expect(clashing.first()).toContainText('Também no slot 7');
  await expect(clashing.last()).toContainText('Também no slot 1');
  await expect(page.locator('.device-editor .ant-input-number-status-error')).toHaveCount(0);

  await page.getByRole('button', { name: 'Esvaziar o slot 7' }).click();
  await expect(page.getByText('Não é permitida mesma fragância em mais de um slot.')).toHaveCount(0);
  await expect(page.locator('.device-editor tr.slot-table-clash')).toHaveCount(0);
});

test("the ring's centre keeps naming the focused slot after the pointer leaves another", async ({ page }) => {
  await openCreate(page);
  const caption = ring(page).locator('.device-ring-caption');
  await ring(page).getByRole('button', { name: 'Slot 3: vazio' }).focus();
  await expect(caption).toHaveText('Slot 3: vazio');
  await ring(page).getByRole('button', { name: 'Slot 9: vazio' }).hover();
  await expect(caption).toHaveText('Slot 9: vazio');
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(caption).toHaveText('Slot 3: vazio');
});

test('from a description tab, Tab goes to its field and typing lands there', async ({ page }) => {
  await openCreate(page);
  const portuguese = page.getByRole('tab', { name: /^Português/ });
  await portuguese.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Descrição (Português)', { exact: true })).toBeFocused();
  await page.keyboard.type('Frescor.');
  await expect(page.getByLabel('Descrição (Português)', { exact: true })).toHaveValue('Frescor.');

  await portuguese.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /^English/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Descrição (English)', { exact: true })).toBeFocused();
  await page.keyboard.type('Fresh.');
  await expect(page.getByLabel('Descrição (English)', { exact: true })).toHaveValue('Fresh.');
});

test('at 375 px the slot table fits the screen with its clear buttons in sight', async ({
  page,
  request,
}) => {
  const [first, second] = (await fragrancesWithImages(request, 2)) as [string, string];
  await page.setViewportSize({ width: 375, height: 740 });
  await openCreate(page);
  await place(page, 1, first);
  await place(page, 2, second);
  for (const slot of [1, 2]) {
    // Not scrolled into view: that would scroll a table sideways and hide what a user meets.
    const clear = page.getByRole('button', { name: `Esvaziar o slot ${slot}` });
    const box = await clear.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, `clear button of slot ${slot}`).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
