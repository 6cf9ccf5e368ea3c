import type { Locator, Page } from 'playwright-core';

/** Drives the antd widgets the journeys share: the open dialog, Select/TreeSelect picks and saving. */

export const dialog = (page: Page) => page.locator('.ant-modal:visible').last();
export const createButton = (page: Page) => page.getByRole('button', { name: /新\s*增|^Create$/ });
export const tableRow = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });

const OPTION = '.ant-select-item-option:visible, .ant-select-tree-node-content-wrapper:visible';

/**
 * Opens a Select/TreeSelect by its input, optionally types to filter, picks the matching option and
 * waits until the select shows it. The first try clicks the option; a click that lands while the
 * dropdown is still moving (it re-aligns as the search narrows it) is retried with the keyboard,
 * which no layout shift can miss.
 */
export async function pick(page: Page, field: Locator, text: string, search = true): Promise<void> {
  const select = field.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  for (let attempt = 1; ; attempt++) {
    await field.click();
    if (search) await field.pressSequentially(text);
    const option = page.locator(OPTION, { hasText: text }).first();
    if (attempt === 1 || (await option.getAttribute('class'))?.includes('tree')) await option.click();
    else await chooseByKeyboard(page, text);
    const shown = await select
      .filter({ hasText: text })
      .waitFor({ timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    if (attempt === 3) throw new Error(`The select did not take "${text}": it shows "${await select.textContent()}"`);
    // Closes the dropdown for the next try; with none open, Escape would close the dialog around the select.
    if (await page.locator('.ant-select-dropdown:visible').count()) await page.keyboard.press('Escape');
  }
}

/** Moves the open dropdown's active option down to the one with the text and presses Enter. */
async function chooseByKeyboard(page: Page, text: string): Promise<void> {
  const active = page.locator('.ant-select-item-option-active:visible');
  for (let step = 0; step < 50; step++) {
    if ((await active.textContent({ timeout: 2000 }).catch(() => ''))?.includes(text)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

/**
 * Closes the open dialog by its close button and waits until it has gone: Escape goes to whatever
 * holds the focus (a select inside the dialog keeps it), so it may not reach the dialog.
 */
export async function closeDialog(page: Page): Promise<void> {
  const modal = await dialog(page).elementHandle();
  if (!modal) throw new Error('No dialog is open');
  await (await modal.$('.ant-modal-close'))?.click();
  await modal.waitForElementState('hidden');
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
