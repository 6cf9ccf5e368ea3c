import { PlayCircleOutlined } from '@ant-design/icons';
import {
  type CameraRecord,
  type CameraRecordType,
  PLAYBACK_MINUTES,
  playbackPeriodError,
} from '@sc/contract/families/camera';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RecordFilesTable, RecordTypeTag, recordSizeText } from '../../components/device';
import { formatDuration } from '../../components/format';
import { projectScreen } from '../../components/project-scoped';
import { formatTime, toPickerValue } from '../../components/time';
import { ReplayPlayer } from '../../components/video/replay-player';
import { DeviceSelect, useFamilyDevices } from '../kit/device-select';
import { RecordSearch, useRecordSearch } from '../kit/record-search';
import { cameraApi } from './api';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** The period a search starts with: the last hour. */
const DEFAULT_MINUTES = 60;

/**
 * /pjt/pjtdevicecamerarecord (spec 001 §2, §7 "camera: local records, replay"): a camera's recordings
 * on its own card, searched by period (at most 120 minutes, spec 001 §9 "DSS playback") and type, and a
 * chosen one replayed in the player, which can seek. `?id=` opens on a camera, `?from=&to=` on a period.
 */
export default projectScreen(CameraRecords);

function CameraRecords({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const api = cameraApi(projectId);
  const [params] = useSearchParams();
  const [cameraId, setCameraId] = useState<number | undefined>(() => Number(params.get('id')) || undefined);
  // `?from=&to=` (ISO) open on a period (a link from an alarm), else the last hour.
  const form = useRecordSearch((): [Dayjs, Dayjs] => {
    const from = Date.parse(params.get('from') ?? '');
    const to = Date.parse(params.get('to') ?? '');
    if (from < to) return [toPickerValue(from), toPickerValue(to)];
    const now = Date.now();
    return [toPickerValue(now - DEFAULT_MINUTES * 60_000), toPickerValue(now)];
  }, playbackPeriodError);
  const [playing, setPlaying] = useState<{ id: number; from: string; to: string } | null>(null);
  const cameras = useFamilyDevices(api.page, true);
  const search = useMutation({
    mutationFn: (query: { id: number; from: string; to: string; type?: CameraRecordType }) =>
      api.records(
        { id: query.id, query: { from: query.from, to: query.to, ...(query.type ? { type: query.type } : {}) } },
        { silent: true },
      ),
  });
  const run = () => {
    if (!cameraId) {
      form.refuse(t('camera.records.pickCamera'));
      return;
    }
    const period = form.period();
    if (period) search.mutate({ id: cameraId, ...period, type: form.type });
  };

  const columns: TableColumnsType<CameraRecord> = [
    {
      title: t('camera.records.type'),
      dataIndex: 'type',
      width: 104,
      render: (v: CameraRecordType) => <RecordTypeTag ns="camera" type={v} />,
    },
    // Times and lengths on one line each: the table fits 1366 px beside the player in both languages.
    {
      title: t('camera.records.start'),
      dataIndex: 'start',
      width: 165,
      render: (v: string) => <span style={NOWRAP}>{formatTime(v)}</span>,
    },
    {
      title: t('camera.records.duration'),
      dataIndex: 'seconds',
      render: (v: number) => <span style={NOWRAP}>{formatDuration(v, t)}</span>,
    },
    {
      title: t('camera.records.size'),
      dataIndex: 'size',
      width: 90,
      align: 'right',
      render: (v: number) => <span style={NOWRAP}>{recordSizeText(v)}</span>,
    },
    {
      title: t('camera.records.action'),
      key: 'action',
      width: 100,
      render: (_, r) => {
        const id = search.variables?.id;
        // A record is replayed within the period searched (a file may start before it or end after it).
        const from = search.data && r.start < search.data.from ? search.data.from : r.start;
        const to = search.data && r.end > search.data.to ? search.data.to : r.end;
        const current = playing?.id === id && playing?.from === from && playing?.to === to;
        return (
          <Button
            size="small"
            type={current ? 'primary' : 'default'}
            icon={<PlayCircleOutlined />}
            data-testid="record-replay"
            onClick={() => id && setPlaying({ id, from, to })}
          >
            {t('camera.records.replay')}
          </Button>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="camera-records-page">
      <Card size="small" title={t('camera.records.title')}>
        <RecordSearch
          ns="camera"
          testId="records"
          form={form}
          search={search}
          onSearch={run}
          note={<Typography.Text type="secondary">{t('camera.records.source')}</Typography.Text>}
          before={
            <DeviceSelect
              devices={cameras}
              aria-label={t('camera.records.camera')}
              data-testid="records-camera"
              placeholder={t('camera.records.pickCamera')}
              style={{ width: 220 }}
              value={cameraId}
              onChange={(v) => setCameraId(v)}
            />
          }
        />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={13}>
          <Card size="small" data-testid="camera-records">
            <RecordFilesTable<CameraRecord>
              testId="records"
              answer={search.data}
              columns={columns}
              rowKey={(r) => `${r.type}-${r.start}`}
              loading={search.isPending}
              texts={{
                hint: t('camera.records.hint', { count: PLAYBACK_MINUTES.max }),
                empty: t('camera.records.empty'),
                count: (count) => t('camera.records.count', { count }),
                truncated: (count) => t('camera.records.truncated', { count }),
              }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={11}>
          <Card size="small" title={t('camera.replay.title')}>
            {playing ? (
              <ReplayPlayer
                key={`${playing.id}:${playing.from}:${playing.to}`}
                openKey={`${playing.id}:${playing.from}:${playing.to}`}
                open={() =>
                  api.replay({ id: playing.id, query: { from: playing.from, to: playing.to } }, { silent: true })
                }
                from={playing.from}
                to={playing.to}
              />
            ) : (
              <Empty description={t('camera.replay.none')} />
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
