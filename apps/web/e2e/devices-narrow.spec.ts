import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { activeDevices, openDevicesList } from './support/devices.ts';
import { openSignedIn } from './support/session.ts';

test('the devices list and the page of a demo device fit a 375 px phone', async ({ page, request }) => {
  // A provisioned device of the demo fleet: linked user, connection, campaign slots and schedule.
  const device = (await activeDevices(request)).find((other) => other.isProvisioned);
  if (!device) throw new Error('the demo data has no provisioned device');
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  const row = await openDevicesList(page, device.macAddress);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/admin\/devices\/\d+\/update$/);
  const capsules = page.getByRole('region', { name: 'Cápsulas por slot' });
  await expect(capsules.getByRole('img', { name: /Nível das cápsulas por slot/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Agenda de difusão' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  // The status card's labels are readable and the capsules table scrolls by keyboard, narrow and wide.
  const table = capsules.getByRole('region', { name: 'Tabela de cápsulas por slot' });
  await table.focus();
  await expect(table).toBeFocused();
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await seriousViolations(page, 'main')).toEqual([]);
});
