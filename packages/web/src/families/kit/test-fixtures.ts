import { listedSample } from '../../test/family-page';

type Listed = ReturnType<typeof listedSample>;

/**
 * A family list's sample rows: `row(id, name, more)` is the registry's listed fields (listedSample,
 * numbered with `prefix`), then the family's own fields, then what that row changes.
 */
export const listedRows =
  <T extends object>(prefix: string, own: Omit<T, keyof Listed>) =>
  (id: number, name: string, more: Partial<T> = {}): T =>
    ({ ...listedSample(id, name, prefix), ...own, ...more }) as T;
