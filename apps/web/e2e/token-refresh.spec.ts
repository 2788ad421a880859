import { expect, test } from '@playwright/test';
import { readAuth, signIn, writeAccessToken } from './support/session.ts';

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
  // A session of its own: the refresh rotates the refresh token that the shared session must keep.
  await signIn(page);
  const before = await readAuth(page);
  await writeAccessToken(page, 'expired-or-forged-token');

  let refreshCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/login/refresh')) refreshCalls += 1;
  });
  await page.goto('/admin/users');

  await expect(page).toHaveURL('/admin/users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuários');
  await expect.poll(async () => (await readAuth(page))?.authData?.token).not.toBe('expired-or-forged-token');
  const after = await readAuth(page);
  expect(after?.authData?.token).toBeTruthy();
  // Not compared with the sign-in's access token: the session's id is kept across a refresh, so a token
  // issued in the same second as the sign-in's is the same token. The refresh token always rotates.
  expect(after?.authData?.refreshToken).not.toBe(before?.authData?.refreshToken);
  expect(after?.user?.nome).toBe(before?.user?.nome);
  expect(refreshCalls).toBe(1);
  await expect(page.getByText('Sua sessão expirou')).toHaveCount(0);
});
