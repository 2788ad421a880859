import { readFileSync } from 'node:fs';
import { expect, type Page, type Route, test } from '@playwright/test';
import { ADMIN, submitLogin } from './support/session.ts';

/** The built chunk of a source module (the chunks' names are bare hashes; the manifest maps them). */
function chunkOf(source: string): string {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in the build's manifest`);
  return `/${chunk.file}`;
}

/** Holds every request for `path` until the answer's release is called. */
async function hold(page: Page, path: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

const campaignsDonut = (page: Page) =>
  page
    .getByRole('region', { name: 'Disparos por campanha', exact: true })
    .locator('path.dashboard-donut-slice')
    .first();

test.describe('signing in to the dashboard', () => {
  test('asks for the current user once and draws the charts before the texts below them arrive', async ({
    page,
  }) => {
    const userReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/usuario/me') userReads.push(request.method());
    });
    const releaseTexts = await hold(page, chunkOf('src/locales/pt-BR/dashboard-initiatives.json'));

    await page.goto('/auth/login');
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL('/admin/home');
    await expect(campaignsDonut(page)).toBeVisible();
    expect(userReads).toEqual(['GET']);

    releaseTexts();
    await expect(page.getByRole('region', { name: 'Identidade visual', exact: true })).toBeVisible();
    expect(userReads).toEqual(['GET']);
  });

  test("asks for the campaigns' chart with the route, before the page's own code has arrived", async ({
    page,
  }) => {
    const releasePage = await hold(page, chunkOf('src/features/dashboard/pages/dashboard-page.tsx'));
    await page.goto('/auth/login');
    const campaigns = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/shots-campaign',
    );
    await submitLogin(page, ADMIN);
    await campaigns;

    releasePage();
    await expect(campaignsDonut(page)).toBeVisible();
  });
});
