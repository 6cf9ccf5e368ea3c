import type { RealtimePush } from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Spin, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';
import { LiveBadge } from '../../components/device';
import { projectScreen } from '../../components/project-scoped';
import { DeviceSelect, useFamilyDevices } from '../kit/device-select';
import { LED_TYPE, ledApi, programApi, runtimeFromPush } from './api';
import { draftOf } from './program-model';
import { ProgramPreview } from './program-preview';

/** The widest the screen is drawn. */
const WIDTH = 960;

/**
 * /pjt/pjtledlive (spec 001 §2): what a screen shows now, live: its reports (power, what it plays) as
 * they come, and the program it plays drawn as the screen draws it (clocks, countdown, scrolling text).
 */
export default projectScreen(Live);

function Live({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const led = ledApi(projectId);
  const programs = programApi(projectId);
  const screens = useFamilyDevices(led.page);
  const [chosen, setChosen] = useState<number | null>(null);
  const id = chosen ?? screens.data?.list[0]?.id ?? null;
  const runtime = useQuery({
    queryKey: led.runtime.key({ id: id ?? 0 }),
    queryFn: () => led.runtime({ id: id! }),
    enabled: id !== null,
  });
  // Its reports as they come: what it plays now.
  const resync = useResync();
  useRealtime(
    { projects: [projectId] },
    (push: RealtimePush) => {
      if (push.kind !== 'telemetry' || push.deviceId !== id || push.type !== LED_TYPE) return;
      client.setQueryData(led.runtime.key({ id }), runtimeFromPush(id)(push.values, push.at));
    },
    { onLive: resync(led.runtime.key({ id: id ?? 0 })) },
  );
  const given = useQuery({
    queryKey: led.screenPrograms.key({ id: id ?? 0 }),
    queryFn: () => led.screenPrograms({ id: id! }),
    enabled: id !== null,
  });
  const playing = runtime.data?.playing ?? null;
  // The program it plays: the latest acknowledged one of that name (the screen reports names).
  const current = useMemo(
    () => given.data?.find((p) => p.delivered && p.name === playing) ?? null,
    [given.data, playing],
  );
  const program = useQuery({
    queryKey: programs.program.key({ programId: current?.programId ?? 0 }),
    queryFn: () => programs.program({ programId: current!.programId }),
    enabled: current !== null,
  });
  const draft = useMemo(() => (program.data ? draftOf(program.data) : null), [program.data]);
  const power = runtime.data?.power;

  return (
    <Card
      title={t('menu.pjtledlive')}
      extra={
        <Flex gap={12} align="center">
          <LiveBadge />
          <DeviceSelect
            devices={screens}
            aria-label={t('led.live.screen')}
            placeholder={t('led.live.screen')}
            style={{ width: 200 }}
            value={id ?? undefined}
            onChange={setChosen}
            data-testid="live-screen"
          />
        </Flex>
      }
    >
      {screens.isLoading ? (
        <Spin />
      ) : id === null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('led.live.noScreens')} />
      ) : (
        <Flex vertical gap={12}>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('led.fields.power')}>
              {power === null || power === undefined ? (
                '—'
              ) : (
                <Tag color={power ? 'green' : 'default'}>{t(power ? 'led.power.on' : 'led.power.off')}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('led.fields.playing')}>
              <span data-testid="live-playing">{playing ?? t('led.nothingPlaying')}</span>
            </Descriptions.Item>
          </Descriptions>
          {draft && power ? (
            <div data-testid="live-picture">
              <ProgramPreview
                projectId={projectId}
                draft={draft}
                scale={Math.min(5, WIDTH / (Number(draft.width) || 1))}
              />
            </div>
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(power === false ? 'led.live.off' : playing ? 'led.live.builtIn' : 'led.live.nothing')}
            />
          )}
        </Flex>
      )}
    </Card>
  );
}
