import { I18N_RESOURCES } from '@sc/contract';
import { describe, expect, it } from 'vitest';

/** Every leaf of a catalogue as [key path, text], recursing through nested objects. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}/${key}` : key),
  );
}

const keysOf = (tree: unknown) =>
  leaves(tree)
    .map(([path]) => path)
    .sort();
const emptyIn = (tree: unknown) => leaves(tree).filter(([, text]) => typeof text !== 'string' || text.trim() === '');

describe('i18n catalogues', () => {
  const zh = I18N_RESOURCES.zh_CN as Record<string, unknown>;
  const en = I18N_RESOURCES.en_US as Record<string, unknown>;

  it('have the same namespaces in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });

  for (const ns of Object.keys(zh)) {
    it(`namespace ${ns} has the same keys in zh-CN and en-US`, () => {
      expect(keysOf(en[ns])).toEqual(keysOf(zh[ns]));
    });

    it(`namespace ${ns} has a text for every key`, () => {
      expect(emptyIn(zh[ns])).toEqual([]);
      expect(emptyIn(en[ns])).toEqual([]);
    });
  }
});
