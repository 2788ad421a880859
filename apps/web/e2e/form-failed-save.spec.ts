import { expect, test } from '@playwright/test';
import { type Campaign, createCampaign, saveCampaign } from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import { openSignedIn } from './support/session.ts';

test.describe('a failed save on a long form', () => {
  for (const width of [1280, 375]) {
    test(`a stale save focuses one alert, in view at the save button, which reloads the record (${width} px)`, async ({
      page,
      request,
    }) => {
      const campaign: Campaign = await createCampaign(request, uniqueName('Campanha antiga'), 12);
      await page.setViewportSize({ width, height: 800 });
      await openSignedIn(page);
      await page.goto(`/admin/campaigns/${campaign.campaignId}/update`);
      await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(campaign.name);
      await page.getByLabel('Nome', { exact: true }).fill(`${campaign.name} editada`);
      const save = page.getByRole('button', { name: 'Salvar' });
      await save.scrollIntoViewIfNeeded();

      // Someone else saves the campaign meanwhile.
      await saveCampaign(request, campaign);
      await save.click();

      const alerts = page.locator('main [role="alert"]');
      await expect(alerts).toHaveCount(1);
      const alert = alerts.first();
      await expect(alert).toContainText('Outra pessoa alterou este registro');
      await expect(alert).toBeFocused();
      await expect(alert).toBeInViewport();
      await expect(save).toBeInViewport();
      // Its text keeps the alert's width: on a phone the reload button goes under it, not beside it.
      const text = await alert.locator('.ant-alert-section').boundingBox();
      const whole = await alert.boundingBox();
      expect((text?.width ?? 0) / (whole?.width ?? 1)).toBeGreaterThan(0.7);

      // The alert's reload shows the current version, and the failure is over.
      await alert.getByRole('button', { name: 'Recarregar o registro' }).click();
      await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(campaign.name);
      await expect(alerts).toHaveCount(0);
    });
  }
});
