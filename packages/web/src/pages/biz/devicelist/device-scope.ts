import type { DeviceModelView } from '@sc/contract';

/** Where the device screens work: platform-wide (/biz) or under the current project (/pjt). */
export type DeviceScope = { kind: 'biz' } | { kind: 'pjt'; projectId: number };

export const BIZ_SCOPE: DeviceScope = { kind: 'biz' };

/** Paths of the device API of a scope (spec 000 §7 /api/biz/devices.do; spec 001 §7 /api/pjts/{id}/devices.do). */
export function deviceApi(scope: DeviceScope) {
  const pjt = scope.kind === 'pjt' ? `/api/pjts/${scope.projectId}` : null;
  const base = pjt ? `${pjt}/devices.do` : '/api/biz/devices.do';
  return {
    base,
    pages: `${base}/pages`,
    one: (id: number | string) => (pjt ? `${base}/one/${id}` : `${base}/${id}`),
    item: (id: number | string) => `${base}/${id}`,
    location: (id: number | string) => `${base}/${id}/location`,
    active: (id: number | string) => `${base}/${id}/active`,
    batchActive: `${base}/batch/active`,
    areas: pjt ? `${pjt}/deviceareas.do` : '/api/biz/deviceareas.do',
    groups: pjt ? `${pjt}/devicegroups.do` : '/api/biz/devicegroups.do',
    /** Models of a type: GET → DeviceModelView[]. */
    models: (type: string): [string, Record<string, string>] =>
      pjt ? [`${base}/types/${encodeURIComponent(type)}/models`, {}] : ['/api/bas/devicemodels.do', { typeNo: type }],
    /** Devices of one type (candidates for a parent device). */
    family: (type: string): [string, Record<string, string>] => (pjt ? [`${base}/family`, { type }] : [base, { type }]),
  };
}

/** The screens of a scope. */
export function deviceRoutes(scope: DeviceScope) {
  return scope.kind === 'pjt'
    ? { list: '/pjt/pjtdevicelist', edit: '/pjt/pjtdeviceedit' }
    : { list: '/biz/devicelist', edit: '/biz/deviceedit' };
}

export type { DeviceModelView };
