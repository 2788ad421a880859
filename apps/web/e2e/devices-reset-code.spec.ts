import { expect, type Route, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { activeDevices, openDevicesList } from './support/devices.ts';
import { openSignedIn } from './support/session.ts';

test('the reset code counts down each second, renews at zero, and nothing is asked once the dialog is closed', async ({
  page,
  request,
}) => {
  // The demo fleet provisions every device it gives a history: they hold a secret, so they have a code.
  const device = (await activeDevices(request)).find((other) => other.isProvisioned);
  if (!device) throw new Error('the demo data has no provisioned device');

  const codeRequests: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `/api/devices/reset-code/${device.deviceId}`)
      codeRequests.push(sent.url());
  });
  // The renewal is held until the dialog has been seen saying so, then answered with a new code.
  let releaseRenewal: (route: Route) => void = () => undefined;
  const renewalHeld = new Promise<Route>((resolve) => {
    releaseRenewal = resolve;
  });
  await page.route(`**/api/devices/reset-code/${device.deviceId}`, async (route) => {
    if (codeRequests.length <= 1) return route.continue();
    releaseRenewal(route);
  });

  await page.clock.install();
  await openSignedIn(page);
  const row = await openDevicesList(page, device.macAddress);
  await page.clock.pauseAt(Date.now() + 1_000);

  const firstAnswer = page.waitForResponse((response) => response.url().includes('/reset-code/'));
  await row.getByRole('button', { name: 'Mostrar código de reset' }).click();
  const dialog = page.getByRole('dialog');
  const answer = (await (await firstAnswer).json()) as { code: string; secondsLeft: number };
  const code = dialog.getByTestId('reset-code');
  const countdown = dialog.getByTestId('reset-code-countdown');
  await expect(code).toContainText(answer.code);
  // The countdown starts from the server's seconds left, and ticks with the (controlled) clock.
  const secondsText = (seconds: number) => `Válido por mais ${seconds} segundo${seconds === 1 ? '' : 's'}`;
  await expect(countdown).toHaveText(secondsText(answer.secondsLeft));
  if (answer.secondsLeft > 1) {
    await page.clock.runFor(1_000);
    await expect(countdown).toHaveText(secondsText(answer.secondsLeft - 1));
  }
  expect(codeRequests).toHaveLength(1);

  // At zero: 'GETTING NEW' while the next code is asked for, then the new code and a full countdown.
  await page.clock.runFor(answer.secondsLeft * 1_000);
  await expect(code).toHaveText('OBTENDO NOVO');
  await expect(dialog).toContainText('OBTENDO NOVO');
  const held = await renewalHeld;
  expect(codeRequests).toHaveLength(2);
  await held.fulfill({
    json: {
      code: '654321',
      secondsLeft: 60,
      stepSeconds: 60,
      validUntil: new Date(Date.now() + 60_000).toISOString(),
      serverTime: new Date().toISOString(),
    },
  });
  await expect(code).toContainText('654321');
  await expect(countdown).toHaveText(secondsText(60));
  await page.clock.runFor(1_000);
  await expect(countdown).toHaveText(secondsText(59));

  // Closed: two minutes later, not one more request.
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(dialog).toBeHidden();
  await page.clock.runFor(120_000);
  await page.waitForTimeout(300);
  expect(codeRequests).toHaveLength(2);
});

test('the reset code dialog passes the accessibility audit', async ({ page, request }) => {
  const device = (await activeDevices(request)).find((other) => other.isProvisioned);
  if (!device) throw new Error('the demo data has no provisioned device');
  await openSignedIn(page);
  const row = await openDevicesList(page, device.macAddress);
  await row.getByRole('button', { name: 'Mostrar código de reset' }).click();
  await expect(page.getByRole('dialog').getByTestId('reset-code')).toHaveText(/\d{6}/);
  expect(await seriousViolations(page, '.ant-modal')).toEqual([]);
});
