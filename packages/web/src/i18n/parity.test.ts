import { I18N_RESOURCES } from '@sc/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/** Every leaf of a catalogue as [key path, text], recursing through nested objects. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}/${key}` : key),
  );
}

/** English's singular forms (`<key>_one`, chosen by i18next for a count of 1): Chinese needs none. */
const SINGULAR = /_one$/;
const keysOf = (tree: unknown, singulars = false) =>
  leaves(tree)
    .map(([path]) => path)
    .filter((path) => singulars || !SINGULAR.test(path))
    .sort();
/** A count followed by an English plural noun ("{count} speakers"), which reads wrong for one. */
const COUNTED_PLURAL = /\{count\} [a-z]+s\b/;
const emptyIn = (tree: unknown) => leaves(tree).filter(([, text]) => typeof text !== 'string' || text.trim() === '');

describe('i18n catalogues', () => {
  const zh = I18N_RESOURCES.zh_CN as Record<string, unknown>;
  const en = I18N_RESOURCES.en_US as Record<string, unknown>;

  it('have the same namespaces in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });

  it('the console picks the English singular for a count of one (i18next, language en_US)', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en_US',
      resources: { en_US: { translation: en } },
      interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    });
    expect(i18n.t('nsc.groups.count', { count: 1 })).toBe('1 speaker');
    expect(i18n.t('nsc.groups.count', { count: 2 })).toBe('2 speakers');
    expect(i18n.t('nsc.vod.repeatTimes', { count: 1 })).toBe('once');
    expect(i18n.t('nsc.vod.repeatTimes', { count: 3 })).toBe('3 times');
  });

  for (const ns of Object.keys(zh)) {
    it(`namespace ${ns} has the same keys in zh-CN and en-US`, () => {
      expect(keysOf(en[ns])).toEqual(keysOf(zh[ns]));
    });

    it(`namespace ${ns} says "1 speaker", not "1 speakers": a singular beside each counted plural`, () => {
      const texts = new Map(leaves(en[ns]));
      const missing = [...texts]
        .filter(([path, text]) => !SINGULAR.test(path) && typeof text === 'string' && COUNTED_PLURAL.test(text))
        .filter(([path]) => typeof texts.get(`${path}_one`) !== 'string')
        .map(([path]) => path);
      expect(missing).toEqual([]);
      // A singular stands beside a text of its own, and only in English.
      const orphans = [...texts.keys()].filter((path) => SINGULAR.test(path) && !texts.has(path.replace(SINGULAR, '')));
      expect(orphans).toEqual([]);
      expect(keysOf(zh[ns], true)).toEqual(keysOf(zh[ns]));
    });

    it(`namespace ${ns} has a text for every key`, () => {
      expect(emptyIn(zh[ns])).toEqual([]);
      expect(emptyIn(en[ns])).toEqual([]);
    });
  }
});
