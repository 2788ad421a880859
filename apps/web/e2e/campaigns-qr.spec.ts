import { expect, test } from '@playwright/test';
import {
  createCampaign,
  customerCode,
  decodeQrScreenshot,
  openCampaignsList,
  quietZoneModules,
  saveCampaign,
} from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import { openSignedIn } from './support/session.ts';

/** The pages of a PDF as Chromium writes it: one `/Type /Page` dictionary each. */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
}

test('the QR dialog reads the campaign afresh: a save after the list loaded is the code shown and recorded', async ({
  page,
  request,
}) => {
  const code = await customerCode(request);
  const campaign = await createCampaign(request, uniqueName('Inverno'));
  await openSignedIn(page);
  const row = await openCampaignsList(page, campaign.name);
  // Someone saves the campaign after the list was drawn: the row still holds the old version.
  const saved = await saveCampaign(request, campaign);
  expect(saved.updatedAt).not.toBe(campaign.updatedAt);

  const opener = row.getByRole('button', { name: `QR code da campanha ${campaign.name}` });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `QR code — ${campaign.name}` });
  const expected = `campaign|${code}|${campaign.campaignId}|${saved.updatedAt}`;
  await expect(dialog.getByTestId('campaign-qr-text')).toHaveText(expected);
  expect(await decodeQrScreenshot(dialog.getByRole('img', { name: /^QR code da campanha/ }))).toBe(expected);

  // What is recorded is the version drawn, and the dialog then reports that print as current.
  const recorded = page.waitForRequest(
    (sent) =>
      sent.method() === 'POST' && sent.url().endsWith(`/api/campaigns/qr-prints/${campaign.campaignId}`),
  );
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Baixar SVG' }).click();
  await download;
  expect((await recorded).postDataJSON()).toEqual({ kind: 'svg', campaignUpdatedAt: saved.updatedAt });
  await expect(dialog.getByText(/Último código impresso ou baixado em/)).toBeVisible();
  await expect(dialog.getByText(/são de uma versão anterior/)).toHaveCount(0);

  // Closing the dialog, by its button or by Escape, gives the focus back to the button that opened it.
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('campaign-qr-text')).toHaveText(expected);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('the printed sheet of a campaign with 20 slots is one A4 or Letter page with a vector code', async ({
  page,
  request,
}) => {
  test.slow();
  const code = await customerCode(request);
  // A long name, so that the title takes two lines on paper.
  const campaign = await createCampaign(
    request,
    uniqueName(`Coleção de vinte fragrâncias ${'x'.repeat(50)}`),
    20,
  );
  await openSignedIn(page);
  const row = await openCampaignsList(page, campaign.name);
  await row.getByRole('button', { name: `QR code da campanha ${campaign.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `QR code — ${campaign.name}` });
  const expected = `campaign|${code}|${campaign.campaignId}|${campaign.updatedAt}`;
  await expect(dialog.getByTestId('campaign-qr-text')).toHaveText(expected);

  // On paper: the name, the code, its text and the 20 slots; no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(dialog.getByRole('heading', { name: campaign.name })).toBeVisible();
  await expect(dialog.locator('.campaign-qr-slots tbody tr')).toHaveCount(20);
  await expect(dialog.getByTestId('campaign-qr-text')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  const image = dialog.getByRole('img', { name: /^QR code da campanha/ });
  expect(await image.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
  expect(await decodeQrScreenshot(image)).toBe(expected);
  expect(await quietZoneModules(image)).toBeCloseTo(4, 0);

  // Chromium's default print margins are about 0.4 in; the sheet also fits with none.
  for (const format of ['A4', 'Letter'] as const) {
    for (const margin of ['0.4in', '0']) {
      const pdf = await page.pdf({
        format,
        preferCSSPageSize: true,
        margin: { top: margin, right: margin, bottom: margin, left: margin },
      });
      expect(pageCount(pdf), `${format} with ${margin} margins`).toBe(1);
    }
  }
});
