import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n/i18n';
import { SUMMARY_SCREEN_TEXTS } from '.';

function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (tree === null || typeof tree !== 'object') return [[prefix, tree]];
  return Object.entries(tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
const keys = (tree: unknown) => leaves(tree).map(([key]) => key);

describe('summary screen texts', () => {
  it('have the same keys in both languages, none empty', () => {
    // English adds singulars (`<key>_one`, "1 lamp") beside its counted plurals.
    const plain = (tree: unknown) => keys(tree).filter((key) => !key.endsWith('_one'));
    expect(plain(SUMMARY_SCREEN_TEXTS.en_US).sort()).toEqual(keys(SUMMARY_SCREEN_TEXTS.zh_CN).sort());
    for (const texts of Object.values(SUMMARY_SCREEN_TEXTS))
      expect(leaves(texts).filter(([, text]) => typeof text !== 'string' || !text.trim())).toEqual([]);
  });

  it('join the rule messages of the contract under summary, in both languages', () => {
    expect(i18n.getFixedT('zh_CN')('summary.units.ENV_WINDOW')).toBe('单个环境监测');
    expect(i18n.getFixedT('en_US')('summary.layouts.makeDefault')).toBe('Make default');
    expect(i18n.getFixedT('en_US')('summary.rules.overlap')).toBe('Units must not overlap');
  });
});
