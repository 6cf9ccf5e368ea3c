import type { AnswerOf, DeviceView } from '@sc/contract';
import { WIFI_API, WIFI_READINGS, type WifiReadingKey, wifiManifest } from '@sc/contract/families/wifi';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { clientOf } from '../../api/endpoints';
import type { ReadingDef } from '../../components/device';

/** The WiFi device type (telemetry pushes of other families are ignored). */
export const WIFI_TYPE = wifiManifest.type;
export const LIST_PAGE = '/pjt/pjtdevicewifilist';
export const DEVICE_PAGE = '/pjt/pjtdevicewifi';

/** Answers of the WiFi calls, from the contract's table. */
export type WifiPage = AnswerOf<typeof WIFI_API.page>;
export type WifiAp = WifiPage['list'][number];
export type WifiLatest = AnswerOf<typeof WIFI_API.latest>;

export interface WifiFilters {
  keyword: string;
  activeState: string;
  linkType: string;
}

/** The readings shown as cells with their units (the online time is a duration in words instead). */
export function useWifiReadings(): ReadingDef[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      WIFI_READINGS.filter((r) => r.key !== 'uptime').map((r) => ({
        key: r.key,
        unit: r.unit,
        label: t(`wifi.readings.${r.key as WifiReadingKey}`),
      })),
    [t],
  );
}

/** The registry's view of one AP (the page's header), with its query key. */
export const apKey = (projectId: number, id: number) => ['wifi', projectId, 'one', id];

/** Spec 001 §7 "wifi: realdata, logs, control": the contract's calls, typed from it. */
export const wifiApi = (projectId: number) => {
  const calls = clientOf(WIFI_API, { projectId });
  return {
    ...calls,
    one: (id: number) =>
      api.get<DeviceView>(`/api/pjts/${projectId}/devices.do/one/${id}`, undefined, { silent: true }),
    setRegistered: (id: number, registered: boolean) => (registered ? calls.register : calls.unregister)({ id }),
  };
};
