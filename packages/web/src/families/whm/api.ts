import type { AnswerOf, FamilyReading } from '@sc/contract';
import { WHM_API, WHM_COMMANDS, WHM_READINGS, type WhmReadingKey, whmManifest } from '@sc/contract/families/whm';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingDef } from '../../components/device';
import { deviceFamilyApi } from '../kit/family-api';

export { WHM_COMMANDS, WHM_READINGS, type WhmReadingKey };

/** The meters' device type (telemetry pushes of other families are ignored), their screens and the contract's calls. */
const { TYPE, LIST_PAGE, DEVICE_PAGE, client } = deviceFamilyApi(whmManifest, WHM_API);

export { DEVICE_PAGE, LIST_PAGE, TYPE as WHM_TYPE };

/** Answers of the meter calls, from the contract's table. */
export type WhmPage = AnswerOf<typeof WHM_API.page>;
export type WhmMeter = WhmPage['list'][number];
export type WhmReading = AnswerOf<typeof WHM_API.readings>['list'][number];
export type WhmConfig = AnswerOf<typeof WHM_API.config>;

export interface WhmFilters {
  keyword: string;
}

/** The readings with their units and labels in the reader's language. */
export function useWhmReadings(keys: readonly WhmReadingKey[] = WHM_READINGS.map((r) => r.key)): ReadingDef[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      keys.map((key) => {
        const def: FamilyReading = WHM_READINGS.find((r) => r.key === key)!;
        return { key, unit: def.unit, decimals: def.decimals, label: t(`whm.readings.${key}`) };
      }),
    [keys, t],
  );
}

/** Spec 001 §7 "whm: config, realdata, inuse, logs": the calls of the contract's table, typed from it. */
export const whmApi = (projectId: number) => {
  const calls = client(projectId);
  return {
    ...calls,
    /** Silent: the command bar shows the server's message (offline, silent meter). */
    send: (id: number, command: (typeof WHM_COMMANDS)[number]['name']) => calls[command]({ id }, { silent: true }),
  };
};
