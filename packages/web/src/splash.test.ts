import fs from 'node:fs';
import path from 'node:path';
import { I18N_RESOURCES } from '@sc/contract';
import { describe, expect, it } from 'vitest';
import { THEME } from './app/theme';

/**
 * The splash in index.html, painted before the console's code has loaded, names the product as the login
 * page's title does, at the title's size: on a slow phone the name is the first and the largest thing
 * read (Lighthouse's largest contentful paint, docs/performance.md), and the login page that replaces it
 * draws nothing larger in its place.
 */
const html = fs.readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');

describe('the splash', () => {
  it("names the product in the default language, at the login title's size", () => {
    const name = I18N_RESOURCES.zh_CN.common.productName;
    expect(html).toContain(`<div class="boot-name">${name}</div>`);
    const size = /\.boot-name\s*\{[^}]*font:\s*600\s+(\d+)px/.exec(html)?.[1];
    // antd's heading 3 (24 px) unless the theme sets another.
    expect(Number(size)).toBe(THEME.token?.fontSizeHeading3 ?? 24);
  });
});
