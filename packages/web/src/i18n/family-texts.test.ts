import fs from 'node:fs';
import path from 'node:path';
import { CORE_RESOURCES, FAMILY_MANIFESTS, FAMILY_TEXTS } from '@sc/contract';
import { describe, expect, it, vi } from 'vitest';

/** The console's sources (tests and their helpers aside). */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The families' texts stay out of the catalogues the console starts with (the login page's bundle,
 * issue 12) and arrive, in both languages, when the frame's loader has run.
 */
describe('family texts', () => {
  it("no screen imports the contract's whole catalogue (translate, I18N_RESOURCES): the console's own translate instead", () => {
    const offenders = sources(path.resolve(import.meta.dirname, '..')).filter((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@sc\/contract'/g)].some((m) =>
        /\b(translate|I18N_RESOURCES|CORE_RESOURCES|withFamilyTexts|FAMILY_TEXTS)\b/.test(m[1]!),
      ),
    );
    expect(offenders, 'use translate from src/i18n/i18n.ts').toEqual([]);
  });

  it('the console can load every family of the list', async () => {
    const { TEXT_FAMILIES } = await import('./family-texts');
    expect([...TEXT_FAMILIES].sort()).toEqual(FAMILY_MANIFESTS.map((f) => f.slug).sort());
  });

  it('are not in the starting catalogues, and are in both languages once loaded', async () => {
    vi.resetModules(); // a console just opened: the test setup has not loaded them into this one
    const { i18n, loadLanguage } = await import('./i18n');
    const { loadFamilyTexts } = await import('./family-texts');
    expect(i18n.exists('validation.required', { lng: 'en_US' })).toBe(false); // each language on demand
    await Promise.all([loadLanguage('zh_CN'), loadLanguage('en_US')]);
    const keys = ['menu.pjtdevicewhmlist', 'families.types.watthourmeter', 'whm.empty'];
    for (const key of keys) expect(i18n.exists(key, { lng: 'zh_CN' }), key).toBe(false);

    await loadFamilyTexts();
    for (const key of keys) {
      const [ns, ...rest] = key.split('.');
      const pick = (texts: Record<string, unknown>) =>
        rest.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts[ns!]);
      expect(i18n.t(key, { lng: 'zh_CN' })).toBe(pick(FAMILY_TEXTS.whm!.zh_CN));
      expect(i18n.t(key, { lng: 'en_US' })).toBe(pick(FAMILY_TEXTS.whm!.en_US));
    }
    // the platform's own texts are still there
    expect(i18n.t('validation.required', { lng: 'en_US' })).toBe(CORE_RESOURCES.en_US.validation.required);
  });
});
