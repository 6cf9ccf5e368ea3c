import { NSC_VOD_STATES, type NscVod, type NscVodState } from '@sc/contract/families/nsc';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Segmented, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtime } from '../../../api/realtime';
import { useResync } from '../../../api/realtime-resync';
import { useFeedback } from '../../../app/feedback';
import { formatTime } from '../../../components/time';
import { clock } from '../media-page';
import { useVodRefresh, VodActions, vodApi } from './vod-actions';

export const VOD_STATE_COLORS: Record<NscVodState, string> = {
  ready: 'blue',
  playing: 'green',
  paused: 'orange',
  finished: 'default',
};
/** The push that says an on-demand task changed state (docs/nsc-vod.md). */
const VOD_BATCH = /^nsc-vod-(\d+)$/;
const QUEUE_SIZE = 50;

/**
 * The control center's voice on demand (spec 001 §2, §4 "queue: ready, playing, finished"): the newest
 * on-demand tasks with their state, followed live, and play, pause, continue, stop and volume on each.
 */
export function VodQueueTab({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const refresh = useVodRefresh(projectId);
  const [state, setState] = useState<NscVodState | 'all'>('all');
  const query = { pageSize: QUEUE_SIZE, ...(state === 'all' ? {} : { state }) };
  const api = vodApi(projectId);
  const queue = useQuery({ queryKey: api.vods.key({ query }), queryFn: () => api.vods({ query }) });
  const resync = useResync();
  useRealtime(
    { projects: [projectId] },
    (push) => {
      if (push.kind !== 'batch') return;
      const id = VOD_BATCH.exec(push.batchId)?.[1];
      if (!id) return;
      void refresh();
      const row = queue.data?.list.find((v) => v.id === Number(id));
      // Spec 001 §8 "finished", once, as the task ends by itself or by stop.
      if (push.done && row && row.state !== 'finished') message.info(`${row.name} ${t('nsc.aod.finished')}`);
    },
    { onLive: resync(api.vods.key({ query })) },
  );

  return (
    <Card
      size="small"
      title={t('nsc.vod.title')}
      extra={
        <Segmented<NscVodState | 'all'>
          data-testid="nsc-vod-filter"
          value={state}
          onChange={setState}
          options={[
            { value: 'all', label: t('nsc.vod.all') },
            ...NSC_VOD_STATES.map((s) => ({ value: s, label: t(`nsc.vod.states.${s}`) })),
          ]}
        />
      }
    >
      <Table<NscVod>
        rowKey="id"
        size="small"
        loading={queue.isLoading}
        dataSource={queue.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t('nsc.vod.empty') }}
        onRow={(row) => ({ 'data-testid': `nsc-vod-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'name', title: t('nsc.vod.fields.name'), dataIndex: 'name', ellipsis: true },
          {
            key: 'media',
            title: t('nsc.vod.fields.mediaIds'),
            ellipsis: true,
            render: (_v, row) => row.media.map((m) => m.name).join(' → '),
          },
          {
            key: 'speakers',
            title: t('nsc.vod.fields.speakers'),
            width: 150,
            render: (_v, row) => <VodSpeakers row={row} />,
          },
          {
            key: 'volume',
            title: t('nsc.vod.fields.volume'),
            dataIndex: 'volume',
            width: 70,
            align: 'right',
          },
          {
            key: 'repeat',
            title: t('nsc.vod.fields.repeat'),
            width: 120,
            render: (_v, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {t('nsc.vod.repeatTimes', { count: row.repeat })}{' '}
                <Typography.Text type="secondary">{clock(row.durationSeconds)}</Typography.Text>
              </span>
            ),
          },
          {
            key: 'state',
            title: t('nsc.vod.fields.state'),
            width: 90,
            render: (_v, row) => (
              <Tag color={VOD_STATE_COLORS[row.state]} data-testid="nsc-vod-state">
                {t(`nsc.vod.states.${row.state}`)}
              </Tag>
            ),
          },
          {
            key: 'startedAt',
            title: t('nsc.vod.fields.startedAt'),
            width: 165,
            render: (_v, row) => (row.startedAt ? formatTime(row.startedAt) : ''),
          },
          ...(editable
            ? [
                {
                  key: 'actions',
                  title: t('common.actions'),
                  width: 230,
                  render: (_v: unknown, row: NscVod) => <VodActions row={row} projectId={projectId} />,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

/** How many speakers a task plays on, and once played, each one's part (playing, finished, missed). */
export function VodSpeakers({ row }: { row: NscVod }) {
  const { t } = useTranslation();
  const played = row.speakers.filter((s) => s.state !== null);
  const finished = played.filter((s) => s.state === 'finished').length;
  return (
    <Tooltip
      title={
        <Flex vertical>
          {row.speakers.map((s) => (
            <span key={s.id}>
              {s.name}
              {s.state ? `: ${t(`nsc.vod.speakerStates.${s.state}`)}` : ''}
            </span>
          ))}
        </Flex>
      }
    >
      <span style={{ whiteSpace: 'nowrap' }} data-testid="nsc-vod-speakers">
        {t('nsc.groups.count', { count: row.speakers.length })}
        {played.length > 0 && (
          <Typography.Text type="secondary">
            {' '}
            ({t('nsc.vod.done', { done: finished, count: played.length })})
          </Typography.Text>
        )}
      </span>
    </Tooltip>
  );
}
