import type { FirmwareSpec } from '@sc/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { DeviceLocation, type DeviceTab } from '../device-page';
import { CommForm } from './comm-form';
import { DeviceFirmware } from './firmware-card';
import type { LinkClient } from './link-client';
import { PeripheralsForm } from './peripherals-form';

/**
 * The device page's tabs of the link, location and firmware traits: comm args, peripherals, firmware
 * upgrade and location, for a family that listed those traits in its table.
 */
export function linkTabs({
  t,
  device,
  client,
  spec,
  queryKey,
  editable,
  testIdPrefix,
  onLocated,
  onError,
}: {
  t: TFunction;
  device: { id: number; name: string; lng: number | null; lat: number | null };
  client: LinkClient;
  spec: FirmwareSpec;
  /** The device's cache key: each tab keeps its answer under it. */
  queryKey: QueryKey;
  editable: boolean;
  /** The forms' test ids are `<prefix>-comm-form` and `<prefix>-peripherals-form`. */
  testIdPrefix: string;
  onLocated: () => void;
  onError: (error: unknown) => void;
}): DeviceTab[] {
  const id = device.id;
  return [
    {
      key: 'comm',
      label: t('link.tabs.comm'),
      children: (
        <CommForm
          queryKey={[...queryKey, 'comm']}
          load={() => client.comm(id)}
          save={(v) => client.saveComm(id, v)}
          editable={editable}
          testId={`${testIdPrefix}-comm-form`}
        />
      ),
    },
    {
      key: 'peripherals',
      label: t('link.tabs.peripherals'),
      children: (
        <PeripheralsForm
          queryKey={[...queryKey, 'peripherals']}
          load={() => client.peripherals(id)}
          save={(v) => client.savePeripherals(id, v)}
          editable={editable}
          testId={`${testIdPrefix}-peripherals-form`}
        />
      ),
    },
    {
      key: 'firmware',
      label: t('link.tabs.firmware'),
      children: (
        <DeviceFirmware
          id={id}
          name={device.name}
          spec={spec}
          queryKey={[...queryKey, 'firmware']}
          editable={editable}
          lastUpgrade={() => client.lastUpgrade(id)}
          upload={(file, onProgress) => client.firmware(id, file, onProgress)}
        />
      ),
    },
    {
      key: 'location',
      label: t('link.tabs.location'),
      children: (
        <DeviceLocation
          initial={{ lng: device.lng, lat: device.lat }}
          editable={editable}
          save={(lng, lat) => client.location(id, lng, lat)}
          onSaved={onLocated}
          onError={onError}
        />
      ),
    },
  ];
}
