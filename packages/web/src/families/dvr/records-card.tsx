import { RECORD_SEARCH_HOURS, type RecordFile, type RecordType, recordsPeriodError } from '@sc/contract/families/dvr';
import { useMutation } from '@tanstack/react-query';
import { Card, Flex, Select, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFilesTable, RecordTypeTag, recordSizeText } from '../../components/device';
import { DraggableModal } from '../../components/draggable-modal';
import { formatDuration } from '../../components/format';
import { formatTime, toPickerValue } from '../../components/time';
import { ReplayPlayer } from '../../components/video/replay-player';
import { RecordSearch, usePlayColumn, useRecordSearch } from '../kit/record-search';
import { dvrApi } from './api';

/** The period a search starts with: the last six hours. */
const DEFAULT_HOURS = 6;

/**
 * Spec 001 §3 "record types normal, event, warning, manual", §7 "dvr: record files": the recorder's
 * files of a period (at most RECORD_SEARCH_HOURS), of a type and a channel when chosen, asked of the
 * recorder itself, each with the camera of its channel; a file played in the shared replay player (the
 * recorder's stream copied into a seekable HLS by the server's stream gateway), in a dialog.
 */
export function RecordsCard({ projectId, id, channelCount }: { projectId: number; id: number; channelCount: number }) {
  const { t } = useTranslation();
  const api = dvrApi(projectId);
  const form = useRecordSearch((): [Dayjs, Dayjs] => {
    const now = Date.now();
    return [toPickerValue(now - DEFAULT_HOURS * 3_600_000), toPickerValue(now)];
  }, recordsPeriodError);
  const [channel, setChannel] = useState<number | undefined>();
  const [playing, setPlaying] = useState<RecordFile | null>(null);
  const playColumn = usePlayColumn<RecordFile>(
    t('dvr.records.play'),
    'dvr-record-play',
    (f) => playing === f,
    setPlaying,
  );
  const search = useMutation({
    mutationFn: (body: { from: string; to: string; type?: RecordType; channel?: number }) =>
      api.records({ id, body }, { silent: true }),
  });
  const run = () => {
    const period = form.period();
    if (period)
      search.mutate({ ...period, ...(form.type ? { type: form.type } : {}), ...(channel ? { channel } : {}) });
  };

  const columns: TableColumnsType<RecordFile> = [
    { title: t('dvr.records.channel'), dataIndex: 'channel', width: 90, align: 'right' },
    {
      title: t('dvr.records.camera'),
      key: 'boundCamera',
      ellipsis: true,
      render: (_, f) => f.camera?.name ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('dvr.records.type'),
      dataIndex: 'type',
      width: 110,
      render: (v: RecordType) => <RecordTypeTag ns="dvr" type={v} />,
    },
    { title: t('dvr.records.start'), dataIndex: 'start', width: 170, render: formatTime },
    { title: t('dvr.records.end'), dataIndex: 'end', width: 170, render: formatTime },
    { title: t('dvr.records.duration'), dataIndex: 'seconds', width: 130, render: (v: number) => formatDuration(v, t) },
    { title: t('dvr.records.size'), dataIndex: 'size', width: 100, align: 'right', render: recordSizeText },
    playColumn,
  ];

  return (
    <Card size="small" title={t('dvr.records.title')} data-testid="dvr-records">
      <Flex vertical gap={12}>
        <RecordSearch
          ns="dvr"
          testId="dvr-records"
          form={form}
          search={search}
          onSearch={run}
          before={<Typography.Text>{t('dvr.records.period')}</Typography.Text>}
          after={
            <Select<number>
              aria-label={t('dvr.records.channel')}
              data-testid="dvr-records-channel"
              allowClear
              placeholder={t('dvr.records.allChannels')}
              style={{ width: 130 }}
              value={channel}
              onChange={(v) => setChannel(v)}
              options={Array.from({ length: channelCount }, (_, i) => ({
                value: i + 1,
                label: `${t('dvr.records.channel')} ${i + 1}`,
              }))}
            />
          }
        />
        <RecordFilesTable<RecordFile>
          testId="dvr-records"
          answer={search.data}
          columns={columns}
          rowKey={(f) => `${f.channel}-${f.type}-${f.start}`}
          loading={search.isPending}
          texts={{
            hint: t('dvr.records.hint', { count: RECORD_SEARCH_HOURS }),
            empty: t('dvr.records.empty'),
            count: (count) => t('dvr.records.count', { count }),
            truncated: (count) => t('dvr.records.truncated', { count }),
          }}
        />
      </Flex>
      <DraggableModal
        open={playing !== null}
        title={
          playing &&
          (playing.camera
            ? t('dvr.replay.titleCamera', { channel: playing.channel, camera: playing.camera.name })
            : t('dvr.replay.title', { channel: playing.channel }))
        }
        width={760}
        footer={null}
        onCancel={() => setPlaying(null)}
        data-testid="dvr-replay"
      >
        {playing && (
          <ReplayPlayer
            key={`${playing.channel}:${playing.start}:${playing.end}`}
            openKey={`${id}:${playing.channel}:${playing.start}:${playing.end}`}
            open={() =>
              api.replay(
                { id, query: { channel: playing.channel, from: playing.start, to: playing.end } },
                { silent: true },
              )
            }
            from={playing.start}
            to={playing.end}
          />
        )}
      </DraggableModal>
    </Card>
  );
}
