import { expect, it } from 'vitest';

/** A screen's texts as `key/key` paths with their values. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}/${key}` : key),
  );
}

/**
 * The rule for English counts: a number right before the plural noun it counts ("{count} speakers",
 * "{count} media files") is the parameter `count`, and the text has a singular `<key>_one` beside it,
 * which i18next (console) and `translate()` (server) pick for a count of 1. A text counting two things
 * names `count` the one the noun follows ("{sent} of {count} packets sent"); the caller passes
 * `count`. Where that would read badly, the text is worded without a number before a plural.
 */
const NUMBER_AND_NOUN = /\{(\w+)\} ([a-z]+)(?: ([a-z]+))?/g;
/** Words after a name or a unit rather than a counted plural ("{name} is", "{ms} ms", "{index} feeds"). */
const NOT_COUNTED = new Set(
  ['is has was its and of as at ms s already', 'continues feeds lights puts switches uses'].join(' ').split(' '),
);
/** "lamp(s)": a plural that dodges the rule. */
const EITHER_NUMBER = /[a-z]\(s\)/;
const pluralNoun = (word: string | undefined) =>
  word !== undefined && !NOT_COUNTED.has(word) && /[^su]s$/.test(word) ? word : undefined;
/** The parameters of `text` standing before a plural noun: [parameter, noun]. */
function countedPlurals(text: string): [string, string][] {
  return [...text.matchAll(NUMBER_AND_NOUN)].flatMap(([, name, first, second]) => {
    if (NOT_COUNTED.has(first!)) return [];
    const noun = pluralNoun(first) ?? pluralNoun(second);
    return noun ? [[name!, noun] as [string, string]] : [];
  });
}

/** English's singular forms (`<key>_one`, chosen for a count of 1): Chinese needs none. */
const SINGULAR = /_one$/;

/**
 * Where the English texts of `tree` break the rule above: a number before a plural noun not named
 * `count` ("path: {n} screens"), a `{count}` plural without its `_one` ("path: no _one"), a "lamp(s)"
 * ("path: (s)") and a `_one` beside no text ("path: alone").
 */
export function pluralProblems(tree: unknown): string[] {
  const texts = new Map(leaves(tree));
  const problems: string[] = [];
  for (const [path, text] of texts) {
    if (typeof text !== 'string') continue;
    if (EITHER_NUMBER.test(text)) problems.push(`${path}: (s)`);
    if (SINGULAR.test(path)) {
      if (!texts.has(path.replace(SINGULAR, ''))) problems.push(`${path}: alone`);
      continue;
    }
    for (const [name, noun] of countedPlurals(text))
      if (name !== 'count') problems.push(`${path}: {${name}} ${noun}`);
      else if (typeof texts.get(`${path}_one`) !== 'string') problems.push(`${path}: no _one`);
  }
  return problems;
}

/** The test every screen's own texts (addScreenTexts) pass: the same keys in both languages, none empty. */
export function itHasBothLanguages(texts: { zh_CN: object; en_US: object }) {
  it('have the same keys in zh-CN and en-US (English adds singulars), each with a text', () => {
    const zh = leaves(texts.zh_CN);
    const en = leaves(texts.en_US);
    const plain = (pairs: [string, unknown][]) => pairs.map(([k]) => k).filter((k) => !SINGULAR.test(k));
    expect(plain(en).sort()).toEqual(plain(zh).sort());
    expect(plain(zh)).toHaveLength(zh.length); // only English has singulars
    expect([...zh, ...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
  });

  it('say "1 screen", not "1 screens": each counted plural follows {count} and has a singular', () => {
    expect(pluralProblems(texts.en_US)).toEqual([]);
  });
}
