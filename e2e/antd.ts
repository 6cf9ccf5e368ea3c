import type { Locator, Page } from 'playwright-core';

/** Drives the antd widgets the journeys share: the open dialog, Select/TreeSelect picks and saving. */

export const dialog = (page: Page) => page.locator('.ant-modal:visible').last();
export const createButton = (page: Page) => page.getByRole('button', { name: /新\s*增|^Create$/ });
export const tableRow = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });

const OPTION = '.ant-select-item-option:visible, .ant-select-tree-node-content-wrapper:visible';

/**
 * Opens a Select/TreeSelect by its input, optionally types to filter, clicks the matching option and
 * waits until the select shows it: a click that lands while the dropdown is still moving is retried
 * instead of leaving the field empty for the form to refuse later.
 */
export async function pick(page: Page, field: Locator, text: string, search = true): Promise<void> {
  const select = field.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  for (let attempt = 1; ; attempt++) {
    await field.click();
    if (search) await field.pressSequentially(text);
    await page.locator(OPTION, { hasText: text }).first().click();
    const shown = await select
      .filter({ hasText: text })
      .waitFor({ timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    if (attempt === 3) throw new Error(`The select did not take "${text}": it shows "${await select.textContent()}"`);
    await page.keyboard.press('Escape');
  }
}

/** Clicks the open dialog's primary button, for a form that is expected to be refused. */
export async function submit(page: Page): Promise<void> {
  await dialog(page).locator('.ant-btn-primary').click();
}

/**
 * Clicks the dialog's primary button and waits until every dialog has closed. When one stays open,
 * the error carries what it shows (a form error or the server's refusal) instead of a bare timeout.
 */
export async function save(page: Page): Promise<void> {
  const open = dialog(page);
  await submit(page);
  try {
    await page.waitForFunction(
      () => document.querySelectorAll('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').length === 0,
    );
  } catch (error) {
    const shown = await open.textContent().catch(() => '(gone)');
    const notices = await page
      .locator('.ant-message-notice, .ant-notification-notice')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`The dialog stayed open. It shows:\n${shown}\nNotices: ${notices.join(' | ')}`, { cause: error });
  }
}
