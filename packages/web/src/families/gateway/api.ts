import { type DeviceView, GATEWAY_API, GATEWAY_COMMANDS } from '@sc/contract';
import { api } from '../../api/client';
import { clientOf } from '../../api/endpoints';
import { type ChildDevice, familyKeys, fetchDevice, pagedEvents, registerBy } from '../../components/device';

/** The gateway's commands as its contract manifest lists them (name, and whether it is dangerous). */
export { GATEWAY_COMMANDS };
export type GatewayCommand = (typeof GATEWAY_COMMANDS)[number]['name'];

/** A device a gateway speaks for. */
export type GatewayChild = ChildDevice;

const asList = <T>(answer: T[] | { list: T[] } | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.list ?? []);

/** The gateways' query keys (`devices`: every device of the family, the list page's map). */
export const gatewayKeys = familyKeys('gateways', ['list', 'devices'], ['one', 'children', 'events']);

/** Spec 001 §7 "gateway": the contract's calls (and the registry's list of the family), as the screens call them. */
export const gatewayApi = (projectId: number) => {
  const base = `/api/pjts/${projectId}`;
  const calls = clientOf(GATEWAY_API, { projectId });
  return {
    family: (type?: string, includeChildren = false) =>
      api
        .get<DeviceView[] | { list: DeviceView[] }>(`${base}/devices.do/family`, {
          type,
          includeChildren: includeChildren || undefined,
        })
        .then(asList),
    one: (id: number) => fetchDevice(projectId, id),
    register: registerBy(calls),
    /** Silent: the page shows the server's message (offline, silent device) next to the buttons. */
    command: (id: number, command: string) => calls[command as GatewayCommand]({ id }, { silent: true }),
    children: (id: number) => calls.children({ id }),
    events: pagedEvents(calls.events),
  };
};
