import { expect, test } from '@playwright/test';
import { formItem } from './support/antd.ts';
import { pngImage } from './support/catalog.ts';
import { openSignedIn } from './support/session.ts';

test('a file over 5 MB shows the max-size message and is never sent', async ({ page }) => {
  await openSignedIn(page);
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/fragrances')) uploads.push(request.url());
  });
  await page.goto('/admin/fragrances/create');
  await page.getByLabel('Nome', { exact: true }).fill('Fragrância pesada');
  await page.getByLabel('Caminho olfativo', { exact: true }).fill('Oriental');

  const image = page.getByLabel('Imagem', { exact: true });
  await image.setInputFiles({
    name: 'grande.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1_048_576 + 1, 1),
  });
  await expect(formItem(page, 'Imagem')).toContainText('O arquivo excede o tamanho máximo de 5 MB.');
  await expect(page.getByRole('img', { name: 'Pré-visualização da imagem' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeDisabled();

  // A file within the limit clears the message.
  await image.setInputFiles({ name: 'leve.png', mimeType: 'image/png', buffer: await pngImage() });
  await expect(formItem(page, 'Imagem')).not.toContainText('tamanho máximo');
  await expect(page.getByRole('img', { name: 'Pré-visualização da imagem' })).toBeVisible();
  expect(uploads).toEqual([]);
});
