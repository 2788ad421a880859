import { type APIRequestContext, expect, type Page, type Response, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { type Credentials, signIn } from './support/session.ts';
import { confirmThroughMail, createUserThroughApi } from './support/users.ts';

type Notifications = {
  unreadCount: number;
  total: number;
  items: { alertId: number; isRead: boolean; device: { deviceId: number } }[];
};

const PASSWORD = 'Alertas#2026';

/**
 * A staff member of their own (read marks are each person's, so the shared demo admin's stay as
 * they are for the other journeys), signed in through the form.
 */
async function newStaffMember(
  request: APIRequestContext,
  name: string,
  isWaitingForAlerts = true,
): Promise<Credentials> {
  const user = await createUserThroughApi(request, { nome: name, email: uniqueEmail('alertas') });
  await confirmThroughMail(request, user.email, PASSWORD);
  const credentials = { email: user.email, password: PASSWORD };
  if (!isWaitingForAlerts) return credentials;
  // The demo's alerts are raised by the alerts job's first run at start-up: wait until it has run.
  const login = await request.post('/api/login', { data: credentials });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await expect
    .poll(async () => {
      const answer = await request.get('/api/notifications', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await answer.json()) as Notifications).unreadCount;
    })
    .toBeGreaterThan(0);
  return credentials;
}

function isNotificationsRead(response: Response): boolean {
  return new URL(response.url()).pathname === '/api/notifications' && response.request().method() === 'GET';
}

async function notificationsOf(response: Promise<Response>): Promise<Notifications> {
  const answer = await response;
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Notifications;
}

/** The header's button, named by its unread count ("Abrir painel rápido: 3 notificações não lidas"). */
function panelButton(page: Page) {
  return page.getByRole('button', { name: /^Abrir painel rápido/ });
}

function unreadLabel(count: number): string {
  if (count === 0) return 'Abrir painel rápido';
  return `Abrir painel rápido: ${count} ${count === 1 ? 'notificação não lida' : 'notificações não lidas'}`;
}

test('the unread count, a notification read and followed to its device, then all marked read', async ({
  page,
  request,
}) => {
  // A new account, its mail and a sign-in through the form take most of the default time on a busy machine.
  test.slow();
  const credentials = await newStaffMember(request, 'Nina Notificada');
  const firstRead = page.waitForResponse(isNotificationsRead);
  await signIn(page, credentials);
  const before = await notificationsOf(firstRead);
  expect(before.unreadCount).toBeGreaterThan(0);
  await expect(panelButton(page)).toHaveAccessibleName(unreadLabel(before.unreadCount));

  await panelButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Painel rápido' });
  const list = panel.getByRole('list', { name: 'Alertas abertos' });
  await expect(list.getByRole('listitem')).toHaveCount(before.items.length);
  await expect(panel.locator('.notifications-toolbar').getByRole('status')).toHaveText(
    `${before.unreadCount} ${before.unreadCount === 1 ? 'não lida' : 'não lidas'}`,
  );

  // Each says what happened and what to do, its urgency in words; the unread ones say so.
  const first = list.getByRole('listitem').first();
  await expect(first).toContainText(/Crítico: agir hoje|Atenção: programar/);
  await expect(first).toContainText(/do dispositivo|O dispositivo/);
  await expect(first).toContainText(/Troque-a|Programe|Verifique/);
  await expect(first).toContainText('Não lida');
  await expect(first).toContainText(/Aberto em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  // Following the device's link reads the alert, closes the panel and opens the device's page.
  const [followed] = before.items;
  if (!followed) throw new Error('no notification to follow');
  const marked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/api/notifications/read/${followed.alertId}`,
  );
  const reread = page.waitForResponse(isNotificationsRead);
  await first.getByRole('link', { name: /^Abrir o dispositivo / }).click();
  expect((await marked).ok()).toBe(true);
  await expect(page).toHaveURL(`/admin/devices/${followed.device.deviceId}/update`);
  await expect(panel).toBeHidden();
  const after = await notificationsOf(reread);
  expect(after.items.find((item) => item.alertId === followed.alertId)?.isRead).toBe(true);
  expect(after.unreadCount).toBeLessThan(before.unreadCount);
  await expect(panelButton(page)).toHaveAccessibleName(unreadLabel(after.unreadCount));

  // Mark all as read: nothing unread left, on the panel and on the header.
  await panelButton(page).click();
  await expect(panel).toBeVisible();
  const allRead = page.waitForResponse(isNotificationsRead);
  await panel.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  expect((await notificationsOf(allRead)).unreadCount).toBe(0);
  await expect(panel.locator('.notifications-toolbar').getByRole('status')).toHaveText('Nenhuma não lida');
  await expect(list.getByText('Não lida', { exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
  await expect(panelButton(page)).toHaveAccessibleName('Abrir painel rápido');
});

test('the daily digest setting is saved and still on after a reload', async ({ page, request }) => {
  test.slow();
  const credentials = await newStaffMember(request, 'Rui Resumo', false);
  await signIn(page, credentials);

  await panelButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Painel rápido' });
  await panel.getByRole('tab', { name: 'Configurações' }).click();
  const digest = panel.getByRole('switch', { name: 'Resumo diário por e-mail' });
  await expect(digest).not.toBeChecked();
  const saved = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/notification-settings' &&
      response.request().method() === 'PUT',
  );
  await digest.click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('Preferência salva')).toBeVisible();
  await expect(digest).toBeChecked();

  await page.reload();
  await panelButton(page).click();
  await panel.getByRole('tab', { name: 'Configurações' }).click();
  await expect(panel.getByRole('switch', { name: 'Resumo diário por e-mail' })).toBeChecked();
});
