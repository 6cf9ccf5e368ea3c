import type { AnyEndpoint, DeviceView, EndpointTable } from '@sc/contract';
import type { QueryKey } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type Client, clientOf } from '../../api/endpoints';
import type { RegistrationAnswer } from './answers';

/** The registry's row of one device (a device page's header); silent: the page says "not found" itself. */
export const fetchDevice = (projectId: number, id: number) =>
  api.get<DeviceView>(`/api/pjts/${projectId}/devices.do/one/${id}`, undefined, { silent: true });

/** The registry's row of one device, with its query key. */
export interface DeviceRowCall {
  (id: number): Promise<DeviceView>;
  key(id: number): QueryKey;
}

type ById<A> = (args: { id: number }) => Promise<A>;

/** A device's events a page at a time, by a table's paged events call. */
export const pagedEvents =
  <A>(events: (args: { id: number; query: { page: number; pageSize: number } }) => Promise<A>) =>
  (id: number, page: number, pageSize: number) =>
    events({ id, query: { page, pageSize } });

/** Registers (true) or unregisters (false) a device with a table's register and unregister calls. */
export const registerBy =
  <A>(calls: { register: ById<A>; unregister: ById<A> }) =>
  (id: number, registered: boolean) =>
    (registered ? calls.register : calls.unregister)({ id });

/**
 * A family's client: the calls of its contract table with the project bound, its device type, the
 * registry's row of one of its devices (`one`) and its registration by a flag (`setRegistered`).
 */
export function familyClient<T extends EndpointTable & { register: AnyEndpoint; unregister: AnyEndpoint }>(
  table: T,
  type: string,
  projectId: number,
) {
  const calls: Client<T, 'projectId'> = clientOf(table, { projectId });
  const one: DeviceRowCall = Object.assign((id: number) => fetchDevice(projectId, id), {
    key: (id: number) => [type, projectId, 'one', id],
  });
  return {
    ...calls,
    type,
    one,
    setRegistered: registerBy(
      calls as unknown as { register: ById<RegistrationAnswer>; unregister: ById<RegistrationAnswer> },
    ),
  };
}
