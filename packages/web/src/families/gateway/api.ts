import { type DeviceView, GATEWAY_COMMANDS, type Page } from '@sc/contract';
import { api } from '../../api/client';
import type { ChildDevice, CommandAnswer, DeviceEvent, RegistrationAnswer } from '../../components/device';

/** The gateway's commands as its contract manifest lists them (name, and whether it is dangerous). */
export { GATEWAY_COMMANDS };
export type GatewayCommand = (typeof GATEWAY_COMMANDS)[number]['name'];

/** A device a gateway speaks for. */
export type GatewayChild = ChildDevice;

const asList = <T>(answer: T[] | { list: T[] } | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.list ?? []);

export const gatewayKeys = {
  list: (projectId: number) => ['gateways', projectId, 'list'],
  all: (projectId: number) => ['gateways', projectId, 'all-devices'],
  one: (projectId: number, id: number) => ['gateways', projectId, 'one', id],
  children: (projectId: number, id: number) => ['gateways', projectId, 'children', id],
  events: (projectId: number, id: number) => ['gateways', projectId, 'events', id],
};

/** Calls of spec 001 §7 "gateway" under /api/pjts/{projectId}/, typed from the contract's response schemas. */
export const gatewayApi = (projectId: number) => {
  const base = `/api/pjts/${projectId}`;
  return {
    family: (type?: string, includeChildren = false) =>
      api
        .get<DeviceView[] | { list: DeviceView[] }>(`${base}/devices.do/family`, {
          type,
          includeChildren: includeChildren || undefined,
        })
        .then(asList),
    one: (id: number) => api.get<DeviceView>(`${base}/devices.do/one/${id}`, undefined, { silent: true }),
    register: (id: number, registered: boolean) =>
      api.post<RegistrationAnswer>(`${base}/iot/gateway/${id}/${registered ? 'register' : 'unregister'}`),
    /** Silent: the page shows the server's message (offline, silent device) next to the buttons. */
    command: (id: number, command: string) =>
      api.post<CommandAnswer>(`${base}/iot/gateway/${id}/${command}`, undefined, { silent: true }),
    children: (id: number) => api.get<GatewayChild[]>(`${base}/iot/gateway/${id}/children`),
    events: (id: number, page: number, pageSize: number) =>
      api.get<Page<DeviceEvent>>(`${base}/iot/gateway/${id}/events`, { page, pageSize }),
  };
};
