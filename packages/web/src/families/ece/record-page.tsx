import { ECE_RECORD_DAYS, type EceRecording, recordPeriodError } from '@sc/contract/families/ece';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Row,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RecordSearchBar } from '../../components/device';
import { projectScreen } from '../../components/project-scoped';
import { formatTime, fromPickerValue, TIME_FORMAT, toPickerValue } from '../../components/time';
import { DeviceSelect, useFamilyDevices } from '../kit/device-select';
import { usePlayColumn } from '../kit/record-search';
import { eceApi } from './api';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** The period a search starts with: the last 7 days. */
const DEFAULT_DAYS = 7;

/** A length in ms as mm:ss, whole seconds as the browser's player counts them (at most 30 minutes). */
export const recordDuration = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** A size in bytes as KB under a megabyte, else MB. */
export const recordSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * /pjt/pjtdeviceecerecord (spec 001 §2 "alarm recordings", §5 "ECE record period required, at most 30
 * days"): the recordings of the answered calls, searched by period (the contract's rule, checked here
 * before asking and by the server) and post; one replayed in the browser's player, which can seek (the
 * server answers ranges). A recording cut at the maximum length or interrupted by the server stopping
 * during the call carries a tag saying so. `?deviceId=` opens on a post, `?from=&to=` (ISO) on a period.
 */
export default projectScreen(EceRecords);

interface Search {
  from: string;
  to: string;
  deviceId?: number;
}

function EceRecords({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const api = eceApi(projectId);
  const [params] = useSearchParams();
  const [deviceId, setDeviceId] = useState<number | undefined>(() => Number(params.get('deviceId')) || undefined);
  // `?from=&to=` (a link from an alarm) open on a period, else the last days.
  const [first] = useState(() => {
    const from = Date.parse(params.get('from') ?? '');
    const to = Date.parse(params.get('to') ?? '');
    const now = Date.now();
    const [start, end] =
      Number.isNaN(from) || Number.isNaN(to) ? [now - DEFAULT_DAYS * 86_400_000, now + 60_000] : [from, to];
    return {
      range: [toPickerValue(start), toPickerValue(end)] as [Dayjs, Dayjs],
      wrong: recordPeriodError(new Date(start), new Date(end)),
    };
  });
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(first.range);
  const [invalid, setInvalid] = useState<string | null>(() =>
    first.wrong ? t(first.wrong.key, first.wrong.params) : null,
  );
  const [search, setSearch] = useState<Search | null>(() =>
    first.wrong ? null : { from: fromPickerValue(first.range[0]), to: fromPickerValue(first.range[1]), deviceId },
  );
  const [page, setPage] = useState({ current: 1, pageSize: 25 });
  const [playing, setPlaying] = useState<EceRecording | null>(null);
  const [playFailed, setPlayFailed] = useState(false);

  const posts = useFamilyDevices(api.page);
  const query = search
    ? {
        from: search.from,
        to: search.to,
        page: page.current,
        pageSize: page.pageSize,
        ...(search.deviceId ? { deviceId: search.deviceId } : {}),
      }
    : null;
  const found = useQuery({
    queryKey: api.recordings.key({ query: query ?? {} }),
    queryFn: () => api.recordings({ query: query! }, { silent: true }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const run = () => {
    const from = range ? fromPickerValue(range[0]) : undefined;
    const to = range ? fromPickerValue(range[1]) : undefined;
    // The contract's rule, the same the server applies.
    const wrong = recordPeriodError(from ? new Date(from) : undefined, to ? new Date(to) : undefined);
    setInvalid(wrong ? t(wrong.key, wrong.params) : null);
    if (wrong || !from || !to) return;
    setPage((p) => ({ ...p, current: 1 }));
    setSearch({ from, to, deviceId });
  };
  const play = (r: EceRecording) => {
    setPlayFailed(false);
    setPlaying(r);
  };
  const playColumn = usePlayColumn<EceRecording>(
    t('ece.record.play'),
    'ece-record-play',
    (r) => playing?.id === r.id,
    play,
  );

  const columns: TableColumnsType<EceRecording> = [
    {
      title: t('ece.record.post'),
      key: 'post',
      ellipsis: true,
      render: (_, r) => r.device.name,
    },
    {
      title: t('ece.record.event'),
      key: 'event',
      width: 110,
      render: (_, r) => (
        <Tooltip title={r.eventId}>
          <span style={NOWRAP}>{t(`ece.eventCodes.${r.eventType}`, { defaultValue: r.eventType })}</span>
        </Tooltip>
      ),
    },
    {
      title: t('ece.record.startTime'),
      dataIndex: 'startTime',
      width: 165,
      render: (v: string) => <span style={NOWRAP}>{formatTime(v)}</span>,
    },
    {
      title: t('ece.record.duration'),
      dataIndex: 'durationMs',
      width: 90,
      render: (v: number, r) => (
        // A tag saying why it is incomplete goes under the length: the column stays narrow at 1366 px.
        <Flex vertical align="flex-start" gap={2}>
          <span data-testid="ece-record-duration" style={NOWRAP}>
            {recordDuration(v)}
          </span>
          {r.cut && (
            <Tooltip title={t('ece.record.cutTip', { count: Math.round(v / 60_000) })}>
              <Tag color="orange">{t('ece.record.cut')}</Tag>
            </Tooltip>
          )}
          {r.interrupted && (
            <Tooltip title={t('ece.record.interruptedTip')}>
              <Tag color="red" data-testid="ece-record-interrupted">
                {t('ece.record.interrupted')}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      title: t('ece.record.size'),
      dataIndex: 'size',
      width: 90,
      align: 'right',
      render: (v: number) => <span style={NOWRAP}>{recordSize(v)}</span>,
    },
    { title: t('ece.record.answeredBy'), dataIndex: 'answeredBy', width: 100, ellipsis: true },
    playColumn,
  ];

  const answer = found.data;
  return (
    <Flex vertical gap={12} data-testid="ece-records-page">
      <Card size="small" title={t('menu.pjtdeviceecerecord')}>
        <RecordSearchBar
          testId="ece-record"
          fields={
            <>
              <DatePicker.RangePicker
                showTime
                format={TIME_FORMAT}
                value={range}
                aria-label={t('ece.record.period')}
                data-testid="ece-record-period"
                onChange={(values) => setRange(values?.[0] && values[1] ? [values[0], values[1]] : null)}
              />
              <DeviceSelect
                devices={posts}
                aria-label={t('ece.record.device')}
                data-testid="ece-record-device"
                allowClear
                placeholder={t('ece.record.allDevices')}
                style={{ width: 200 }}
                value={deviceId}
                onChange={(v) => setDeviceId(v)}
              />
            </>
          }
          searchText={t('ece.record.search')}
          searching={found.isFetching}
          onSearch={run}
          invalid={invalid}
          error={found.error}
        />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={17}>
          <Card size="small" data-testid="ece-records">
            <Table<EceRecording>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={answer?.list ?? []}
              loading={found.isFetching}
              scroll={{ x: 'max-content' }}
              pagination={{
                current: page.current,
                pageSize: page.pageSize,
                total: answer?.total ?? 0,
                hideOnSinglePage: true,
                showTotal: (count) => t('ece.record.total', { count }),
                onChange: (current, pageSize) => setPage({ current, pageSize }),
              }}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={answer ? t('ece.record.empty') : t('ece.record.hint', { count: ECE_RECORD_DAYS })}
                  />
                ),
              }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={7}>
          <Card size="small" title={t('ece.record.player')} data-testid="ece-record-player">
            {playing ? (
              <Flex vertical gap={8}>
                <Typography.Text strong data-testid="ece-record-playing">
                  {t('ece.record.playing', { name: playing.device.name, time: formatTime(playing.startTime) })}
                </Typography.Text>
                {/* biome-ignore lint/a11y/useMediaCaption: a recorded phone call has no captions to offer */}
                <audio
                  key={playing.id}
                  controls
                  autoPlay
                  preload="metadata"
                  src={api.recordingAudio.href({ recordingId: playing.id })}
                  style={{ width: '100%' }}
                  data-testid="ece-record-audio"
                  aria-label={t('ece.record.player')}
                  onError={() => setPlayFailed(true)}
                />
                <Typography.Text type="secondary">{t('ece.record.channels')}</Typography.Text>
                {playFailed && (
                  <Alert type="error" showIcon title={t('ece.seat.playError')} data-testid="ece-record-play-error" />
                )}
              </Flex>
            ) : (
              <Empty description={t('ece.record.playerNone')} />
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
