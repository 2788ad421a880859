import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// docs/performance/login-page.md: the login route loads at most 150 KB of gzipped JavaScript, the
// scripts written inline in its HTML included.
const BUDGET_BYTES = 150 * 1024;
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

type ManifestChunk = { file: string; name?: string; src?: string };

/** Each inline script of a page's HTML, gzipped alone: JavaScript the page runs as much as a file. */
function inlineScriptSizes(html: string): number[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((code) => code.trim() !== '')
    .map((code) => gzipSync(code, { level: 9 }).length);
}

/** The built chunks' file names are bare hashes; the manifest says what each one holds. */
function chunkNames(): Map<string, string> {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  return new Map(
    Object.values(manifest).map((chunk) => [`/${chunk.file}`, chunk.src ?? chunk.name ?? chunk.file]),
  );
}

test('the login page loads at most 150 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('javascript')) {
      // Gzip the decoded body ourselves: the figure does not depend on the server's compression.
      scripts.set(
        new URL(response.url()).pathname,
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    }
  });
  const response = await page.goto('/auth/login');
  const inline = inlineScriptSizes((await response?.text()) ?? '');
  await expect(page.getByRole('link', { name: /App Store/ })).toBeVisible();
  // The prerendered page boots the app on its own after a few idle seconds: everything it runs on is
  // counted, without a focus in the form (which starts fetching the signed-in home).
  await expect(page.locator('#prerendered-page')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');

  const sizes = [...(await Promise.all(scripts.values())), ...inline];
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const summary = `${scripts.size} files and ${inline.length} inline scripts, ${(total / 1024).toFixed(1)} KB gzipped`;
  test.info().annotations.push({ type: 'login-js', description: summary });
  console.log(`login page JavaScript: ${summary}`);
  expect(total).toBeGreaterThan(50 * 1024);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);

  // Ant Design (the signed-in shell) and zod load after sign-in only.
  const names = chunkNames();
  const loaded = [...scripts.keys()].map((path) => names.get(path) ?? path);
  expect(loaded).toContain('index.html');
  expect(loaded.filter((name) => /admin-layout|^zod$/.test(name))).toEqual([]);
});
