import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { PGW_TEXTS } from '.';

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}/${key}` : key),
  );
}

describe('power-line gateway screen texts', () => {
  it('have the same keys in zh-CN and en-US, each with a text', () => {
    const zh = leaves(PGW_TEXTS.zh_CN);
    const en = leaves(PGW_TEXTS.en_US);
    expect(en.map(([k]) => k).sort()).toEqual(zh.map(([k]) => k).sort());
    expect([...zh, ...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
  });

  it("join the catalogue of both languages beside the server's messages", () => {
    expect(i18n.t('pgw.signal.excellent', { lng: 'zh_CN' })).toBe('优');
    expect(i18n.t('pgw.signal.excellent', { lng: 'en_US' })).toBe('Excellent');
    expect(i18n.t('pgw.notChild', { lng: 'en_US' })).toBe('The lamp controller is not behind this gateway');
  });
});
