import { expect, it } from 'vitest';

/** A screen's texts as `key/key` paths with their values. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}/${key}` : key),
  );
}

/** The test every screen's own texts (addScreenTexts) pass: the same keys in both languages, none empty. */
export function itHasBothLanguages(texts: { zh_CN: object; en_US: object }) {
  it('have the same keys in zh-CN and en-US, each with a text', () => {
    const zh = leaves(texts.zh_CN);
    const en = leaves(texts.en_US);
    expect(en.map(([k]) => k).sort()).toEqual(zh.map(([k]) => k).sort());
    expect([...zh, ...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
  });
}
