import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chooseOption } from './antd.ts';

let counter = 0;

/**
 * A catalog name no other spec (or earlier run against the same data) has used: journeys run on
 * parallel workers, so the worker's number keeps two workers apart within the same millisecond.
 */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}w${process.env.TEST_WORKER_INDEX ?? 0}n${counter}`;
}

/** A small PNG drawn at run time, so no binary fixture lives in the repository. */
export function pngImage(color = '#c2410c'): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Creates a category through the form, in Portuguese, optionally with its three translations. */
export async function createCategory(
  page: Page,
  name: string,
  translations: { pt?: string; en?: string; es?: string } = {},
) {
  await page.goto('/admin/categories/create');
  await page.getByLabel('Nome', { exact: true }).fill(name);
  if (translations.pt) await page.getByLabel('Nome (Português)', { exact: true }).fill(translations.pt);
  if (translations.en) await page.getByLabel('Nome (English)', { exact: true }).fill(translations.en);
  if (translations.es) await page.getByLabel('Nome (Español)', { exact: true }).fill(translations.es);
  await page.getByRole('button', { name: 'Salvar' }).click();
  const saved = page.getByRole('dialog').filter({ hasText: 'Registro salvo com sucesso' });
  await saved.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/admin/categories');
}

/** Creates a fragrance through the form with a generated PNG, in the given (active) category. */
export async function createFragrance(page: Page, name: string, category: string) {
  await page.goto('/admin/fragrances/create');
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await chooseOption(page, 'Categoria', category, category);
  await page.getByLabel('Caminho olfativo', { exact: true }).fill('Cítrico e fresco');
  await page
    .getByLabel('Imagem', { exact: true })
    .setInputFiles({ name: 'fragrancia.png', mimeType: 'image/png', buffer: await pngImage() });
  await expect(page.getByRole('img', { name: 'Pré-visualização da imagem' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  const saved = page.getByRole('dialog').filter({ hasText: 'Registro salvo com sucesso' });
  await saved.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/admin/fragrances');
}
