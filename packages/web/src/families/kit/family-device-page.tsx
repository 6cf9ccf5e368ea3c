import type { QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  type DeviceBack,
  type DeviceDetailProps,
  type DeviceRowCall,
  devicePage,
  FamilyDeviceShell,
  type FamilyDeviceShellProps,
  useClientDevice,
} from '../../components/device';

/** What a family's one-device page is named by: its list screen and its texts' namespace. */
export interface FamilyPage {
  list: string;
  ns: string;
}

/** A family's device detail, given the page's back link too. */
export interface FamilyDetailProps extends DeviceDetailProps {
  back: DeviceBack;
}

/** The back link of a family's device page: to its list, worded `<ns>.back`, and `<ns>.missing` for an id not found. */
export const familyBack = ({ list, ns }: FamilyPage): DeviceBack => ({
  to: list,
  label: `${ns}.back`,
  missing: `${ns}.missing`,
});

/** A family's one-device screen (devicePage) with its back link made from `page`, which `Detail` is given. */
export function familyDevicePage(page: FamilyPage, Detail: ComponentType<FamilyDetailProps>) {
  const back = familyBack(page);
  function FamilyDetail(props: DeviceDetailProps) {
    return <Detail {...props} back={back} />;
  }
  return devicePage(back, FamilyDetail);
}

type Client = { type: string; one: DeviceRowCall };
type Latest<L> = Parameters<typeof useClientDevice<L>>[1]['latest'];
type Opened<L> = ReturnType<typeof useClientDevice<L>>;

/** What a device page with latest values knows of its device once the row is read (`F`: the family's client of a project, `L`: its latest values). */
export interface ClientDeviceProps<F extends (projectId: number) => Client, L> extends DeviceDetailProps {
  /** The family's client of the project. */
  api: ReturnType<F>;
  device: NonNullable<Opened<L>['device']>;
  /** The latest values' query. */
  latest: Opened<L>['latest'];
}

/** What a family says of its device's page: FamilyDeviceShell's properties, values, commands and cards. */
export type FamilyShellParts = Omit<FamilyDeviceShellProps, 'device' | 'back' | 'ns' | 'editable'>;

/** FamilyDeviceShell with the parts the family's `useShell` answers for the device. */
function ClientShell<C extends Client, L>(
  props: ClientDeviceProps<(projectId: number) => C, L> & {
    back: DeviceBack;
    ns: string;
    useShell: (device: ClientDeviceProps<(projectId: number) => C, L>) => FamilyShellParts;
  },
) {
  const { back, ns, useShell, ...device } = props;
  const parts = useShell(device);
  return <FamilyDeviceShell device={device.device} back={back} ns={ns} editable={device.editable} {...parts} />;
}

/**
 * The one-device screen of a family with latest values (LED screens, APs, dustbins, meters): the row by the
 * family's client, followed live, the latest values by `latest` (a call of the client, or as given), the
 * event lists under `events` asked again on the device's events, the fallback until the row is read,
 * then FamilyDeviceShell with the parts the family's hook `shell` answers for the device.
 */
export function clientDevicePage<C extends Client, L>(
  page: FamilyPage & {
    client: (projectId: number) => C;
    latest: (api: C, id: number) => Latest<L>;
    events?: (api: C, id: number) => QueryKey[];
  },
  /** The family's hook answering the shell's parts for the device. */
  shell: (device: ClientDeviceProps<(projectId: number) => C, L>) => FamilyShellParts,
) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, when its module loads
  function ClientDetail({ projectId, id, editable, back }: FamilyDetailProps) {
    const api = page.client(projectId);
    const opened = useClientDevice<L>(api, {
      id,
      back,
      latest: page.latest(api, id),
      events: page.events?.(api, id) ?? [],
    });
    if (!opened.device) return opened.fallback;
    return (
      <ClientShell
        ns={page.ns}
        useShell={shell}
        projectId={projectId}
        id={id}
        editable={editable}
        api={api}
        device={opened.device}
        latest={opened.latest}
        back={back}
      />
    );
  }
  return familyDevicePage(page, ClientDetail);
}
