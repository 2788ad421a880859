import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import {
  bearer,
  type Campaign,
  createCampaign,
  customerCode,
  decodeQrScreenshot,
  openCampaignsList,
  saveCampaign,
} from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import { openSignedIn } from './support/session.ts';

/** The dialog's QR code, read back from a screenshot once the campaign is in. */
async function decodeQr(page: Page): Promise<string | undefined> {
  await expect(page.getByTestId('campaign-qr-text')).toBeVisible();
  return decodeQrScreenshot(page.getByRole('img', { name: /^QR code da campanha/ }));
}

test('the list shows the campaigns with cover, slots and status, and the star sets the default', async ({
  page,
  request,
}) => {
  const headers = await bearer(request);
  const defaults = await request.get('/api/campaigns', {
    headers,
    params: { orderBy: 'isDefault', orderByDirection: 'desc', perPage: 10 },
  });
  const previous = ((await defaults.json()) as { data: Campaign[] }).data.find((row) => row.isDefault);
  const campaign = await createCampaign(request, uniqueName('Verão'));
  try {
    await openSignedIn(page);
    await page.goto('/admin/campaigns');
    // The demo campaigns are listed with their covers.
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await expect(page.locator('img.campaign-thumb').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const row = await openCampaignsList(page, campaign.name);
    await expect(row).toContainText('1/20');
    await expect(row).toContainText('Ativa');
    await expect(row.locator('img.campaign-thumb')).toBeVisible();
    await expect(row.getByRole('link', { name: 'Editar' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Excluir definitivamente' })).toHaveCount(0);

    await row.getByRole('button', { name: 'Definir campanha padrão' }).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: `Definir ${campaign.name} como a campanha padrão?` });
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Campanha padrão definida.')).toBeVisible();
    await expect(row.getByRole('img', { name: 'Campanha padrão' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Definir campanha padrão' })).toHaveCount(0);

    // Deactivating the default is offered, and refused by the API with its explanation.
    await row.getByRole('button', { name: 'Inativar' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: `Inativar a campanha ${campaign.name}?` })
      .getByRole('button', { name: 'Inativar' })
      .click();
    await expect(page.locator('.ant-modal-confirm-error')).toContainText(/padrão/);
  } finally {
    // The demo's default campaign is the default again for the other journeys.
    if (previous)
      await request.put('/api/campaigns/default', { headers, data: { campaignId: previous.campaignId } });
  }
});

test('the QR dialog draws the code of the campaign version, and a save makes it out of date', async ({
  page,
  request,
}) => {
  const code = await customerCode(request);
  const campaign = await createCampaign(request, uniqueName('Inverno'));
  await openSignedIn(page);
  let row = await openCampaignsList(page, campaign.name);
  await row.getByRole('button', { name: `QR code da campanha ${campaign.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `QR code — ${campaign.name}` });
  await expect(dialog).toBeVisible();
  const expected = `campaign|${code}|${campaign.campaignId}|${campaign.updatedAt}`;
  expect(await decodeQr(page)).toBe(expected);
  await expect(dialog.getByTestId('campaign-qr-text')).toHaveText(expected);
  expect(await seriousViolations(page)).toEqual([]);

  // A download is recorded with the version it carried.
  const recorded = page.waitForResponse((response) =>
    response.url().endsWith(`/api/campaigns/qr-prints/${campaign.campaignId}`),
  );
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Baixar PNG' }).click();
  expect((await download).suggestedFilename()).toBe(`campanha-${campaign.campaignId}-qr.png`);
  expect((await recorded).ok()).toBe(true);
  await expect(dialog.getByText(/Último código impresso ou baixado em/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  const saved = await saveCampaign(request, campaign);
  expect(saved.updatedAt).not.toBe(campaign.updatedAt);
  row = await openCampaignsList(page, campaign.name);
  await expect(row.getByText(/QR impresso desatualizado desde/)).toBeVisible();
  await row.getByRole('button', { name: `QR code da campanha ${campaign.name}` }).click();
  await expect(dialog.getByText(/são de uma versão anterior/)).toBeVisible();
  expect(await decodeQr(page)).toBe(`campaign|${code}|${campaign.campaignId}|${saved.updatedAt}`);
});

test('on a 375 px wide screen the list and the QR dialog are usable', async ({ page, request }) => {
  const campaign = await createCampaign(request, uniqueName('Outono'));
  await page.setViewportSize({ width: 375, height: 740 });
  await openSignedIn(page);
  const row = await openCampaignsList(page, campaign.name);
  const qr = row.getByRole('button', { name: `QR code da campanha ${campaign.name}` });
  await qr.scrollIntoViewIfNeeded();
  await qr.click();
  const canvas = page.getByRole('img', { name: `QR code da campanha ${campaign.name}` });
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  // The record is a card: nothing scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a refused set-default says so in the words of spec §8', async ({ page, request }) => {
  const headers = await bearer(request);
  const campaign = await createCampaign(request, uniqueName('Primavera'));
  await openSignedIn(page);
  const row = await openCampaignsList(page, campaign.name);
  // Someone deactivates the campaign after the list loaded: the star is still offered, the API refuses.
  expect((await request.delete(`/api/campaigns/${campaign.campaignId}`, { headers })).status()).toBe(204);
  await row.getByRole('button', { name: 'Definir campanha padrão' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `Definir ${campaign.name} como a campanha padrão?` })
    .getByRole('button', { name: 'Sim' })
    .click();
  await expect(page.locator('.ant-modal-confirm-error')).toContainText(
    'Erro ao definir a campanha como default',
  );
});
