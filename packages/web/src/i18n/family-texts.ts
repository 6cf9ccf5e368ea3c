import { FAMILY_MANIFESTS, type FamilyI18n } from '@sc/contract';
import { i18n } from './i18n';

/**
 * Every family's texts (its contract folder's `i18n.ts`), each a chunk of its own, loaded with the
 * frame and the public screens rather than with the login page (issue 12: they weighed 8 KB of the
 * login page's compressed bundle). A family's chunk holds both languages, so a language switch after
 * this needs nothing more.
 */
const LOADERS = import.meta.glob<FamilyI18n>('../../../contract/src/families/*/i18n.ts', { import: 'i18n' });

const slugOf = (file: string) => /families\/([^/]+)\/i18n\.ts$/.exec(file)![1]!;

/** The slugs of the families whose texts the console can load (a test keeps them equal to the list). */
export const TEXT_FAMILIES: readonly string[] = Object.keys(LOADERS).map(slugOf);

let loading: Promise<void> | null = null;

/**
 * Adds every family's texts to the console's catalogues, once; in the list's order, a family's text
 * over the platform's like the server's catalogues (contract families/texts.ts). Route loaders await
 * it, so no screen renders a family's key before its text is there.
 */
export function loadFamilyTexts(): Promise<void> {
  loading ??= Promise.all(Object.entries(LOADERS).map(async ([file, load]) => [slugOf(file), await load()] as const))
    .then((loaded) => {
      const bySlug = new Map(loaded);
      const order = [...FAMILY_MANIFESTS.map((f) => f.slug), ...bySlug.keys()];
      for (const slug of new Set(order)) {
        const texts = bySlug.get(slug);
        if (!texts) continue;
        i18n.addResourceBundle('zh_CN', 'translation', texts.zh_CN, true, true);
        i18n.addResourceBundle('en_US', 'translation', texts.en_US, true, true);
      }
    })
    .catch((error: unknown) => {
      loading = null; // a chunk that failed to load (network) is asked again by the next navigation
      throw error;
    });
  return loading;
}

/** A route loader: the families' texts, and dates in the console's language, before the screen renders. */
export async function familyTextsLoader(): Promise<null> {
  await Promise.all([loadFamilyTexts(), import('./dayjs-locale').then((m) => m.followLanguage())]);
  return null;
}
