import type { MaintenanceMapDevice } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceApi } from '../../../components/maintenance/maintenance-api';
import { devicesInArea } from '../../../components/map/area';
import { AreaDrawBar } from '../../../components/map/area-draw-bar';
import AreaMap from '../../../components/map/area-map';
import { useStateMarks } from '../../../components/map/state-marks';
import { useAreaDraw } from '../../../components/map/use-area-draw';

export interface MapPickerProps {
  projectId: number;
  /** Devices already on the bill: not offered. */
  present: ReadonlySet<number>;
  /** Devices picked so far: ringed. */
  picked: ReadonlySet<number>;
  /** A device clicked: picked, or dropped when it was. */
  onToggle: (device: MaintenanceMapDevice) => void;
  /** An area drawn: every device inside is picked. */
  onArea: (devices: MaintenanceMapDevice[]) => void;
}

/**
 * The project's located devices on a map, coloured by state, for the bill editor's "add devices": a
 * click picks or drops a device, an area drawn picks every device inside.
 */
export default function MapPicker({ projectId, present, picked, onToggle, onArea }: MapPickerProps) {
  const { t } = useTranslation();
  const located = useQuery({
    queryKey: ['maintenance-located', projectId],
    queryFn: () => maintenanceApi(projectId).locatedDevices(),
  });
  const offered = useMemo(() => (located.data ?? []).filter((d) => !present.has(d.id)), [located.data, present]);
  const draw = useAreaDraw((polygon) => onArea(devicesInArea(offered, polygon)));
  const inside = useMemo(() => (draw.area ? devicesInArea(offered, draw.area).length : 0), [draw.area, offered]);
  const { marks, tones } = useStateMarks(offered);
  const byId = useMemo(() => new Map(offered.map((d) => [d.id, d])), [offered]);
  if (located.isLoading) return <Spin size="small" />;
  if (marks.length === 0) return <Typography.Text type="secondary">{t('maintenance.mapNone')}</Typography.Text>;
  return (
    <Flex vertical gap={8} data-testid="bill-map-picker">
      <Typography.Text type="secondary">{t('maintenance.mapHint')}</Typography.Text>
      <AreaDrawBar draw={draw} inside={inside} />
      <AreaMap
        marks={marks}
        tones={tones}
        draw={draw}
        picked={picked}
        pickedLabel={t('maintenance.mapPicked')}
        onDevice={(id) => {
          const device = byId.get(id);
          if (device) onToggle(device);
        }}
        height={320}
      />
    </Flex>
  );
}
