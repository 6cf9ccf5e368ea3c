import { Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { devicesInArea } from '../../components/map/area';
import { AreaDrawBar } from '../../components/map/area-draw-bar';
import AreaMap from '../../components/map/area-map';
import { useMapPicks } from '../../components/map/map-picks';
import { useStateMarks } from '../../components/map/state-marks';
import { useAreaDraw } from '../../components/map/use-area-draw';
import type { NscSpeakerOption } from './api';

type Placed = NscSpeakerOption & { lng: number; lat: number };
const placed = (s: NscSpeakerOption): s is Placed => s.lng !== null && s.lat !== null;

/**
 * The project's speakers on the map, coloured by state, for a terminal group's members: a click adds or
 * drops a speaker, an area drawn adds every speaker inside. Speakers without a place are picked from the list.
 */
export default function SpeakersMap({
  speakers,
  value,
  onChange,
}: {
  speakers: readonly NscSpeakerOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const located = useMemo(() => speakers.filter(placed), [speakers]);
  const picks = useMapPicks(value, onChange);
  const draw = useAreaDraw((polygon) => picks.add(devicesInArea(located, polygon).map((s) => s.id)));
  const inside = useMemo(() => (draw.area ? devicesInArea(located, draw.area).length : 0), [draw.area, located]);
  const { marks, tones } = useStateMarks(located);
  if (located.length === 0) return <Typography.Text type="secondary">{t('nsc.groups.mapNone')}</Typography.Text>;
  return (
    <Flex vertical gap={8} data-testid="nsc-group-map">
      <Typography.Text type="secondary">
        {t('nsc.groups.mapHint', { placed: located.length, count: speakers.length })}
      </Typography.Text>
      <AreaDrawBar draw={draw} inside={inside} />
      <AreaMap
        marks={marks}
        tones={tones}
        draw={draw}
        picked={picks.picked}
        pickedLabel={t('nsc.groups.mapPicked')}
        onDevice={picks.toggle}
        height={300}
      />
    </Flex>
  );
}
