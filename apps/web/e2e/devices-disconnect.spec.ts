import { expect, test } from '@playwright/test';
import { activeDevices, openDevicesList } from './support/devices.ts';
import { openSignedIn } from './support/session.ts';

test('disconnecting a linked user is confirmed, said in a dialog, and the reloaded row has no user nor the action', async ({
  page,
  request,
}) => {
  // The demo fleet links app users to some devices; this journey alone unlinks one (the last by MAC).
  const linked = (await activeDevices(request)).filter((device) => device.user !== null);
  const device = linked.at(-1);
  if (!device?.user) throw new Error('the demo data has no device with a linked user');
  const userName = device.user.nome;

  await openSignedIn(page);
  const row = await openDevicesList(page, device.macAddress);
  await expect(row).toContainText(userName);

  await row.getByRole('button', { name: 'Desconectar usuário' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Desconectar ${userName}` });
  await expect(confirm).toBeVisible();
  const reloaded = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      new URL(response.url()).pathname === '/api/devices' &&
      new URL(response.url()).searchParams.get('search') === device.macAddress,
  );
  await confirm.getByRole('button', { name: 'Desconectar usuário' }).click();

  const done = page.getByRole('dialog').filter({ hasText: `${userName} foi desconectado do dispositivo.` });
  await expect(done).toBeVisible();
  await reloaded;
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();

  // The list was read again: the user cell is empty and the action is gone.
  await expect(row).not.toContainText(userName);
  await expect(row.getByRole('button', { name: 'Desconectar usuário' })).toHaveCount(0);
  const after = (await activeDevices(request)).find((other) => other.deviceId === device.deviceId);
  expect(after?.user).toBeNull();
});

test('a device without a linked user offers no disconnect', async ({ page, request }) => {
  const device = (await activeDevices(request)).find((other) => other.user === null);
  if (!device) throw new Error('the demo data has no device without a user');
  await openSignedIn(page);
  const row = await openDevicesList(page, device.macAddress);
  await expect(row.getByRole('link', { name: 'Editar' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Desconectar usuário' })).toHaveCount(0);
});
