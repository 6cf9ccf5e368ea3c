import { deviceScreenOf, peerOf } from '@sc/contract';
import { ECE_CALL, eceManifest, talkReportOf } from '@sc/contract/families/ece';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Flex, Row, Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';
import { useAuthLevel } from '../../components/crud';
import { ItemList } from '../../components/item-list';
import { useAreaDraw } from '../../components/map/use-area-draw';
import { projectScreen } from '../../components/project-scoped';
import { formatTime } from '../../components/time';
import { CameraLive } from '../../components/video/camera-live';
import { useAlarmCalls } from './alarm-log-page';
import { SettleTag } from './alarm-table';
import { type Alarm, ECE_TYPE } from './api';
import { SettleDialog } from './settle-dialog';
import { ring } from './talk-audio';
import { type TalkEnd, useTalk } from './use-talk';

const AreaMap = lazy(() => import('../../components/map/area-map'));
/** The linked camera's page (the registry's device page of the peer type), where its live video plays. */
const CAMERA_SCREEN = deviceScreenOf(peerOf(eceManifest, 'linked'));
/** How often a ringing seat rings again, and reads the calls again (a push may be missed). */
const RING_EVERY_MS = 3000;
const READ_EVERY_MS = 5000;
/** The height of the camera's video and of the map beside it. */
const PANE_HEIGHT = 260;

/** /pjt/pjtdeviceeceagentseat (spec 001 §2 "agent seat"): the posts' calls ring here, are answered and settled. */
export default projectScreen(AgentSeat);

const ringing = (a: Alarm) => a.stopTime === null && a.answeredAt === null;

function AgentSeat({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const { notification } = App.useApp();
  const level = useAuthLevel();
  const { api, settle } = useAlarmCalls(projectId);
  const query = { filter: 'unhandled' as const, page: 1, pageSize: 50 };
  const calls = useQuery({
    queryKey: api.logs.key({ query }),
    queryFn: () => api.logs({ query }),
    refetchInterval: READ_EVERY_MS,
  });
  const list = calls.data?.list ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [settling, setSettling] = useState<Alarm | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const [rings, setRings] = useState(0);
  const [muted, setMuted] = useState(false);

  const onEnd = useCallback(
    (end: TalkEnd) => {
      if (end.kind === 'refused') setEnded(t(end.key, end.params));
      else if (end.kind === 'microphone') setEnded(t('ece.seat.micDenied', { reason: end.error.message }));
      else setEnded(t('ece.seat.closed'));
    },
    [t],
  );
  const talk = useTalk(projectId, onEnd);

  // A post's call: the calls read at once (the banner, the notification); its telemetry: the call's figures.
  const resync = useResync();
  useRealtime(
    { projects: [projectId] },
    (push) => {
      if (push.kind === 'event' && push.type === ECE_TYPE && push.code === ECE_CALL && push.eventType === 'occur')
        void calls.refetch();
      if (push.kind === 'telemetry' && push.type === ECE_TYPE) talk.report(push.deviceId, talkReportOf(push.values));
    },
    { onLive: resync(api.logs.key({ query })) },
  );

  const ringingCalls = list.filter(ringing);
  /** The posts whose call is notified now. */
  const notified = useRef(new Set<number>());
  // Each ringing call is notified once, however the seat learnt of it (a push, or the periodic read when
  // the push came before the socket), and stays until it rings no more (answered here or elsewhere, hung up).
  const notifiedIn = useRef(i18n.language);
  useEffect(() => {
    if (!calls.data) return;
    // A language switch says the ringing calls' notifications again, in place (same keys).
    if (notifiedIn.current !== i18n.language) {
      notifiedIn.current = i18n.language;
      notified.current.clear();
    }
    const still = new Set(ringingCalls.map((a) => a.device.id));
    for (const deviceId of notified.current)
      if (!still.has(deviceId)) {
        notification.destroy(`ece-call-${deviceId}`);
        notified.current.delete(deviceId);
      }
    for (const call of ringingCalls)
      if (!notified.current.has(call.device.id)) {
        notified.current.add(call.device.id);
        notification.warning({
          key: `ece-call-${call.device.id}`,
          title: t('ece.seat.ringingTitle'),
          description: t('ece.seat.ringing', { name: call.device.name }),
          placement: 'topRight',
          duration: 0,
        });
      }
  });
  const anyRinging = ringingCalls.length > 0 && talk.state.phase === 'idle';
  const rang = useRef(false);
  useEffect(() => {
    if (!anyRinging || muted) return;
    let stop = false;
    const beep = () =>
      void ring().then((played) => {
        if (!stop && played) setRings((n) => n + 1);
      });
    if (!rang.current) beep();
    rang.current = true;
    const timer = window.setInterval(beep, RING_EVERY_MS);
    return () => {
      stop = true;
      rang.current = false;
      clearInterval(timer);
    };
  }, [anyRinging, muted]);

  const current = list.find((a) => a.id === (talk.state.alarmId ?? chosen)) ?? ringingCalls[0] ?? list[0] ?? null;
  const talking = talk.state.phase !== 'idle';

  return (
    <Card title={t('menu.pjtdeviceeceagentseat')}>
      {anyRinging ? (
        <Alert
          type="error"
          showIcon
          data-testid="ece-seat-ringing"
          data-rings={rings}
          style={{ marginBottom: 12 }}
          title={t('ece.seat.ringing', { name: ringingCalls.map((a) => a.device.name).join('、') })}
          action={
            <Button size="small" onClick={() => setMuted((m) => !m)}>
              {muted ? t('ece.seat.soundOn') : t('ece.seat.mute')}
            </Button>
          }
        />
      ) : null}
      {ended && (
        <Alert
          type="info"
          showIcon
          closable
          onClose={() => setEnded(null)}
          title={ended}
          style={{ marginBottom: 12 }}
          data-testid="ece-seat-ended"
        />
      )}
      <Row gutter={16}>
        <Col xs={24} lg={7}>
          <Typography.Title level={5}>{t('ece.seat.calls')}</Typography.Title>
          <Spin spinning={calls.isLoading}>
            {list.length === 0 ? (
              <Card size="small" data-testid="ece-seat-calls">
                <Empty description={t('ece.seat.idleHint')} />
              </Card>
            ) : (
              <ItemList
                bordered
                size="small"
                items={list}
                rowKey={(a) => a.id}
                data-testid="ece-seat-calls"
                rowProps={(a) => ({
                  onClick: () => !talking && setChosen(a.id),
                  style: { cursor: 'pointer', background: current?.id === a.id ? '#fff7e6' : undefined },
                  'data-testid': `ece-seat-call-${a.id}`,
                })}
                render={(a) => (
                  <Flex vertical gap={2}>
                    <Flex justify="space-between" gap={8}>
                      <Typography.Text strong ellipsis>
                        {a.device.name}
                      </Typography.Text>
                      {ringing(a) ? <Tag color="red">{t('ece.log.calling')}</Tag> : <SettleTag alarm={a} />}
                    </Flex>
                    <Typography.Text type="secondary">{formatTime(a.startTime)}</Typography.Text>
                  </Flex>
                )}
              />
            )}
          </Spin>
        </Col>
        <Col xs={24} lg={17}>
          {current ? (
            <CallPanel
              projectId={projectId}
              alarm={current}
              level={level}
              talk={talk}
              onSettle={() => setSettling(current)}
            />
          ) : (
            <Empty description={t('ece.seat.idle')} />
          )}
        </Col>
      </Row>
      <SettleDialog
        alarm={settling}
        onSettle={(alarm, values) => settle.mutateAsync({ alarm, values })}
        onClose={() => setSettling(null)}
      />
    </Card>
  );
}

function CallPanel({
  projectId,
  alarm,
  level,
  talk,
  onSettle,
}: {
  projectId: number;
  alarm: Alarm;
  level: number;
  talk: ReturnType<typeof useTalk>;
  onSettle: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useAlarmCalls(projectId);
  const post = useQuery({ queryKey: api.one.key(alarm.device.id), queryFn: () => api.one(alarm.device.id) });
  const draw = useAreaDraw();
  const marks = useMemo(
    () =>
      post.data?.lng != null && post.data.lat != null
        ? [{ id: alarm.device.id, lng: post.data.lng, lat: post.data.lat, tone: 'calling' }]
        : [],
    [post.data, alarm.device.id],
  );
  const tones = useMemo(() => ({ calling: { colour: '#ff4d4f', label: alarm.device.name } }), [alarm.device.name]);
  const s = talk.state;
  const mine = s.alarmId === alarm.id;
  const canTalk = level >= 5;
  const canSettle = level >= 10 && alarm.settleDetail === 'init';
  return (
    <Flex vertical gap={12} data-testid="ece-seat-panel">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {mine && s.phase !== 'idle' ? t('ece.seat.talking', { name: alarm.device.name }) : alarm.device.name}
        </Typography.Title>
        <Space wrap>
          {canTalk && !mine && alarm.stopTime === null && (
            <Button
              type="primary"
              onClick={() => void talk.answer(alarm.id)}
              disabled={s.phase !== 'idle'}
              data-testid="ece-answer"
            >
              {t('ece.seat.answer')}
            </Button>
          )}
          {mine && (
            <Button danger onClick={talk.hangUp} data-testid="ece-hangup">
              {t('ece.seat.hangUp')}
            </Button>
          )}
          {canSettle && (
            <Button onClick={onSettle} data-testid="ece-seat-settle">
              {t('ece.log.settle')}
            </Button>
          )}
        </Space>
      </Flex>
      {mine && (
        <Descriptions size="small" column={2} bordered data-testid="ece-talk">
          <Descriptions.Item label={t('ece.seat.state')}>
            {s.outcome ? t(`ece.seat.outcomes.${s.outcome}`) : t('ece.seat.connecting')}
          </Descriptions.Item>
          <Descriptions.Item label={t('ece.seat.toPost')}>
            <span data-testid="ece-talk-sent" data-count={s.sent}>
              {t('ece.seat.sent', { count: s.sent })}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('ece.seat.fromPost')}>
            <span data-testid="ece-talk-received" data-count={s.received}>
              {t('ece.seat.received', { count: s.received })}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('ece.seat.postHeardLabel')}>
            <span data-testid="ece-talk-heard" data-count={s.post?.heard ?? 0}>
              {t('ece.seat.postHeard', { count: s.post?.heard ?? 0 })}
            </span>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('ece.log.startTime')}>{formatTime(alarm.startTime)}</Descriptions.Item>
        <Descriptions.Item label={t('ece.log.settleDetail')}>
          <SettleTag alarm={alarm} />
        </Descriptions.Item>
        <Descriptions.Item label={t('ece.seat.camera')}>
          {alarm.linkedCamera && CAMERA_SCREEN ? (
            <Link
              to={`${CAMERA_SCREEN.path}?id=${alarm.linkedCamera.id}`}
              target="_blank"
              data-testid="ece-camera-live"
            >
              {alarm.linkedCamera.name} · {t('ece.seat.openCamera')}
            </Link>
          ) : (
            t('ece.seat.noCamera')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('ece.log.eventId')}>{alarm.eventId}</Descriptions.Item>
      </Descriptions>
      {/* The post's linked camera live beside its place on the map. */}
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">
              {alarm.linkedCamera
                ? `${t('ece.seat.cameraLive')} · ${alarm.linkedCamera.name}`
                : t('ece.seat.cameraLive')}
            </Typography.Text>
            {alarm.linkedCamera ? (
              <div data-testid="ece-seat-video" data-camera={alarm.linkedCamera.id}>
                <CameraLive projectId={projectId} deviceId={alarm.linkedCamera.id} height={PANE_HEIGHT} />
              </div>
            ) : (
              <Flex
                align="center"
                justify="center"
                style={{ height: PANE_HEIGHT, background: '#fafafa', border: '1px dashed #d9d9d9', padding: 16 }}
                data-testid="ece-seat-no-video"
              >
                <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
                  {t('ece.seat.noCameraVideo')}
                </Typography.Text>
              </Flex>
            )}
          </Flex>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{t('ece.seat.place')}</Typography.Text>
            {marks.length ? (
              <Suspense fallback={<div style={{ height: PANE_HEIGHT }} />}>
                <AreaMap marks={marks} tones={tones} draw={draw} height={PANE_HEIGHT} />
              </Suspense>
            ) : (
              <Flex
                align="center"
                justify="center"
                style={{ height: PANE_HEIGHT, background: '#fafafa', border: '1px dashed #d9d9d9' }}
              >
                <Typography.Text type="secondary" data-testid="ece-no-place">
                  {t('ece.seat.noPlace')}
                </Typography.Text>
              </Flex>
            )}
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
