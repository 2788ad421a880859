import { expect, type Page, test } from '@playwright/test';
import { PATHS } from '../src/lib/paths.ts';
import { seriousViolations } from './support/axe.ts';
import { createCampaign } from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import { createDeviceThroughApi } from './support/devices.ts';
import { createLocationThroughApi, createOrganizationThroughApi } from './support/organizations.ts';
import { openSignedIn } from './support/session.ts';

// Every admin page of the path table the router is built from: a resource's list, or a page of its own.
const ADMIN_PAGES = Object.values(PATHS.admin).flatMap((entry) =>
  typeof entry === 'string' ? [entry] : [entry.list, ...('calendar' in entry ? [entry.calendar] : [])],
);
const RESOURCE_LISTS = Object.values(PATHS.admin).flatMap((entry) =>
  typeof entry === 'string' ? [] : [entry.list],
);

/** What scrolls sideways: the window itself, or any box inside the list that scrolls to show its content. */
function sidewaysScrollers(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) found.push('the page');
    for (const element of document.querySelectorAll<HTMLElement>('.resource-list, .resource-list *')) {
      const { overflowX } = getComputedStyle(element);
      const scrolls = overflowX === 'auto' || overflowX === 'scroll';
      if (scrolls && element.scrollWidth > element.clientWidth + 1)
        found.push(element.className || element.tagName);
    }
    return found;
  });
}

for (const { width, name } of [
  { width: 1280, name: 'a 1280 px laptop' },
  { width: 375, name: 'a 375 px phone' },
]) {
  test(`no list scrolls sideways on ${name}, and axe finds nothing serious`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    await openSignedIn(page);
    const lists: string[] = [];
    for (const path of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const list = page.locator('section.resource-list');
      if ((await list.count()) === 0) continue;
      lists.push(path);
      // Loaded: rows (the demo data has records in every list) and no spinner.
      await expect(list.locator('.ant-table-row').first()).toBeVisible();
      await expect(list.locator('.ant-spin-spinning')).toHaveCount(0);
      expect(await sidewaysScrollers(page), path).toEqual([]);
      if (width < 768) {
        await expect(list.locator('thead'), path).toHaveCount(0);
        await expect(list.locator('.list-card-name').first(), path).not.toBeEmpty();
        await expect(list.getByRole('combobox', { name: 'Ordenação' }), path).toBeVisible();
        await expect(list.locator('.ant-pagination'), path).toBeVisible();
      }
      expect(await seriousViolations(page, 'section.resource-list'), path).toEqual([]);
    }
    expect(lists).toEqual(expect.arrayContaining(RESOURCE_LISTS));
  });
}

test('at 1280 px a long unbroken name wraps in its cell instead of widening the list', async ({
  page,
  request,
}) => {
  // One word of 40 letters: the list must not depend on which records another journey just created.
  const word = 'Perfumariasaromaticasdonordestebrasileiro';
  const organization = await createOrganizationThroughApi(request, uniqueName(word));
  const location = await createLocationThroughApi(request, organization.organizationId, uniqueName(word));
  const campaign = await createCampaign(request, uniqueName(word));
  await createDeviceThroughApi(request, { locationId: location.locationId, campaignId: campaign.campaignId });
  await openSignedIn(page);
  for (const path of [PATHS.admin.devices.list, PATHS.admin.locations.list, PATHS.admin.organizations.list]) {
    await page.goto(path);
    const list = page.locator('section.resource-list');
    await expect(list.locator('.ant-table-row').first()).toContainText(word.slice(0, 12));
    await expect(list.locator('.ant-spin-spinning')).toHaveCount(0);
    expect(await sidewaysScrollers(page), path).toEqual([]);
  }
});

test('at 1280 px the devices list shows connection, status and creation, and the rest in the row', async ({
  page,
}) => {
  await openSignedIn(page);
  await page.goto(PATHS.admin.devices.list);
  const list = page.getByRole('region', { name: 'Dispositivos' });
  for (const column of ['Conexão', 'Status', 'Criado em']) {
    await expect(list.getByRole('columnheader', { name: column })).toBeInViewport();
  }
  await expect(list.getByRole('columnheader', { name: 'Campanha' })).toHaveCount(0);
  await list
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /expandir/i })
    .click();
  await expect(list.locator('.record-details').first()).toContainText('Campanha');
});

test('on a phone a list is cards sorted by a choice, and the choice is remembered', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page);
  await page.goto(PATHS.admin.devices.list);
  const list = page.getByRole('region', { name: 'Dispositivos' });
  await list.getByRole('combobox', { name: 'Ordenação' }).click();
  const sorted = page.waitForResponse((response) => {
    const { searchParams } = new URL(response.url());
    return searchParams.get('orderBy') !== null && searchParams.get('orderByDirection') === 'asc';
  });
  await page.locator('.ant-select-item-option', { hasText: 'Conexão, crescente' }).click();
  await sorted;
  await page.reload();
  await expect(list.getByRole('combobox', { name: 'Ordenação' })).toBeVisible();
  await expect(list.locator('.list-sort')).toContainText('Conexão, crescente');
});
