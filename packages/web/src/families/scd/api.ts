import type { AnswerOf } from '@sc/contract';
import {
  SCD_API,
  SCD_COMMANDS,
  SCD_READINGS,
  type ScdFillState,
  type ScdReadingKey,
  scdManifest,
} from '@sc/contract/families/scd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingDef } from '../../components/device';
import { type ActiveStateFilters, deviceFamilyApi } from '../kit/family-api';

export { SCD_COMMANDS };
/**
 * Spec 001 §7 "scd: realdata, last 24-hour events, paged events": the dustbins' device type (telemetry
 * pushes of other families are ignored), their screens and their calls with the project bound, typed from
 * the contract.
 */
export const { TYPE: SCD_TYPE, LIST_PAGE, DEVICE_PAGE, client: scdApi } = deviceFamilyApi(scdManifest, SCD_API);

/** Answers of the dustbin calls, from the contract's table. */
export type ScdPage = AnswerOf<typeof SCD_API.page>;
export type ScdBin = ScdPage['list'][number];
export type ScdMapBin = AnswerOf<typeof SCD_API.map>[number];
export type ScdLatest = AnswerOf<typeof SCD_API.latest>;
export type ScdConfig = AnswerOf<typeof SCD_API.config>;

export type ScdFilters = ActiveStateFilters;

/** Tag colours of the fill states (over-fill is the urgent one). */
export const FILL_COLORS: Record<ScdFillState, string> = { normal: 'green', full: 'orange', overfill: 'red' };

/** The readings with their units and labels in the reader's language. */
export function useScdReadings(): ReadingDef[] {
  const { t } = useTranslation();
  return useMemo(
    () => SCD_READINGS.map((r) => ({ key: r.key, unit: r.unit, label: t(`scd.readings.${r.key as ScdReadingKey}`) })),
    [t],
  );
}
