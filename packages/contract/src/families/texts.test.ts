import { describe, expect, it } from 'vitest';
import { I18N_RESOURCES } from '../i18n/translate.js';
import { FAMILY_MANIFESTS } from './index.js';
import { FAMILY_TEXTS } from './texts.js';

describe('family texts', () => {
  it('every family of the list has its texts, and nothing else does', () => {
    expect(Object.keys(FAMILY_TEXTS).sort()).toEqual(FAMILY_MANIFESTS.map((f) => f.slug).sort());
  });

  it("the server's catalogues hold every family's texts in both languages", () => {
    for (const f of FAMILY_MANIFESTS) {
      expect(I18N_RESOURCES.zh_CN.families.types[f.type], f.type).toBe(
        FAMILY_TEXTS[f.slug]!.zh_CN.families?.types?.[f.type as never],
      );
      expect(I18N_RESOURCES.en_US.families.types[f.type], f.type).toBeTruthy();
    }
  });
});
