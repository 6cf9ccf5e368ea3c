import { deviceScreenKeys } from '@sc/contract/families/kit';
import { familyClient } from '../../components/device';

/** The filters of a family's list searched by keyword and online state (the list's ActiveStateFilter). */
export interface ActiveStateFilters {
  keyword: string;
  activeState: string;
}

/**
 * A device family's console basics from its manifest and its calls' table: its device type, the paths of
 * its list screen and device page (the catalogue's keys, deviceScreenKeys) and its client with the project
 * bound (familyClient).
 */
export function deviceFamilyApi<
  const M extends { type: string; slug: string },
  T extends Parameters<typeof familyClient>[0],
>(manifest: M, table: T) {
  const keys = deviceScreenKeys(manifest.slug);
  return {
    TYPE: manifest.type as M['type'],
    LIST_PAGE: `/pjt/${keys.list}` as const,
    DEVICE_PAGE: `/pjt/${keys.device}` as const,
    client: (projectId: number) => familyClient(table, manifest.type, projectId),
  };
}
