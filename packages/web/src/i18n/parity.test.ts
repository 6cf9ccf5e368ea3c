import { I18N_RESOURCES } from '@sc/contract';
import { PJTADMIN_TEXTS } from '@sc/contract/i18n/pjtadmin';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { pluralProblems } from '../components/screen-texts-testing';

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
/**
 * English counts, one rule: a number right before the plural noun it counts is the parameter `count`
 * ("{count} speakers", "{count} media files"), with a singular `<key>_one` beside the text, which
 * i18next (console) and `translate()` (server) pick for a count of 1. A text counting two things names
 * `count` the number its noun follows ("{sent} of {count} packets sent"). Otherwise the text is
 * worded with no number before a plural ("Speakers: {n}"). `pluralProblems` checks it.
 */
/** Every screen's own English texts (`texts/en-US.ts`, added when the screen loads). */
const SCREEN_TEXTS = import.meta.glob<Record<string, object>>(
  ['../pages/**/texts/en-US.ts', '../families/**/texts/en-US.ts'],
  {
    eager: true,
  },
);
/** The same screens' Chinese texts (`texts/zh-CN.ts`). */
const SCREEN_TEXTS_ZH = import.meta.glob<Record<string, object>>(
  ['../pages/**/texts/zh-CN.ts', '../families/**/texts/zh-CN.ts'],
  { eager: true },
);
/** The parameters a text fills ("{name}"), once each, in order. */
const paramsOf = (text: unknown) =>
  typeof text === 'string' ? [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort().join() : '';
/** Texts whose languages fill different parameters on purpose ("and {others} more" against "等 {count} 台"). */
const OWN_PARAMETERS = new Set(['messages/system/devicesOffline', 'messages/system/offlineManyIn']);
/**
 * Where the two languages of a catalogue fill different parameters: a parameter renamed in one language
 * only shows as "{max}" in the other. A singular fills some of its plural's parameters ("once").
 */
function parameterMismatches(zhTree: unknown, enTree: unknown, prefix: string): string[] {
  const zhTexts = new Map(leaves(zhTree));
  const enTexts = new Map(leaves(enTree));
  return [...enTexts].flatMap(([path, text]) => {
    if (SINGULAR.test(path)) {
      const plural = paramsOf(enTexts.get(path.replace(SINGULAR, ''))).split(',');
      const extra = paramsOf(text)
        .split(',')
        .filter((name) => name && !plural.includes(name));
      return extra.length > 0 ? [`${prefix}${path}: ${extra.join()}`] : [];
    }
    if (OWN_PARAMETERS.has(`${prefix}${path}`) || paramsOf(text) === paramsOf(zhTexts.get(path))) return [];
    return [`${prefix}${path}: ${paramsOf(zhTexts.get(path))} / ${paramsOf(text)}`];
  });
}
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

  it('reads right for one and for many where a text counted with another name before', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en_US',
      resources: { en_US: { translation: en } },
      interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    });
    expect(i18n.t('led.programs.groupScreens', { name: 'North', count: 1 })).toBe('North (1 screen)');
    expect(i18n.t('led.programs.groupScreens', { name: 'North', count: 2 })).toBe('North (2 screens)');
    expect(i18n.t('firmware.chunks', { sent: 0, count: 1 })).toBe('0 of 1 packet sent');
    expect(i18n.t('firmware.chunks', { sent: 3, count: 40 })).toBe('3 of 40 packets sent');
    expect(i18n.t('nsc.tasks.started', { name: 'Bell', count: 1, waiting: 2 })).toBe(
      'Bell started: 1 speaker has it; those offline (2) get it when they come back',
    );
    expect(i18n.t('gateways.commandOk', { command: 'Read', ms: 80, count: 1 })).toBe(
      'Read succeeded (80 ms, first attempt)',
    );
    expect(i18n.t('gateways.commandOk', { command: 'Read', ms: 80, count: 2 })).toBe(
      'Read succeeded (80 ms, 2 attempts)',
    );
    expect(i18n.t('lamps.batch.lamps', { count: 1 })).toBe('1 lamp');
  });

  it('screens added with their own texts count by the same rule', () => {
    expect(Object.keys(SCREEN_TEXTS).length).toBeGreaterThan(5);
    const problems = [...Object.entries(SCREEN_TEXTS), ['pjtadmin', { en: PJTADMIN_TEXTS.en_US }] as const].flatMap(
      ([file, texts]) =>
        Object.values(texts).flatMap((tree) => pluralProblems(tree).map((problem) => `${file} ${problem}`)),
    );
    expect(problems).toEqual([]);
  });

  it('fill the same parameters in both languages, the screens’ own texts too', () => {
    const catalogue = Object.keys(zh).flatMap((ns) => parameterMismatches(zh[ns], en[ns], `${ns}/`));
    const screens = Object.entries(SCREEN_TEXTS).flatMap(([file, texts]) => {
      const zhTexts = SCREEN_TEXTS_ZH[file.replace('en-US', 'zh-CN')] ?? {};
      return parameterMismatches(Object.values(zhTexts)[0], Object.values(texts)[0], `${file} `);
    });
    const admin = parameterMismatches(PJTADMIN_TEXTS.zh_CN, PJTADMIN_TEXTS.en_US, 'pjtadmin ');
    expect([...catalogue, ...screens, ...admin]).toEqual([]);
  });

  for (const ns of Object.keys(zh)) {
    it(`namespace ${ns} has the same keys in zh-CN and en-US`, () => {
      expect(keysOf(en[ns])).toEqual(keysOf(zh[ns]));
    });

    it(`namespace ${ns} says "1 speaker", not "1 speakers": counted plurals follow {count}, with a singular`, () => {
      expect(pluralProblems(en[ns])).toEqual([]);
      // Only English has singulars.
      expect(keysOf(zh[ns], true)).toEqual(keysOf(zh[ns]));
    });

    it(`namespace ${ns} has a text for every key`, () => {
      expect(emptyIn(zh[ns])).toEqual([]);
      expect(emptyIn(en[ns])).toEqual([]);
    });
  }
});
