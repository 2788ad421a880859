import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { chooseOption, tableRow } from './support/antd.ts';
import { seriousViolations } from './support/axe.ts';
import { pngImage, uniqueName } from './support/catalog.ts';
import { ADMIN, openSignedIn } from './support/session.ts';

/** The names of four active demo fragrances: one per slot, since a fragrance takes one slot only. */
async function fragranceNames(request: APIRequestContext): Promise<string[]> {
  const login = await request.post('/api/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const response = await request.get('/api/fragrances', {
    headers: { Authorization: `Bearer ${token}` },
    params: { isActive: 'true', perPage: 10 },
  });
  const names = ((await response.json()) as { data: { name: string }[] }).data.map((row) => row.name);
  const distinct = [...new Set(names)].slice(0, 4);
  if (distinct.length < 4) throw new Error('the demo data has fewer than four active fragrances');
  return distinct;
}

const ring = (page: Page) => page.getByRole('group', { name: 'Slots do dispositivo' });

test('an admin builds a campaign with a cover and four slots, three by mouse and one by keyboard, and reopens it', async ({
  page,
  request,
}) => {
  const [first, second, third, fourth] = (await fragranceNames(request)) as [string, string, string, string];
  const name = uniqueName('Verão');
  await openSignedIn(page);
  await page.goto('/admin/campaigns/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nova campanha');

  const save = page.getByRole('button', { name: 'Salvar' });
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await expect(page.getByLabel('Disparos por fragrância', { exact: true })).toHaveValue('100');
  // The tabs say which descriptions are missing; pt-BR is the required one.
  await expect(page.getByRole('tab', { name: 'Português (obrigatória)' })).toBeVisible();
  await page.getByLabel('Descrição (Português)', { exact: true }).fill('Frescor de verão.');
  await expect(page.getByRole('tab', { name: 'Português', exact: true })).toBeVisible();
  await page
    .getByLabel('Capa', { exact: true })
    .setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: await pngImage('#0369a1') });
  await expect(page.getByRole('img', { name: 'Pré-visualização da capa' })).toBeVisible();
  // No slot yet: the device rule keeps the save disabled.
  await expect(save).toBeDisabled();

  // Three slots with the mouse: the slot, then the fragrance from the quick search.
  for (const [slot, fragrance] of [
    [1, first],
    [5, second],
    [12, third],
  ] as const) {
    await ring(page)
      .getByRole('button', { name: `Slot ${slot}: vazio` })
      .click();
    await chooseOption(page, `Fragrância do slot ${slot}`, fragrance, fragrance);
    await expect(ring(page).getByRole('button', { name: `Slot ${slot}: ${fragrance}` })).toBeVisible();
  }

  // One with the keyboard only: the ring is one tab stop, the arrows walk it, Enter selects, Tab
  // reaches the typeahead.
  await ring(page).locator('button[tabindex="0"]').focus();
  await expect(ring(page).getByRole('button', { name: `Slot 12: ${third}` })).toBeFocused();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await expect(ring(page).getByRole('button', { name: 'Slot 15: vazio' })).toBeFocused();
  // The focused slot is also named in the ring's centre, for sighted keyboard users.
  await expect(ring(page).locator('.device-ring-caption')).toHaveText('Slot 15: vazio');
  await page.keyboard.press('Enter');
  await expect(ring(page).getByRole('button', { name: 'Slot 15: vazio' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Fragrância do slot 15', { exact: true })).toBeFocused();
  await page.keyboard.type(fourth);
  await expect(
    page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${fourth}$`) }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(ring(page).getByRole('button', { name: `Slot 15: ${fourth}` })).toBeVisible();

  // The table lists the four slots with 5 seconds each; slot 15 gets 8.
  const slots = page.locator('.device-editor .ant-table-tbody tr.ant-table-row');
  await expect(slots).toHaveCount(4);
  await expect(page.getByLabel('Segundos por disparo do slot 1', { exact: true })).toHaveValue('5');
  await page.getByLabel('Segundos por disparo do slot 15', { exact: true }).fill('8');

  expect(await seriousViolations(page)).toEqual([]);

  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/campaigns'),
  );
  await expect(save).toBeEnabled();
  await save.click();
  expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  const saved = page.getByRole('dialog').filter({ hasText: 'Registro salvo com sucesso' });
  await saved.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/admin/campaigns');

  await page.getByRole('searchbox', { name: 'Pesquisar pelo nome da campanha' }).fill(name);
  const row = tableRow(page, name);
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/\d+\/update$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editar campanha');
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(name);
  await expect(ring(page).getByRole('button', { name: `Slot 15: ${fourth}` })).toBeVisible();
  await expect(ring(page).getByRole('button', { name: `Slot 5: ${second}` })).toBeVisible();
  await expect(page.getByLabel('Segundos por disparo do slot 15', { exact: true })).toHaveValue('8');
  await expect(page.getByRole('img', { name: 'Pré-visualização da capa' })).toBeVisible();
});

test('on a 375 px wide screen the ring fits and its slots can be chosen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openSignedIn(page);
  await page.goto('/admin/campaigns/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nova campanha');
  const box = await ring(page).boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(200);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await ring(page).getByRole('button', { name: 'Slot 11: vazio' }).click();
  await expect(page.getByLabel('Fragrância do slot 11', { exact: true })).toBeVisible();
});
