import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the antd Select labelled `label`, types `search` (if any) and picks the option `option`. */
export async function chooseOption(page: Page, label: string, option: string, search?: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  if (search) await field.fill(search);
  const item = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) });
  await item.first().click();
}

/** The form item (label, control, messages) of the field labelled `label`. */
export function formItem(page: Page | Locator, label: string): Locator {
  return page.locator('.ant-form-item').filter({
    has: page.locator('label').filter({ hasText: new RegExp(`^${label}$`) }),
  });
}

/** The row of a table that contains `text`. */
export function tableRow(page: Page, text: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
}

/** Opens a list row's expansion, where the columns its layout folds away are shown, and returns it. */
export async function rowDetails(row: Locator): Promise<Locator> {
  await row.getByRole('button', { name: 'Expandir linha' }).click();
  return row.locator('xpath=following-sibling::tr[1]').locator('.record-details');
}

/** Waits for the list's "from-to of total" and returns the total. */
export async function listTotal(page: Page): Promise<number> {
  const range = page.locator('.ant-pagination-total-text');
  await expect(range).toBeVisible();
  const match = ((await range.textContent()) ?? '').match(/(\d+)\s*$/);
  return Number(match?.[1] ?? Number.NaN);
}

/** Whether the focus is inside `locator` (a dialog, once it has opened). */
export function holdsFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.contains(document.activeElement));
}

/**
 * Presses `key` until `target` has the focus, at most `maxPresses` times: Tab or Shift+Tab to a
 * control past others whose tab stops antd adds or leaves out by state, an arrow key to a menu's item
 * (antd's menu moves its focus a frame after the key, so two frames pass before each look).
 */
export async function pressUntilFocused(
  page: Page,
  key: string,
  target: Locator,
  maxPresses: number,
): Promise<void> {
  await expect(target).toBeVisible();
  for (let pressed = 0; pressed < maxPresses; pressed += 1) {
    await page.keyboard.press(key);
    const isFocused = await target.evaluate(
      (element) =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(element === document.activeElement)),
          ),
        ),
    );
    if (isFocused) return;
  }
  await expect(target).toBeFocused();
}

/**
 * Presses Tab until `target` has the focus, at most `maxPresses` times: for a field reached past
 * controls whose tab stops antd adds or leaves out by state (a select's clear button shows once a
 * value is chosen and the pointer or focus is on it).
 */
export function tabTo(page: Page, target: Locator, maxPresses = 3): Promise<void> {
  return pressUntilFocused(page, 'Tab', target, maxPresses);
}
