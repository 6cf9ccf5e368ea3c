import { ClockCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ComponentProps } from 'react';
import {
  type CommandAnswer,
  type DeviceDetailProps,
  type DeviceRowCall,
  DeviceShell,
  type RegistrationAnswer,
  useRegisteredDevice,
} from '../../components/device';
import { type FamilyDetailProps, type FamilyPage, familyDevicePage } from './family-device-page';

const COMMANDS = [{ name: 'reboot', dangerous: true }, { name: 'synctime' }] as const;
const ICONS = { reboot: <ReloadOutlined />, synctime: <ClockCircleOutlined /> };

type CommandCall = (params: { id: number }, options: { silent: boolean }) => Promise<CommandAnswer>;
interface RebootableClient {
  one: DeviceRowCall;
  setRegistered: (id: number, registered: boolean) => Promise<RegistrationAnswer>;
  reboot: CommandCall;
  synctime: CommandCall;
}
type Opened = ReturnType<typeof useRegisteredDevice<(typeof COMMANDS)[number]>>;

/** What a rebootable device's page knows of it once its row is read. */
export interface RebootableDeviceProps extends DeviceDetailProps {
  device: NonNullable<Opened['device']>;
  commands: Opened['commands'];
  /** Sends a command of the CommandBar (reboot or synctime), its answer for the bar to show. */
  send: (name: string) => Promise<CommandAnswer>;
}

/** What a family says of its rebootable device's page: DeviceShell's properties and cards. */
export type RebootableShellParts = Omit<
  ComponentProps<typeof DeviceShell>,
  'device' | 'back' | 'testId' | 'registration'
>;

/** DeviceShell with the registration button and the parts the family's `useShell` answers for the device. */
function RebootableShell(
  props: RebootableDeviceProps &
    Pick<ComponentProps<typeof DeviceShell>, 'back' | 'testId' | 'registration'> & {
      useShell: (device: RebootableDeviceProps) => RebootableShellParts;
    },
) {
  const { back, testId, registration, useShell, ...device } = props;
  const parts = useShell(device);
  return <DeviceShell device={device.device} back={back} testId={testId} registration={registration} {...parts} />;
}

/**
 * The one-device screen of a registrable family whose only commands are reboot and sync time (cameras,
 * recorders): the row followed live, the two buttons named in `<ns>.commands.*`, the registration
 * button for an editor, the fallback until the row is read, then DeviceShell with the parts the family's
 * hook `shell` answers for the device.
 */
export function rebootableDevicePage<C extends RebootableClient>(
  page: FamilyPage & { client: (projectId: number) => C },
  /** The family's hook answering the shell's parts for the device. */
  shell: (device: RebootableDeviceProps) => RebootableShellParts,
) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, when its module loads
  function RebootableDetail({ projectId, id, editable, back }: FamilyDetailProps) {
    const api = page.client(projectId);
    const opened = useRegisteredDevice(api, {
      id,
      back,
      editable,
      texts: page.ns,
      commands: COMMANDS,
      icons: ICONS,
    });
    if (!opened.device) return opened.fallback;
    const send = (name: string) => (name === 'reboot' ? api.reboot : api.synctime)({ id }, { silent: true });
    return (
      <RebootableShell
        useShell={shell}
        back={back}
        testId={page.ns}
        registration={opened.registration}
        projectId={projectId}
        id={id}
        editable={editable}
        device={opened.device}
        commands={opened.commands}
        send={send}
      />
    );
  }
  return familyDevicePage(page, RebootableDetail);
}
