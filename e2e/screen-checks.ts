import type { Page } from 'playwright-core';
import { rawWords } from '../packages/web/src/test/raw-words';

/**
 * What a quick look at a screen flags (issue 13), shared by the screenshot review (screens.ts) and the
 * every-screen journey (screens.e2e.ts): a page wider than the window, a table wider than its box (a
 * column hidden behind a sideways scroll), a table header broken one character per line, and on a zh-CN
 * screen an ASCII word of the contract's enumerations or an i18n key.
 */
export interface ScreenFindings {
  /** The page scrolls sideways. */
  pageOverflow: number;
  /** Per table: how many px of it are hidden behind its own sideways scroll. */
  tableOverflow: number[];
  /** Header texts that wrap with at most two characters per line. */
  brokenHeaders: string[];
  /** Raw words (zh-CN only). */
  raw: string[];
}

/** Waits until the screen's calls and spinners are done. */
export async function settle(page: Page, extraMs = 300): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active').length === 0, null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  // Colours measured once still: a transition under way (a control fading to disabled) has neither its
  // old nor its new contrast. Endless animations (a status dot's pulse) are not waited for.
  await page
    .waitForFunction(
      () => document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).length === 0,
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(extraMs);
}

export async function inspectScreen(page: Page, lang: 'zh_CN' | 'en_US'): Promise<ScreenFindings> {
  const measured = await page.evaluate(() => {
    const pageOverflow = Math.max(0, document.documentElement.scrollWidth - window.innerWidth);
    const tableOverflow = [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => Math.max(0, el.scrollWidth - el.clientWidth));
    const brokenHeaders: string[] = [];
    for (const th of document.querySelectorAll<HTMLElement>('.ant-table-thead th')) {
      if (th.offsetParent === null) continue;
      const text = (th.innerText ?? '').trim();
      const chars = text.replace(/\s+/g, '').length;
      if (chars < 2) continue;
      // The lines of the header's text (its words' boxes), not of its icons.
      const tops = new Set<number>();
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
      }
      if (tops.size >= 2 && chars / tops.size <= 2) brokenHeaders.push(text.replace(/\s+/g, ' '));
    }
    // The screen's words, but not those it shows as codes on purpose (`<code>`: type and model codes).
    const codes = [...document.querySelectorAll('code')].map((el) => (el as HTMLElement).innerText);
    let text = document.body.innerText;
    for (const code of codes) text = text.split(code).join(' ');
    return { pageOverflow, tableOverflow, brokenHeaders, text };
  });
  return {
    pageOverflow: measured.pageOverflow,
    tableOverflow: measured.tableOverflow,
    brokenHeaders: measured.brokenHeaders,
    raw: lang === 'zh_CN' ? rawWords(measured.text) : [],
  };
}

/** The findings as short notes; none when the screen is fine. */
export function describeFindings(f: ScreenFindings): string[] {
  const hidden = f.tableOverflow.filter((px) => px > 1);
  return [
    f.pageOverflow > 1 ? `page ${f.pageOverflow} px wider than the window` : '',
    hidden.length ? `table hides ${hidden.join('/')} px behind a sideways scroll` : '',
    f.brokenHeaders.length ? `header one character per line: ${f.brokenHeaders.join(', ')}` : '',
    f.raw.length ? f.raw.map((w) => `raw "${w}"`).join(', ') : '',
  ].filter(Boolean);
}
