import { AudioOutlined, PoweroffOutlined } from '@ant-design/icons';
import { NSC_LIVE_MAX_SPEAKERS, type NscLiveOutcome, nscLiveReport } from '@sc/contract/families/nsc';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, Progress, Row, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtime } from '../../../api/realtime';
import { useFeedback } from '../../../app/feedback';
import { nscApi } from '../api';
import { type LiveEnd, type LiveSpeaker, useLiveBroadcast } from './live-broadcast';

const OUTCOME_COLORS: Record<NscLiveOutcome, string> = {
  sent: 'blue',
  pulling: 'green',
  offline: 'default',
  silent: 'orange',
  failed: 'red',
  left: 'default',
};

/** The level meter's steps: green, then orange when loud, red near clipping. */
const METER_STEPS = 20;
const METER = Array.from({ length: METER_STEPS }, (_, i) => (i < 14 ? '#52c41a' : i < 18 ? '#faad14' : '#f5222d'));
/** A speaker's level bar: its colour by how loud. */
const levelColor = (level: number) => (level < 70 ? '#52c41a' : level < 90 ? '#faad14' : '#f5222d');

/**
 * The control center's realtime broadcast (spec 001 §2): the operator's microphone on the chosen speakers
 * and groups, a level meter, a stop button, and each speaker's outcome, level, delay and frames lost.
 */
export function LiveTab({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const nsc = nscApi(projectId);
  const speakers = useQuery({ queryKey: nsc.groupOptions.key({}), queryFn: () => nsc.groupOptions({}) });
  const groupQuery = { pageSize: 100 };
  const groups = useQuery({
    queryKey: nsc.groups.key({ query: groupQuery }),
    queryFn: () => nsc.groups({ query: groupQuery }),
  });
  const [deviceIds, setDeviceIds] = useState<number[]>([]);
  const [groupIds, setGroupIds] = useState<number[]>([]);

  const onEnd = (end: LiveEnd) => {
    if (end.kind === 'refused') message.error(t(end.key, end.params));
    else if (end.kind === 'microphone')
      message.error(
        end.error.kind === 'denied'
          ? t('nsc.live.micDenied', { reason: end.error.message })
          : t('nsc.live.micUnsupported'),
      );
    else message.warning(end.opened ? t('nsc.live.closed') : t('nsc.live.refused'));
  };
  const live = useLiveBroadcast(projectId, onEnd);
  useRealtime(
    { projects: [projectId] },
    (push) => {
      // The server pushes a speaker's live figures as `values.live` (not stored).
      if (push.kind !== 'telemetry' || push.type !== nsc.type) return;
      const figures = nscLiveReport.safeParse(push.values.live);
      live.report(push.deviceId, figures.success ? figures.data : null);
    },
    // The figures are not stored: there is nothing to read again, the next report brings them.
    { onLive: null },
  );

  const { phase, micLevel, frames } = live.state;
  const start = () => {
    if (!deviceIds.length && !groupIds.length) {
      message.warning(t('nsc.live.noTargets'));
      return;
    }
    void live.start(deviceIds, groupIds);
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Form layout="vertical" disabled={!editable || phase !== 'idle'}>
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Form.Item label={t('nsc.live.speakers')}>
                <Select<number[]>
                  data-testid="nsc-live-speakers"
                  mode="multiple"
                  allowClear
                  maxTagCount="responsive"
                  maxCount={NSC_LIVE_MAX_SPEAKERS}
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={speakers.isLoading}
                  placeholder={t('nsc.live.speakersPlaceholder')}
                  value={deviceIds}
                  onChange={setDeviceIds}
                  options={(speakers.data ?? []).map((s) => ({
                    value: s.id,
                    label: s.activeState === 1 ? s.name : `${s.name} (${t('nsc.control.offlineTag')})`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item label={t('nsc.live.groups')}>
                <Select<number[]>
                  data-testid="nsc-live-groups"
                  mode="multiple"
                  allowClear
                  maxTagCount="responsive"
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={groups.isLoading}
                  placeholder={t('nsc.live.groupsPlaceholder')}
                  value={groupIds}
                  onChange={setGroupIds}
                  options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Flex gap={16} align="center" wrap>
          {phase === 'idle' ? (
            <Button
              type="primary"
              icon={<AudioOutlined />}
              disabled={!editable}
              onClick={start}
              data-testid="nsc-live-start"
            >
              {t('nsc.live.start')}
            </Button>
          ) : (
            <Button danger type="primary" icon={<PoweroffOutlined />} onClick={live.stop} data-testid="nsc-live-stop">
              {t('nsc.live.stop')}
            </Button>
          )}
          <Tag
            color={phase === 'onAir' ? 'red' : phase === 'connecting' ? 'processing' : 'default'}
            data-testid="nsc-live-phase"
          >
            {t(`nsc.live.${phase}`)}
          </Tag>
          <Flex align="center" gap={8} style={{ minWidth: 280, flex: 1 }}>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {t('nsc.live.microphone')}
            </Typography.Text>
            <Progress
              data-testid="nsc-live-mic-level"
              data-level={micLevel}
              percent={micLevel}
              showInfo={false}
              strokeColor={METER}
              steps={METER_STEPS}
              size={[10, 14]}
              aria-label={t('nsc.live.microphone')}
            />
          </Flex>
          {phase !== 'idle' && (
            <Typography.Text type="secondary" data-testid="nsc-live-frames">
              {t('nsc.live.sentFrames', { count: frames })}
            </Typography.Text>
          )}
        </Flex>
      </Card>
      {!editable && <Alert type="info" showIcon title={t('nsc.live.readOnly')} />}
      <Card size="small" title={t('nsc.live.receivers')}>
        <LiveSpeakers speakers={live.state.speakers} />
      </Card>
    </Flex>
  );
}

/** Each speaker of the broadcast: its command's outcome and its last half second (level, delay, frames, lost). */
function LiveSpeakers({ speakers }: { speakers: LiveSpeaker[] }) {
  const { t } = useTranslation();
  const waiting = <Typography.Text type="secondary">{t('nsc.live.waiting')}</Typography.Text>;
  return (
    <Table<LiveSpeaker>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={speakers}
      locale={{ emptyText: t('nsc.live.nobody') }}
      onRow={(row) => ({ 'data-testid': `nsc-live-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'name', title: t('nsc.live.columns.name'), dataIndex: 'name', ellipsis: true },
        {
          key: 'outcome',
          title: t('nsc.live.columns.outcome'),
          width: 120,
          render: (_v, row) =>
            row.outcome ? (
              <Tag color={OUTCOME_COLORS[row.outcome]}>{t(`nsc.live.outcomes.${row.outcome}`)}</Tag>
            ) : (
              waiting
            ),
        },
        {
          key: 'level',
          title: t('nsc.live.columns.level'),
          width: 180,
          render: (_v, row) =>
            row.report ? (
              <Progress
                percent={row.report.level}
                size="small"
                strokeColor={levelColor(row.report.level)}
                format={(p) => p}
              />
            ) : (
              waiting
            ),
        },
        {
          key: 'delay',
          title: t('nsc.live.columns.delay'),
          width: 100,
          align: 'right',
          render: (_v, row) =>
            row.report ? (
              <span data-testid="nsc-live-delay">{t('nsc.live.delayMs', { ms: Math.round(row.report.delayMs) })}</span>
            ) : null,
        },
        {
          key: 'frames',
          title: t('nsc.live.columns.frames'),
          width: 90,
          align: 'right',
          render: (_v, row) => (row.report ? <span data-testid="nsc-live-received">{row.report.frames}</span> : null),
        },
        {
          key: 'lost',
          title: t('nsc.live.columns.lost'),
          width: 80,
          align: 'right',
          render: (_v, row) => (row.report ? row.report.lost : null),
        },
      ]}
    />
  );
}
