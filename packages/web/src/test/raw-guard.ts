import { act } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { changeLang, currentLang, i18n } from '../i18n/i18n';
import { I18N_KEYS, keysOf, rawWords } from './raw-words';

/** Every key of the catalogues loaded now (platform, families, family screens), in either language. */
function loadedKeys(): Set<string> {
  const keys = new Set(I18N_KEYS);
  for (const lang of ['zh_CN', 'en_US']) keysOf(i18n.getResourceBundle(lang, 'translation') as unknown, '', keys);
  return keys;
}

/** Every `<ns>.eventCodes.<code>` label of the language shown, by code (a device's event codes). */
function eventCodeLabels(): [string, string][] {
  const out: [string, string][] = [];
  const bundle = (i18n.getResourceBundle(currentLang(), 'translation') ?? {}) as Record<string, unknown>;
  const walk = (node: unknown, under: string) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'eventCodes' && typeof v === 'object' && v !== null) {
        for (const [code, label] of Object.entries(v)) if (typeof label === 'string') out.push([code, label]);
      } else walk(v, `${under}.${k}`);
    }
  };
  walk(bundle, '');
  return out;
}

/**
 * The text an operator reads: every text node on its own line (so that adjacent cells never glue into
 * one word), and the placeholders and tooltips of the page. A chart stand-in (jsdom draws no canvas and
 * the tests print the chart's option) and a select's hidden accessibility list are not text on screen.
 */
export function screenText(root: HTMLElement = document.body): string {
  const lines: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT, {
    acceptNode: (node) =>
      node instanceof HTMLElement &&
      (node.dataset.testid === 'chart-option' ||
        node.tagName === 'STYLE' ||
        node.tagName === 'SCRIPT' ||
        // a select's accessibility list (its option values, 0 px high), not shown
        (node.getAttribute('role') === 'listbox' && node.style.height === '0px'))
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof HTMLElement) {
      // Visible texts only: an aria-label is not shown (an icon's is antd's icon name, "poweroff").
      for (const attr of ['placeholder', 'title']) {
        const value = node.getAttribute(attr);
        if (value) lines.push(value);
      }
    } else if (node.textContent?.trim()) lines.push(node.textContent);
  }
  return lines.join('\n');
}

/**
 * What is raw on a screen in the language shown: i18n keys (either language), JSON, ISO/UTC times, event
 * codes shown beside their labels and, in zh-CN, the contract's enumeration identifiers standing alone.
 */
export function rawOnScreen(text = screenText()): string[] {
  const found = new Set<string>();
  const keys = loadedKeys();
  for (const token of text.match(/[A-Za-z_][A-Za-z0-9_.-]*[A-Za-z0-9_]/g) ?? [])
    if (token.includes('.') && keys.has(token)) found.add(token);
  if (currentLang() === 'zh_CN') for (const word of rawWords(text)) found.add(word);
  // A code beside its label ("灯具故障 (19)"): the label says it, the device's code is not for the operator.
  for (const [code, label] of eventCodeLabels())
    for (const shown of [`${label} (${code})`, `${label}（${code}）`, `${label}(${code})`])
      if (text.includes(shown)) found.add(shown);
  for (const json of text.match(/[{[]\s*"[A-Za-z_]+"\s*:/g) ?? []) found.add(json);
  for (const iso of text.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g) ?? [])
    found.add(iso);
  return [...found];
}

/** Fails when the screen shows raw text now (see rawOnScreen), naming what and in which language. */
export function expectNothingRaw(where = 'screen'): void {
  const text = screenText();
  const raw = rawOnScreen(text);
  const lines = text.split('\n').filter((line) => raw.some((word) => line.includes(word)));
  expect(raw, `raw text on the ${currentLang()} ${where}: ${lines.slice(0, 8).join(' ⏎ ')}`).toEqual([]);
}

/**
 * The raw-text check after every test of a screen's file (issue 13): what the test left on screen is
 * read in zh-CN, then again after a switch to the other language (i18n keys, JSON, UTC). One line in a
 * family's test file gives its screens the check.
 */
export function guardRawText(): void {
  afterEach(async () => {
    if (!document.body.textContent?.trim()) return;
    await act(() => changeLang('zh_CN'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expectNothingRaw();
    await act(() => changeLang('en_US'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expectNothingRaw();
    await changeLang('zh_CN');
  });
}
