import type { DeviceView, RealtimePush } from '@sc/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Calls of spec 001 §7 "gateway" under /api/pjts/{projectId}/. */
export const GATEWAY_COMMANDS = ['correcttime', 'reboot', 'clearlcus'] as const;
export type GatewayCommand = (typeof GATEWAY_COMMANDS)[number];

export interface CommandAnswer {
  command: string;
  ok: boolean;
  result: unknown;
  durationMs: number;
  attempts: number;
}
export interface RegistrationAnswer {
  id: number;
  registered: boolean;
  delivered: boolean;
}
export interface GatewayChild {
  id: number;
  name: string;
  no: string;
  type: string;
  equipmentId: string | null;
  activeState: number;
  registered: boolean;
  lastActiveAt: string | null;
}
export interface GatewayEvent {
  id: number | string;
  deviceId: number;
  deviceName: string;
  at: string;
  code: string;
  eventType: string;
  level: string;
  detail: unknown;
}
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

const asList = <T>(answer: T[] | { list: T[] } | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.list ?? []);

export const gatewayApi = (projectId: number) => {
  const base = `/api/pjts/${projectId}`;
  return {
    family: (type?: string) =>
      api.get<DeviceView[] | { list: DeviceView[] }>(`${base}/devices.do/family`, { type }).then(asList),
    one: (id: number) => api.get<DeviceView>(`${base}/devices.do/one/${id}`, undefined, { silent: true }),
    register: (id: number, registered: boolean, kind = 'gateway') =>
      api.post<RegistrationAnswer>(`${base}/iot/${kind}/${id}/${registered ? 'register' : 'unregister'}`),
    /** Silent: the page shows the server's message (offline, silent device) next to the buttons. */
    command: (id: number, command: GatewayCommand) =>
      api.post<CommandAnswer>(`${base}/iot/gateway/${id}/${command}`, undefined, { silent: true }),
    children: (id: number) => api.get<GatewayChild[]>(`${base}/iot/gateway/${id}/children`),
    events: (id: number, page: number, pageSize: number) =>
      api.get<Page<GatewayEvent>>(`${base}/iot/gateway/${id}/events`, { page, pageSize }),
  };
};

/** Applies a state push to every cached row with that id (lists of devices or children). */
export function applyStatePush<T extends { id: number; activeState: number; lastActiveAt?: string | null }>(
  client: QueryClient,
  key: QueryKey,
  push: RealtimePush,
): void {
  if (push.kind !== 'state') return;
  client.setQueryData<T[]>(key, (rows) =>
    rows?.some((r) => r.id === push.deviceId)
      ? rows.map((r) =>
          r.id === push.deviceId
            ? { ...r, activeState: push.activeState, lastActiveAt: push.activeState === 1 ? push.at : r.lastActiveAt }
            : r,
        )
      : rows,
  );
}
