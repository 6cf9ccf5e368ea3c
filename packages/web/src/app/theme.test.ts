import { PRIMARY_COLOR } from '@sc/contract';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { TAG_TEXT, THEME } from './theme';

/** WCAG 2 contrast of two colours (#rrggbb or rgba(r, g, b, a) laid over white). */
function contrast(a: string, b: string): number {
  const rgb = (c: string): number[] => {
    if (c.startsWith('#')) return [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));
    const [r, g, bl, alpha = 1] = (c.match(/[\d.]+/g) ?? []).map(Number);
    return [r, g, bl].map((v) => (v ?? 0) * alpha + 255 * (1 - alpha));
  };
  const lum = (c: string) => {
    const [r, g, bl] = rgb(c).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const tokens = theme.getDesignToken(THEME);
const components = THEME.components as Record<string, Record<string, string>>;

describe('the console theme', () => {
  it("keeps the spec's orange as the primary colour", () => {
    expect(tokens.colorPrimary).toBe(PRIMARY_COLOR);
  });

  it('reaches WCAG AA (4.5:1) for text: on white, on the orange and on the darker orange', () => {
    const white = '#ffffff';
    // antd's defaults fail: white on the orange 2.37:1, orange links 2.37:1, grey tertiary text 3.3:1.
    expect(contrast(white, PRIMARY_COLOR)).toBeLessThan(3);
    expect(contrast(tokens.colorLink, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tokens.colorPrimaryText, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tokens.colorTextTertiary, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tokens.colorTextDescription, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tokens.colorTextSecondary, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tokens.colorTextPlaceholder, white)).toBeGreaterThanOrEqual(4.5);
    // Text on the orange fill (primary buttons, checked radio buttons) is dark.
    expect(contrast(components.Button?.primaryColor ?? white, PRIMARY_COLOR)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(components.Radio?.buttonSolidCheckedColor ?? white, PRIMARY_COLOR)).toBeGreaterThanOrEqual(4.5);
    // White text sits on the darker orange (the selected menu item) and the darker red (badges).
    expect(contrast(white, components.Menu?.darkItemSelectedBg ?? PRIMARY_COLOR)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(white, components.Badge?.colorError ?? '#ff4d4f')).toBeGreaterThanOrEqual(4.5);
  });

  it("gives every tag's text 4.5:1 on its light background (preset colours and statuses)", () => {
    const tag = (key: string): string =>
      (TAG_TEXT as Record<string, string>)[key] ?? (tokens as unknown as Record<string, string>)[key] ?? '';
    // antd's preset colours (PresetColors in antd's theme interface).
    const presets = [
      'blue',
      'purple',
      'cyan',
      'green',
      'magenta',
      'pink',
      'red',
      'orange',
      'yellow',
      'volcano',
      'geekblue',
      'lime',
      'gold',
    ];
    for (const colour of presets) {
      expect(tag(`${colour}1`), colour).toMatch(/^#/);
      expect(contrast(tag(`${colour}7`), tag(`${colour}1`)), colour).toBeGreaterThanOrEqual(4.5);
    }
    for (const status of ['Success', 'Warning', 'Info', 'Error']) {
      expect(
        contrast(tag(`color${status}`), tokens[`color${status}Bg` as 'colorSuccessBg']),
        status,
      ).toBeGreaterThanOrEqual(4.5);
    }
    // The preset shade 7 fails for some (green text 3.4:1), so the theme's darker shades are needed.
    expect(contrast((tokens as unknown as Record<string, string>).green7 ?? '', tokens.green1)).toBeLessThan(4.5);
  });
});
