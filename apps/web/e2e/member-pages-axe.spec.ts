import { expect, type Page, test } from '@playwright/test';
import { PATHS } from '../src/lib/paths.ts';
import { seriousViolations } from './support/axe.ts';
import { type Credentials, MEMBER_MANAGER, MEMBER_VIEWER, openSignedIn } from './support/session.ts';

/** The pages the member's side menu leads to, read from the menu itself (at a width that shows it). */
async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: /menu/i });
  await expect(menu.getByRole('link').first()).toBeVisible();
  const hrefs = await menu
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  return hrefs.filter((href): href is string => href !== null);
}

/** Waits until the page has drawn its heading and its data (no spinner, no skeleton left). */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
}

/** The first record page a list links to (its first row's edit or open action), if it has rows. */
async function firstRecordPath(page: Page): Promise<string | undefined> {
  const action = page.locator('section.resource-list a.row-action').first();
  if ((await action.count()) === 0) return undefined;
  return (await action.getAttribute('href')) ?? undefined;
}

/**
 * The member's pages: their menu's, each list's first record (a location shows its schedule), the
 * calendar. `onMenuPage` is called on each menu page once it has settled, at the walk's 1280 px.
 */
async function memberPages(page: Page, onMenuPage?: (path: string) => Promise<void>) {
  const paths = await menuPaths(page);
  expect(paths).toEqual(expect.arrayContaining([PATHS.admin.home, PATHS.admin.locations.list]));
  expect(paths).not.toContain(PATHS.admin.users.list);
  const others: string[] = [PATHS.admin.initiatives.calendar];
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    await onMenuPage?.(path);
    const record = await firstRecordPath(page);
    if (record) others.push(record);
  }
  expect(others).toEqual(expect.arrayContaining([expect.stringMatching(/\/admin\/locations\/\d+\/update$/)]));
  return { menu: paths, others };
}

for (const { role, account } of [
  { role: 'a Manager', account: MEMBER_MANAGER },
  { role: 'a Viewer', account: MEMBER_VIEWER },
] satisfies { role: string; account: Credentials }[]) {
  for (const width of [1280, 375]) {
    test(`${role} walks every page of their menu and its records at ${width} px, and axe finds nothing serious`, async ({
      page,
    }) => {
      // About fifteen pages, each audited whole.
      test.setTimeout(480_000);
      await page.setViewportSize({ width: 1280, height: 800 });
      await openSignedIn(page, account);
      const found: Record<string, unknown> = {};
      const audit = async (path: string) => {
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[path] = violations;
      };
      // At 1280 px the walk that finds the pages audits each menu page while it is open; at 375 px
      // every page is opened again at that width.
      const { menu, others } = await memberPages(page, width === 1280 ? audit : undefined);
      await page.setViewportSize({ width, height: 800 });
      for (const path of width === 1280 ? others : [...menu, ...others]) {
        await page.goto(path);
        await settled(page);
        await audit(path);
      }
      expect(found).toEqual({});
    });
  }
}

test("a Manager's location form shows the staff's fields read-only and the contact data to edit", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, MEMBER_MANAGER);
  await page.goto(PATHS.admin.locations.list);
  await settled(page);
  const record = await firstRecordPath(page);
  expect(record).toMatch(/\/admin\/locations\/\d+\/update$/);
  await page.goto(record ?? '');
  await settled(page);
  for (const label of ['Organização', 'Nome', 'Fuso horário'])
    await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Observação', { exact: true })).toBeEnabled();
});
