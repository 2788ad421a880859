import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const BUDGET_BYTES = 200 * 1024;

test('the login page loads less than 200 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('javascript')) {
      // Gzip the decoded body ourselves: the figure does not depend on the server's compression.
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    }
  });
  await page.goto('/auth/login');
  await expect(page.getByRole('link', { name: /App Store/ })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const sizes = await Promise.all(scripts.values());
  const total = sizes.reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({
    type: 'login-js',
    description: `${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzipped`,
  });
  console.log(`login page JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThan(BUDGET_BYTES);
  // Ant Design belongs to the signed-in area only.
  expect([...scripts.keys()].some((url) => /admin-layout/.test(url))).toBe(false);
});
