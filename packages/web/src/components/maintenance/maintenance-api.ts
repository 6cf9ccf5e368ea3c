import {
  type DeviceMaintenanceRow,
  deviceScreenOf,
  type MaintenanceBillFull,
  type MaintenanceBillView,
  type MaintenanceCounts,
  type MaintenanceMapDevice,
  type MaintenancePole,
  type MaintenancePoleDevice,
  type Page,
  type PoleOrderRow,
} from '@sc/contract';
import { api, buildUrl, type Params } from '../../api/client';
import { ApiError } from '../../api/errors';
import { reportApiError } from '../../api/report';
import { projectApiBase } from '../../session/use-current-project';
import { uploadFile } from '../device/upload';

/** Screens of the work orders (catalogue routes). */
export const BILL_LIST_PATH = '/pjt/pjtmaintenancebilllist';
export const BILL_PATH = '/pjt/pjtmaintenancebill';
export const POLE_PATH = '/pjt/pjtpolemaintenance';
export const HISTORY_PATH = '/pjt/pjtdevicemaintenancehistory';
export const billPath = (id: number) => `${BILL_PATH}?id=${id}`;
export const polePath = (groupId: number) => `${POLE_PATH}?groupId=${groupId}`;
export const historyPath = (deviceId: number) => `${HISTORY_PATH}?deviceId=${deviceId}`;
/** A device's own page (its family's, with its events), or the device wizard for a type without one. */
export const devicePagePath = (d: { id: number; type: string }) =>
  `${deviceScreenOf(d.type)?.path ?? '/pjt/pjtdeviceedit'}?id=${d.id}`;

/** A pole (device group) and its devices, as GET poles/{groupId} answers. */
export type PoleView = MaintenancePole;
export type PoleDevice = MaintenancePoleDevice;

export const maintenanceKeys = {
  all: (projectId: number) => ['maintenance', projectId] as const,
  bill: (projectId: number, id: number) => ['maintenance', projectId, 'bill', id] as const,
};

/** The calls of spec 001 §7 "Maintenance" for one project. */
export function maintenanceApi(projectId: number) {
  const base = `${projectApiBase(projectId)}/maintenance.do`;
  const ids = (list: number[]) => list.join(',');
  return {
    base,
    page: (query: Params) => api.get<Page<MaintenanceBillView>>(`${base}/pages`, query),
    get: (id: number) => api.get<MaintenanceBillFull>(`${base}/${id}`),
    counts: () => api.get<MaintenanceCounts>(`${base}/counts`),
    create: (body: Params) => api.post<MaintenanceBillFull>(base, body, { silent: true }),
    patch: (id: number, body: Params) => api.patch<MaintenanceBillFull>(`${base}/${id}`, body),
    remove: (list: number[]) => api.delete(base, { ids: ids(list) }),
    approve: (list: number[]) => api.patch(`${base}/approve`, { ids: ids(list) }),
    addDevices: (id: number, deviceIds: number[]) =>
      api.post<MaintenanceBillFull>(`${base}/${id}/details/batch`, { deviceIds: ids(deviceIds) }),
    removeDevice: (id: number, detailId: number) =>
      api.delete<MaintenanceBillFull>(`${base}/${id}/details/${detailId}`),
    handle: (id: number, detailIds: number[], body: { handleStatus: number; note?: string }) =>
      api.patch<MaintenanceBillFull>(`${base}/${id}/details`, { ids: ids(detailIds), ...body }, { silent: true }),
    photo: (id: number, detailId: number, file: Blob) =>
      uploadFile<MaintenanceBillFull>('PUT', `${base}/${id}/details/${detailId}/photo`, file),
    photoUrl: (id: number, detailId: number) => buildUrl(`${base}/${id}/details/${detailId}/photo`),
    message: (id: number, content: string) =>
      api.post<MaintenanceBillFull>(`${base}/${id}/messages`, { content }, { silent: true }),
    messages: (list: number[], content: string) =>
      api.post(`${base}/messages`, { ids: ids(list), content }, { silent: true }),
    detailMessage: (id: number, detailIds: number[], content: string) =>
      api.post<MaintenanceBillFull>(
        `${base}/${id}/details/messages`,
        { ids: ids(detailIds), content },
        { silent: true },
      ),
    polePage: (query: Params) => api.get<Page<PoleOrderRow>>(`${base}/pole/pages`, query),
    pole: (groupId: number) => api.get<PoleView>(`${base}/poles/${groupId}`),
    /** The project's located devices, for picking on the editor's map. */
    locatedDevices: () => api.get<MaintenanceMapDevice[]>(`${base}/devices/located`),
    history: (deviceId: number, query: Params) =>
      api.get<Page<DeviceMaintenanceRow>>(`${base}/devices/${deviceId}/pages`, query),
    /** The PDF (POST, spec 001 §7) saved as `<no>.pdf`. */
    async downloadPdf(id: number, no: string) {
      const response = await fetch(buildUrl(`${base}/${id}/pdf`), { method: 'POST', credentials: 'same-origin' });
      if (response.status !== 200) {
        const error = new ApiError(response.status, await response.json().catch(() => undefined));
        reportApiError(error);
        throw error;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `${no}.pdf`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  };
}
export type MaintenanceApi = ReturnType<typeof maintenanceApi>;
