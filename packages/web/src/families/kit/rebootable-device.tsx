import { ClockCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import {
  type CommandAnswer,
  type DeviceBack,
  type DeviceDetailProps,
  type DeviceRowCall,
  devicePage,
  type RegistrationAnswer,
  useRegisteredDevice,
} from '../../components/device';

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

/** What a rebootable device's page body is given once its row is read. */
export interface RebootableDeviceProps extends DeviceDetailProps {
  device: NonNullable<Opened['device']>;
  commands: Opened['commands'];
  registration: Opened['registration'];
  /** Sends a command of the CommandBar (reboot or synctime), its answer for the bar to show. */
  send: (name: string) => Promise<CommandAnswer>;
}

/**
 * The one-device screen of a registrable family whose only commands are reboot and sync time (cameras,
 * recorders): the row followed live, the two buttons named in `<texts>.commands.*`, the registration
 * button for an editor, the fallback until the row is read; `Body` draws the family's fields and cards.
 */
export function rebootableDevicePage<C extends RebootableClient>(
  page: { back: DeviceBack; texts: string; client: (projectId: number) => C },
  Body: ComponentType<RebootableDeviceProps>,
) {
  function RebootableDetail({ projectId, id, editable }: DeviceDetailProps) {
    const api = page.client(projectId);
    const opened = useRegisteredDevice(api, {
      id,
      back: page.back,
      editable,
      texts: page.texts,
      commands: COMMANDS,
      icons: ICONS,
    });
    if (!opened.device) return opened.fallback;
    const send = (name: string) => (name === 'reboot' ? api.reboot : api.synctime)({ id }, { silent: true });
    return (
      <Body
        projectId={projectId}
        id={id}
        editable={editable}
        device={opened.device}
        commands={opened.commands}
        registration={opened.registration}
        send={send}
      />
    );
  }
  return devicePage(page.back, RebootableDetail);
}
