import { expect, test } from '@playwright/test';
import { ADMIN, readAuth, signIn, submitLogin, writeAccessToken } from './support/session.ts';

test('a revoked refresh token sends the user to login with the expired message, then back', async ({
  page,
}) => {
  // A session of its own: revoking the shared one would sign every other journey out.
  await signIn(page);
  await page.goto('/admin/campaigns');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Campanhas');

  const auth = await readAuth(page);
  const revoke = await page.request.post('/api/logout', {
    data: { refreshToken: auth?.authData?.refreshToken },
  });
  expect(revoke.status()).toBe(204);
  await writeAccessToken(page, 'expired-or-forged-token');
  await page.reload();

  await expect(page).toHaveURL('/auth/login?expired=true');
  await expect(page.getByRole('status').filter({ hasText: 'Sua sessão expirou' })).toBeVisible();
  expect(await readAuth(page)).toBeNull();

  // Signing in again within 120 s returns to the page the session ended on.
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL('/admin/campaigns');
  expect(await page.evaluate(() => localStorage.getItem('lastLocation'))).toBeNull();
});
