import { expect, type Page, test } from '@playwright/test';
import { chooseOption } from './support/antd.ts';
import { seriousViolations } from './support/axe.ts';
import { openSignedIn } from './support/session.ts';

const CALENDAR = '/admin/initiatives/calendar';
const DAY_MS = 86_400_000;

/** A day as the calendar writes it (DD/MM/YYYY), `days` from today in the browser's zone. */
function dayFromToday(days: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) + days * DAY_MS);
}
const written = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('/');
const monthName = (date: Date) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
function firstOfMonth(offset: number): Date {
  const today = dayFromToday(0);
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + offset, 1));
}
/** "Semana de … a …" of the week (Sunday first, in Portuguese) `weeks` from this one. */
function weekTitle(weeks: number): string {
  const today = dayFromToday(0);
  const sunday = new Date(today.getTime() + (weeks * 7 - today.getUTCDay()) * DAY_MS);
  return `Semana de ${written(sunday)} a ${written(new Date(sunday.getTime() + 6 * DAY_MS))}`;
}

async function openCalendar(page: Page) {
  await openSignedIn(page);
  await page.goto(CALENDAR);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendário de iniciativas');
}

/** The view switch's option (antd's radio input is hidden under its label). */
async function chooseView(page: Page, view: string) {
  await page.locator('.calendar-toolbar .ant-segmented').getByText(view, { exact: true }).click();
  await expect(page.getByRole('radio', { name: view })).toBeChecked();
  // The previous period stays on screen, faded, until the new one arrives, then fades back in over
  // 0.2 s: axe read mid-fade sees too little contrast.
  for (const content of await page.locator('.calendar-content').all()) {
    await expect(content).toHaveCSS('opacity', '1');
  }
}

const period = (page: Page) => page.getByRole('heading', { level: 2 }).first();
const initiatives = (page: Page) => page.locator('a.initiative-link');

/** Presses Tab until an initiative of the calendar has the focus, and answers its accessible name. */
async function tabToInitiative(page: Page): Promise<string> {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const active = document.activeElement;
      return active?.classList.contains('initiative-link') ? active.getAttribute('aria-label') : null;
    });
    if (name) return name;
  }
  throw new Error('no initiative reached by Tab');
}

test.describe('the initiatives calendar (/admin/initiatives/calendar)', () => {
  test('by keyboard: month and week, next and previous, and an initiative opened with Enter', async ({
    page,
  }) => {
    await openCalendar(page);
    await expect(period(page)).toHaveText(monthName(firstOfMonth(0)));
    // The demo's approved initiative playing now (from 3 days ago to 11 days ahead), by its whole name.
    const playing = initiatives(page).filter({ hasText: 'Ativação da Estação' }).first();
    await expect(playing).toHaveAccessibleName(
      new RegExp(
        `^Ativação da Estação, em .+, de ${written(dayFromToday(-3))} a ${written(dayFromToday(11))}, Aprovada$`,
      ),
    );
    await expect(playing).toContainText('Aprovada');

    // The view switch is a radio group: the arrow keys move it.
    await page.getByRole('radio', { name: 'Mês' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(period(page)).toHaveText(weekTitle(0));
    // The week is grouped by location: each row is headed by its location's name.
    await expect(page.locator('.calendar-location').first().getByRole('heading', { level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Próxima semana' }).focus();
    await page.keyboard.press('Enter');
    await expect(period(page)).toHaveText(weekTitle(1));
    await page.getByRole('button', { name: 'Semana anterior' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(period(page)).toHaveText(weekTitle(-1));
    await page.getByRole('button', { name: 'Hoje', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(period(page)).toHaveText(weekTitle(0));

    await page.getByRole('radio', { name: 'Semana' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(period(page)).toHaveText(monthName(firstOfMonth(0)));
    await page.getByRole('button', { name: 'Próximo mês' }).focus();
    await page.keyboard.press('Enter');
    await expect(period(page)).toHaveText(monthName(firstOfMonth(1)));
    await page.getByRole('button', { name: 'Mês anterior' }).focus();
    await page.keyboard.press('Enter');
    await expect(period(page)).toHaveText(monthName(firstOfMonth(0)));

    await page.getByRole('button', { name: 'Hoje', exact: true }).focus();
    const name = await tabToInitiative(page);
    expect(name).toMatch(
      /^.+, em .+, de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}, (Em Análise|Aprovada|Necessita Alteração|Reprovada|Inativo)$/,
    );
    const href = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(href).toMatch(/^\/admin\/initiatives\/\d+\/update$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(href ?? '');
  });

  test('keeps the month shown and the filter after a reload, and lists 20 per page by id', async ({
    page,
  }) => {
    await openCalendar(page);
    await page.getByRole('button', { name: 'Próximo mês' }).click();
    await expect(period(page)).toHaveText(monthName(firstOfMonth(1)));
    const filtered = page.waitForRequest((request) => request.url().includes('status=approved'));
    await chooseOption(page, 'Status', 'Aprovada');
    await filtered;

    await page.reload();
    await expect(period(page)).toHaveText(monthName(firstOfMonth(1)));
    await expect(page.locator('.calendar-filters')).toContainText('Aprovada');
    await page.getByRole('button', { name: 'Mês anterior' }).click();
    await expect(period(page)).toHaveText(monthName(firstOfMonth(0)));
    await expect(initiatives(page).first()).toBeVisible();
    for (const label of await initiatives(page).evaluateAll((links) =>
      links.map((link) => link.getAttribute('aria-label') ?? ''),
    ))
      expect(label).toMatch(/, Aprovada$/);

    // The list view: the same filter and month, 20 per page ordered by id ascending.
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    const listCall = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/initiatives' && response.url().includes('perPage=20'),
    );
    await chooseView(page, 'Lista');
    const response = await listCall;
    const query = new URL(response.url()).searchParams;
    expect(query.get('perPage')).toBe('20');
    expect(query.get('orderBy')).toBe('Initiative.Id');
    expect(query.get('orderByDirection')).toBe('asc');
    const { data } = (await response.json()) as { data: { initiativeId: number }[] };
    const ids = data.map((row) => row.initiativeId);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    await expect
      .poll(async () =>
        (await page.locator('.calendar-list tbody tr.ant-table-row td:first-child').allTextContents()).map(
          Number,
        ),
      )
      .toEqual(ids);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Lista' })).toBeChecked();
  });

  test('month, week and list have no serious axe violations on a desktop', async ({ page }) => {
    await openCalendar(page);
    for (const view of ['Mês', 'Semana', 'Lista']) {
      await chooseView(page, view);
      await expect(page.locator('.calendar-content, .calendar-list').first()).toBeVisible();
      expect(await seriousViolations(page), `${view} at 1280 px`).toEqual([]);
    }
  });

  test('at 375 px the month is a list per day without horizontal scrolling; axe finds nothing serious', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openCalendar(page);
    await chooseView(page, 'Mês');
    const days = page.locator('ol.calendar-day-list > li');
    await expect(days.first()).toBeVisible();
    await expect(page.locator('.calendar-month')).toHaveCount(0);
    // Today's approved initiative is listed under today.
    await expect(
      days
        .filter({ hasText: 'Hoje' })
        .getByRole('link', { name: /^Ativação da Estação, / })
        .first(),
    ).toBeVisible();
    for (const view of ['Mês', 'Semana', 'Lista']) {
      await chooseView(page, view);
      await expect(page.locator('.calendar-content, .calendar-list').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, view).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `${view} at 375 px`).toEqual([]);
    }
  });
});
