import type { Params } from '../../../api/client';

/** The list filters of spec 000 §2 (project, area, group, type, model, state, registration). */
export interface DeviceFilters {
  projectId?: number;
  areaId?: number;
  groupId?: number;
  type?: string;
  modelId?: number;
  activeState?: number;
  registered?: 'true' | 'false';
}

/** The query of GET …/devices.do/pages (contract devicePageQuery): only what is set. */
export function buildDeviceQuery(
  filters: DeviceFilters,
  paging: { page: number; pageSize: number; keyword?: string },
): Params {
  const query: Params = { page: paging.page, pageSize: paging.pageSize };
  if (paging.keyword) query.keyword = paging.keyword;
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') query[key] = value as string | number;
  }
  return query;
}
