import { ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { CameraLive } from '@sc/contract/families/camera';
import { Alert, Button, Flex, Space, Spin, Tag, Typography } from 'antd';
import Hls, { type ErrorData } from 'hls.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { failureText } from '../../api/report';
import { getToken } from '../../session/store';
import { cameraApi } from './api';

/** Spec 000 §8 "Player": what went wrong, in the reader's words (`camera.live.player.<key>`). */
export type PlayerError =
  | 'network'
  | 'coding'
  | 'notSupported'
  | 'missingParam'
  | 'notFound'
  | 'ended'
  | 'source'
  | 'crossDomain';

/** hls.js's fatal error as one of the spec's player errors. */
export function playerErrorOf(data: Pick<ErrorData, 'type' | 'details' | 'response'>): PlayerError {
  const status = data.response?.code;
  if (status === 404 || status === 410)
    return data.details === Hls.ErrorDetails.LEVEL_LOAD_ERROR ? 'ended' : 'notFound';
  if (status === 0 && data.type === Hls.ErrorTypes.NETWORK_ERROR) return 'crossDomain';
  if (data.type === Hls.ErrorTypes.NETWORK_ERROR) return 'network';
  if (data.type === Hls.ErrorTypes.MEDIA_ERROR) return 'coding';
  if (data.details === Hls.ErrorDetails.MANIFEST_PARSING_ERROR) return 'source';
  return 'source';
}

type Shown =
  | { kind: 'loading' }
  | { kind: 'playing' }
  | { kind: 'unavailable'; reason: NonNullable<CameraLive['reason']> }
  | { kind: 'error'; text: string };

/**
 * A camera's live video: the server's stream gateway is asked to open it (its HLS playlist, shared with
 * every other viewer), then hls.js plays it muted, the session token sent with every request; what goes
 * wrong is said in the reader's words (the server's refusal, live video unavailable and why, the player
 * errors of spec 000 §8). `controls` adds restart and stop (editors).
 */
export function LivePlayer({
  projectId,
  id,
  height = 360,
  controls = false,
  onState,
}: {
  projectId: number;
  id: number;
  height?: number | string;
  controls?: boolean;
  onState?: (shown: Shown['kind']) => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [copy, setCopy] = useState<boolean | null>(null);
  const [round, setRound] = useState(0);
  const api = cameraApi(projectId);

  const show = useCallback(
    (next: Shown) => {
      setShown(next);
      onState?.(next.kind);
    },
    [onState],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round opens the video again
  useEffect(() => {
    let hls: Hls | null = null;
    let gone = false;
    show({ kind: 'loading' });
    const open = round > 0 && controls ? api.liveRestart : api.live;
    open({ id }, { silent: true })
      .then((live) => {
        if (gone) return;
        if (!live.available && live.reason) return show({ kind: 'unavailable', reason: live.reason });
        if (live.state !== 'live' || !live.playlist)
          return show({ kind: 'error', text: t('camera.live.player.notFound') });
        setCopy(live.copy);
        const media = video.current;
        if (!media) return;
        if (!Hls.isSupported()) return show({ kind: 'error', text: t('camera.live.player.notSupported') });
        hls = new Hls({
          liveSyncDurationCount: 2,
          manifestLoadingMaxRetry: 2,
          levelLoadingMaxRetry: 2,
          xhrSetup: (xhr) => {
            const token = getToken();
            if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
          },
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) {
            show({ kind: 'error', text: t(`camera.live.player.${playerErrorOf(data)}`) });
            hls?.destroy();
            hls = null;
          }
        });
        hls.on(Hls.Events.FRAG_BUFFERED, () => show({ kind: 'playing' }));
        hls.loadSource(live.playlist);
        hls.attachMedia(media);
        media.muted = true;
        void media.play().catch(() => undefined);
      })
      .catch((error) => {
        if (gone) return;
        const offline = isApiError(error) && error.status === 409;
        show({ kind: 'error', text: offline ? t('camera.live.offline') : failureText(error) });
      });
    return () => {
      gone = true;
      hls?.destroy();
    };
  }, [projectId, id, round]);

  const stop = () =>
    api
      .liveStop({ id }, { silent: true })
      .then(() => show({ kind: 'error', text: t('camera.live.player.ended') }))
      .catch((error) => show({ kind: 'error', text: failureText(error) }));

  return (
    <Flex vertical gap={8} style={{ height: '100%' }}>
      <div
        style={{ position: 'relative', background: '#000', height, width: '100%', overflow: 'hidden' }}
        data-testid="live-player"
        data-shown={shown.kind}
      >
        <video
          ref={video}
          muted
          playsInline
          autoPlay
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          data-testid="live-video"
        />
        {shown.kind !== 'playing' && (
          <Flex
            align="center"
            justify="center"
            style={{ position: 'absolute', inset: 0, padding: 12, textAlign: 'center' }}
          >
            {shown.kind === 'loading' && (
              <Spin tip={t('camera.live.loading')}>
                <div style={{ width: 120 }} />
              </Spin>
            )}
            {shown.kind === 'unavailable' && (
              <Alert
                type="warning"
                showIcon
                message={t('camera.live.unavailable')}
                description={t(`camera.live.reasons.${shown.reason}`)}
                data-testid="live-unavailable"
              />
            )}
            {shown.kind === 'error' && (
              <Typography.Text style={{ color: '#fff' }} data-testid="live-error">
                {shown.text}
              </Typography.Text>
            )}
          </Flex>
        )}
      </div>
      {controls && (
        <Space wrap>
          {copy !== null && shown.kind === 'playing' && (
            <Tag color={copy ? 'green' : 'gold'}>{t(copy ? 'camera.live.copy' : 'camera.live.transcode')}</Tag>
          )}
          <Button icon={<ReloadOutlined />} onClick={() => setRound((r) => r + 1)} data-testid="live-restart">
            {t('camera.live.restart')}
          </Button>
          <Button icon={<StopOutlined />} onClick={() => void stop()} data-testid="live-stop">
            {t('camera.live.stop')}
          </Button>
        </Space>
      )}
    </Flex>
  );
}
