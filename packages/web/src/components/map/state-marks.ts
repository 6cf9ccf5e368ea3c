import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { stateTone, TONE_COLOURS } from '../../pages/map/bizindex/device-layer';

/** A device placed on the map with its active state. */
export interface StatedPlace {
  id: number;
  lng: number;
  lat: number;
  activeState: number;
}

/**
 * AreaMap's marks and legend for devices coloured by their active state (abnormal, unknown, normal),
 * the colours of the device map, the legend in the state's own words.
 */
export function useStateMarks(devices: readonly StatedPlace[]) {
  const { t } = useTranslation();
  const marks = useMemo(
    () => devices.map((d) => ({ id: d.id, lng: d.lng, lat: d.lat, tone: stateTone(d.activeState) })),
    [devices],
  );
  const tones = useMemo(
    () => ({
      error: { colour: TONE_COLOURS.error, label: t('enums.active_-1') },
      unknown: { colour: TONE_COLOURS.unknown, label: t('enums.active_0') },
      active: { colour: TONE_COLOURS.active, label: t('enums.active_1') },
    }),
    [t],
  );
  return { marks, tones };
}
