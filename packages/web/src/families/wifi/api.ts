import type { AnswerOf } from '@sc/contract';
import { WIFI_API, WIFI_READINGS, type WifiReadingKey, wifiManifest } from '@sc/contract/families/wifi';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingDef } from '../../components/device';
import { type ActiveStateFilters, deviceFamilyApi } from '../kit/family-api';

/**
 * Spec 001 §7 "wifi: realdata, logs, control": the WiFi device type (telemetry pushes of other families
 * are ignored), its screens and its calls with the project bound, typed from the contract.
 */
export const { TYPE: WIFI_TYPE, LIST_PAGE, DEVICE_PAGE, client: wifiApi } = deviceFamilyApi(wifiManifest, WIFI_API);

/** Answers of the WiFi calls, from the contract's table. */
export type WifiPage = AnswerOf<typeof WIFI_API.page>;
export type WifiAp = WifiPage['list'][number];
export type WifiLatest = AnswerOf<typeof WIFI_API.latest>;

export interface WifiFilters extends ActiveStateFilters {
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
