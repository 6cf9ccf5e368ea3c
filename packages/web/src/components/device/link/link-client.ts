import type { CommArgs, firmwareCalls, linkCalls, locationCalls, Peripherals, Upgrade } from '@sc/contract';
import { type Client, clientOf, fillPath } from '../../../api/endpoints';
import { uploadFile } from '../upload';

type LinkTable = ReturnType<typeof linkCalls<string>> &
  ReturnType<typeof locationCalls<string>> &
  ReturnType<typeof firmwareCalls<string>>;

/**
 * The link, location and firmware traits' calls of a family's table (its `clientOf` client), in the
 * shape the kit's forms take them: saves are silent (the forms show the field messages).
 */
export function linkClient<T extends LinkTable>(table: T, projectId: number) {
  const calls = clientOf(table as LinkTable, { projectId }) as Client<LinkTable, 'projectId'>;
  return {
    comm: (id: number) => calls.comm({ id }),
    saveComm: (id: number, body: CommArgs) => calls.setComm({ id, body }, { silent: true }),
    peripherals: (id: number) => calls.peripherals({ id }),
    savePeripherals: (id: number, body: Peripherals) => calls.setPeripherals({ id, body }, { silent: true }),
    location: (id: number, lng: number, lat: number) => calls.setLocation({ id, body: { lng, lat } }),
    firmware: (id: number, file: File, onProgress: (percent: number) => void) =>
      uploadFile<Upgrade>('POST', fillPath(table.upgrade.path, { projectId, id }), file, onProgress),
    lastUpgrade: (id: number) => calls.lastUpgrade({ id }, { silent: true }),
  };
}
export type LinkClient = ReturnType<typeof linkClient>;
