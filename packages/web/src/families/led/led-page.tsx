import type { LedRuntime } from '@sc/contract/families/led';
import { Descriptions, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingDef } from '../../components/device';
import { type ClientDeviceProps, clientDevicePage, type FamilyShellParts } from '../kit/family-device-page';
import { LIST_PAGE, ledApi, runtimeFromPush } from './api';
import { LedControl } from './led-control';
import { ScreenPrograms } from './screen-programs';

/** /pjt/pjtdeviceled?id= (spec 001 §2): one screen's runtime (live), its control, its registration and its programs. */
export default clientDevicePage(
  {
    ns: 'led',
    list: LIST_PAGE,
    client: ledApi,
    latest: (led, id) => ({
      queryKey: led.runtime.key({ id }),
      queryFn: () => led.runtime({ id }),
      fromPush: runtimeFromPush(id),
    }),
  },
  useLedShell,
);

function useLedShell({ projectId, id, device: d, latest }: ClientDeviceProps<typeof ledApi, LedRuntime>) {
  const { t } = useTranslation();
  const readings: ReadingDef[] = useMemo(
    () => [
      { key: 'brightness', unit: '', label: t('led.fields.brightness') },
      { key: 'volume', unit: '', label: t('led.fields.volume') },
    ],
    [t],
  );

  const runtime = latest.data;
  const report = runtime?.at ? { at: runtime.at, brightness: runtime.brightness, volume: runtime.volume } : undefined;
  const size = (key: 'screenWidth' | 'screenHeight') => (typeof d.props?.[key] === 'number' ? d.props[key] : null);
  const resolution =
    size('screenWidth') && size('screenHeight') ? `${size('screenWidth')} × ${size('screenHeight')} px` : '—';

  return {
    properties: [
      'no',
      'equipmentId',
      { key: 'resolution', label: t('led.fields.resolution'), value: resolution },
      'lastActiveAt',
      'modelName',
      'areaName',
      'location',
    ],
    latest: {
      title: t('led.runtime'),
      testId: 'led-runtime',
      reading: report,
      readings,
      atLabel: t('led.fields.reportedAt'),
      footer: runtime?.at && (
        <Descriptions size="small" column={2}>
          <Descriptions.Item label={t('led.fields.power')}>
            {runtime.power === null ? (
              '—'
            ) : (
              <Tag color={runtime.power ? 'green' : 'default'} data-testid="led-power">
                {t(runtime.power ? 'led.power.on' : 'led.power.off')}
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('led.fields.playing')}>
            <span data-testid="led-playing">{runtime.playing ?? t('led.nothingPlaying')}</span>
          </Descriptions.Item>
        </Descriptions>
      ),
    },
    side: (
      <LedControl
        projectId={projectId}
        id={id}
        current={{ brightness: runtime?.brightness ?? null, volume: runtime?.volume ?? null }}
      />
    ),
    children: <ScreenPrograms projectId={projectId} id={id} />,
  } satisfies FamilyShellParts;
}
