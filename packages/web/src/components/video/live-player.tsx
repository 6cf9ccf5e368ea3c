import { ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { LiveVideo } from '@sc/contract/families/kit';
import { Button, Flex, Space, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallOptions } from '../../api/endpoints';
import { isApiError } from '../../api/errors';
import { failureText } from '../../api/report';
import { playerErrorText, playHls } from './hls-play';
import { type OverlayText, VideoOverlay } from './video-overlay';

type LiveCall = (args: { id: number }, options?: CallOptions) => Promise<LiveVideo>;

/**
 * The live-video calls of a project (`liveVideoCalls` or the kit's `LIVE_VIDEO_API` bound to it):
 * opening the stream, and for editors restarting and stopping it.
 */
export interface LiveCalls {
  live: LiveCall;
  liveRestart?: LiveCall;
  liveStop?: LiveCall;
}

export type LiveShown =
  | { kind: 'loading' }
  | { kind: 'playing' }
  | { kind: 'unavailable'; reason: NonNullable<LiveVideo['reason']> }
  | { kind: 'error'; text: OverlayText };

/**
 * A device's live video: the server's stream gateway is asked to open it (its HLS playlist, shared with
 * every other viewer), then hls.js plays it muted (hls-play.ts); what goes wrong is said in the reader's
 * words (the server's refusal, an offline device, live video unavailable and why, the player errors of
 * spec 000 §8). `calls` gives the project's calls (a module-level function: the video opens again when
 * the project or the device changes); `controls` adds restart and stop (editors) when the calls have them.
 */
export function LivePlayer({
  calls,
  projectId,
  id,
  height = 360,
  controls = false,
  onState,
}: {
  calls: (projectId: number) => LiveCalls;
  projectId: number;
  id: number;
  height?: number | string;
  controls?: boolean;
  onState?: (shown: LiveShown['kind']) => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState<LiveShown>({ kind: 'loading' });
  const [copy, setCopy] = useState<boolean | null>(null);
  const [round, setRound] = useState(0);
  const api = calls(projectId);

  const show = useCallback(
    (next: LiveShown) => {
      setShown(next);
      onState?.(next.kind);
    },
    [onState],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round opens the video again
  useEffect(() => {
    let stop: () => void = () => undefined;
    let gone = false;
    show({ kind: 'loading' });
    const open = round > 0 && controls && api.liveRestart ? api.liveRestart : api.live;
    open({ id }, { silent: true })
      .then((live) => {
        if (gone) return;
        if (!live.available && live.reason) return show({ kind: 'unavailable', reason: live.reason });
        setCopy(live.copy);
        const media = video.current;
        if (!media) return;
        stop = playHls(media, live.state === 'live' ? live.playlist : null, {
          config: { liveSyncDurationCount: 2, levelLoadingMaxRetry: 2 },
          onBuffered: () => show({ kind: 'playing' }),
          onError: (error) => show({ kind: 'error', text: (t) => playerErrorText(t, error) }),
        });
      })
      .catch((error) => {
        if (gone) return;
        const offline = isApiError(error) && error.status === 409;
        show({ kind: 'error', text: offline ? (t) => t('video.offline') : failureText(error) });
      });
    return () => {
      gone = true;
      stop();
    };
  }, [calls, projectId, id, round]);

  const stopNow = (liveStop: LiveCall) =>
    liveStop({ id }, { silent: true })
      .then(() => show({ kind: 'error', text: (t) => playerErrorText(t, 'ended') }))
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
        {shown.kind !== 'playing' && <VideoOverlay state={shown} loadingText={t('video.loading')} testId="live" />}
      </div>
      {controls && (
        <Space wrap>
          {copy !== null && shown.kind === 'playing' && (
            <Tag color={copy ? 'green' : 'gold'}>{t(copy ? 'video.copy' : 'video.transcode')}</Tag>
          )}
          {api.liveRestart && (
            <Button icon={<ReloadOutlined />} onClick={() => setRound((r) => r + 1)} data-testid="live-restart">
              {t('video.restart')}
            </Button>
          )}
          {api.liveStop && (
            <Button
              icon={<StopOutlined />}
              onClick={() => api.liveStop && void stopNow(api.liveStop)}
              data-testid="live-stop"
            >
              {t('video.stop')}
            </Button>
          )}
        </Space>
      )}
    </Flex>
  );
}
