import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { CABINET_TEXTS } from '.';

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}/${key}` : key),
  );
}

describe('cabinet screen texts', () => {
  it('have the same keys in zh-CN and en-US, each with a text', () => {
    const zh = leaves(CABINET_TEXTS.zh_CN);
    const en = leaves(CABINET_TEXTS.en_US);
    expect(en.map(([k]) => k).sort()).toEqual(zh.map(([k]) => k).sort());
    expect([...zh, ...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
  });

  it('join the catalogue of both languages once a cabinet screen loads', () => {
    expect(i18n.t('cabinets.circuits.name', { index: 3, lng: 'zh_CN' })).toBe('回路 3');
    expect(i18n.t('cabinets.circuits.name', { index: 3, lng: 'en_US' })).toBe('Circuit 3');
  });
});
