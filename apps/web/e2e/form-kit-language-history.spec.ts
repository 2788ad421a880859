import { expect, test } from '@playwright/test';
import { bearer, createCampaign } from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import { openSignedIn } from './support/session.ts';

const TIMESTAMP = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;

test.describe('the form kit', () => {
  test("antd's steppers and clear buttons speak Portuguese", async ({ page }) => {
    await openSignedIn(page);
    await page.goto('/admin/campaigns/create');
    const shots = page.locator('.ant-input-number').first();
    await expect(shots.getByRole('button', { name: 'Aumentar valor' })).toHaveCount(1);
    await expect(shots.getByRole('button', { name: 'Diminuir valor' })).toHaveCount(1);
    await expect(page.locator('[aria-label="Increase Value"], [aria-label="Decrease Value"]')).toHaveCount(0);

    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Pesquisar por nome ou e-mail' }).fill('ana');
    await expect(page.getByRole('button', { name: 'Limpar' })).toBeVisible();
    await expect(page.locator('[aria-label="Clear"]')).toHaveCount(0);
  });

  test("after a create, the dialog's every Tab stop is a control with a visible focus", async ({ page }) => {
    await openSignedIn(page);
    await page.goto('/admin/categories/create');
    await page.getByLabel('Nome', { exact: true }).fill(uniqueName('Foco'));
    await page.getByRole('button', { name: 'Salvar' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog').filter({ hasText: 'Registro salvo com sucesso' });
    await expect(dialog).toBeVisible();
    for (let stop = 0; stop < 4; stop += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          text: element.textContent ?? '',
          isInDialog: !!element.closest('.ant-modal'),
          hasIndicator: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
        };
      });
      expect(focused, `Tab stop ${stop + 1}`).toMatchObject({ isInDialog: true, hasIndicator: true });
      expect(['Sair', 'Novo registro']).toContain(focused.text);
    }
  });

  test('the History card names fields and records, and writes its dates in the one format', async ({
    page,
    request,
  }) => {
    const campaign = await createCampaign(request, uniqueName('Campanha histórico'));
    const headers = await bearer(request);
    const me = await request.get('/api/usuario/me', { headers });
    const adminName = ((await me.json()) as { nome: string }).nome;
    const printed = await request.post(`/api/campaigns/qr-prints/${campaign.campaignId}`, {
      headers,
      data: { kind: 'print', campaignUpdatedAt: campaign.updatedAt },
    });
    expect(printed.ok()).toBe(true);
    const slot = await request.get(`/api/campaigns/${campaign.campaignId}`, { headers });
    const { collection } = (await slot.json()) as { collection: { fragranceId: number; slot: number }[] };
    const fragrance = await request.get(`/api/fragrances/${collection[0]?.fragranceId}`, { headers });
    const fragranceName = ((await fragrance.json()) as { name: string }).name;

    await openSignedIn(page);
    await page.goto(`/admin/campaigns/${campaign.campaignId}/update`);
    const history = page.locator('section.record-history');
    await expect(history.getByText('Impresso por:').locator('..')).toHaveText(`Impresso por: ${adminName}`);
    await expect(history.getByText('Formato do QR code:').locator('..')).toHaveText(
      'Formato do QR code: Impressão',
    );
    await expect(history.getByText(`Fragrância (slot ${collection[0]?.slot}):`).locator('..')).toHaveText(
      `Fragrância (slot ${collection[0]?.slot}): ${fragranceName}`,
    );
    await expect(history).not.toContainText('printed_by');
    await expect(history).not.toContainText('kind:');
    await expect(history.locator('.record-history-when').first()).toContainText(TIMESTAMP);
  });
});
