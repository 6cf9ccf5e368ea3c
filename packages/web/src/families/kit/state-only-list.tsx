import type { PagedList } from '../../components/crud';
import { ActiveStateFilter, pagedBy } from '../../components/device';

/**
 * What a family's list page takes when its devices send no readings (recorders, call posts): its pages
 * from the family's client, filtered by keyword and online state (`<namespace>.activeFilter`); a
 * state push alone patches a row.
 */
export function stateOnlyList<P>(namespace: string, client: (projectId: number) => Parameters<typeof pagedBy<P>>[0]) {
  return {
    source: (projectId: number) => pagedBy<P>(client(projectId)),
    initialFilters: { keyword: '', activeState: '' },
    report: () => ({}),
    lead: (list: PagedList<unknown, { activeState: string }>) => (
      <ActiveStateFilter namespace={namespace} list={list} />
    ),
  };
}
