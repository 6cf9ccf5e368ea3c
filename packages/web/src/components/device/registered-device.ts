import type { ReactNode } from 'react';
import type { RegistrationAnswer } from './answers';
import { type ManifestCommand, useManifestCommands } from './command-bar';
import type { DeviceRowCall } from './device-client';
import { type DeviceBack, useLiveDevice } from './device-page';

/**
 * What a registrable family device's page opens with (recorders, cameras, call posts): the row from the
 * family client followed live, the manifest's commands as buttons named in the family's texts
 * (`<texts>.commands.<name>`), and the registration button's part of DeviceShell for an editor.
 */
export function useRegisteredDevice<C extends ManifestCommand>(
  client: { one: DeviceRowCall; setRegistered: (id: number, registered: boolean) => Promise<RegistrationAnswer> },
  options: {
    id: number;
    back: DeviceBack;
    editable: boolean;
    texts: string;
    commands: readonly C[];
    icons: Record<C['name'], ReactNode>;
  },
) {
  const { id, texts, editable } = options;
  const row = useLiveDevice({ id, queryKey: client.one.key(id), queryFn: () => client.one(id), back: options.back });
  const commands = useManifestCommands(texts, options.commands, options.icons, row.device?.name ?? '');
  const registration = editable
    ? {
        texts,
        send: (registered: boolean) => client.setRegistered(id, registered),
        onChanged: () => void row.query.refetch(),
      }
    : undefined;
  return { ...row, commands, registration };
}
