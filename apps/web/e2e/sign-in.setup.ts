import { test as setup } from '@playwright/test';
import { ADMIN, MEMBER_MANAGER, MEMBER_VIEWER, OPERATOR, signedInState, signIn } from './support/session.ts';

// Each demo account the journeys share signs in once, through the form; the journeys reuse the
// browser state saved here (see openSignedIn) instead of waiting for the login page's role check.
for (const account of [ADMIN, OPERATOR, MEMBER_MANAGER, MEMBER_VIEWER]) {
  setup(`${account.email} signs in`, async ({ page }) => {
    await signIn(page, account);
    await page.context().storageState({ path: signedInState(account) });
  });
}
