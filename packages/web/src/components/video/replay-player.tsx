import type { CameraReplay } from '@sc/contract/families/camera';
import { Flex, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/report';
import { formatTime } from '../../components/time';
import { playerErrorText, playHls } from '../../components/video/hls-play';
import { VideoOverlay } from '../../components/video/video-overlay';
import { cameraApi } from './api';

type Shown =
  | { kind: 'loading' }
  | { kind: 'playing' }
  | { kind: 'ended' }
  | { kind: 'unavailable'; reason: NonNullable<CameraReplay['reason']> }
  | { kind: 'error'; text: string };

/**
 * A recorded period of a camera replayed (spec 001 §7 "camera: replay"): the server's stream gateway is
 * asked for it (the camera's recording copied whole into an HLS VOD, shared with everybody replaying the
 * same period), then hls.js plays it with the video's own controls, so the reader can pause and seek
 * anywhere in it; the recorded time is written on the picture, the speed shown beside it. What goes
 * wrong is said in the reader's words (the server's refusal: an offline camera's 409 carries the spec's
 * "offline or abnormal communication, retry later"; the player errors of spec 000 §8).
 */
export function ReplayPlayer({
  projectId,
  id,
  from,
  to,
  height,
}: {
  projectId: number;
  id: number;
  from: string;
  to: string;
  /** The player's height; by default 16:9 of its width (the cameras' picture). */
  height?: number;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [answer, setAnswer] = useState<CameraReplay | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new camera or period opens another replay
  useEffect(() => {
    let stop: () => void = () => undefined;
    let gone = false;
    setShown({ kind: 'loading' });
    setAnswer(null);
    cameraApi(projectId)
      .replay({ id, query: { from, to } }, { silent: true })
      .then((replay) => {
        if (gone) return;
        setAnswer(replay);
        if (!replay.available && replay.reason) return setShown({ kind: 'unavailable', reason: replay.reason });
        const media = video.current;
        if (!media) return;
        stop = playHls(media, replay.state === 'live' ? replay.playlist : null, {
          config: { fragLoadingMaxRetry: 2 },
          onBuffered: () => setShown((s) => (s.kind === 'loading' ? { kind: 'playing' } : s)),
          onError: (error) => setShown({ kind: 'error', text: playerErrorText(t, error) }),
        });
      })
      .catch((error) => {
        if (!gone) setShown({ kind: 'error', text: failureText(error) });
      });
    return () => {
      gone = true;
      stop();
    };
  }, [projectId, id, from, to]);

  return (
    <Flex vertical gap={8}>
      <div
        style={{
          position: 'relative',
          background: '#000',
          width: '100%',
          overflow: 'hidden',
          ...(height ? { height } : { aspectRatio: '16 / 9' }),
        }}
        data-testid="replay-player"
        data-shown={shown.kind}
      >
        <video
          ref={video}
          muted
          playsInline
          controls={shown.kind === 'playing' || shown.kind === 'ended'}
          onEnded={() => setShown({ kind: 'ended' })}
          onPlaying={() => setShown((s) => (s.kind === 'ended' ? { kind: 'playing' } : s))}
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          data-testid="replay-video"
        />
        {shown.kind !== 'playing' && shown.kind !== 'ended' && (
          <VideoOverlay state={shown} loadingText={t('camera.replay.loading')} testId="replay" />
        )}
      </div>
      <Flex gap={8} wrap align="center">
        <Typography.Text type="secondary" data-testid="replay-period">
          {t('camera.replay.period', { from: formatTime(from), to: formatTime(to) })}
        </Typography.Text>
        {answer?.speed && answer.speed > 1 && (
          <Tag color="orange" data-testid="replay-speed">
            {t('camera.replay.speed', { speed: answer.speed })}
          </Tag>
        )}
        {shown.kind === 'ended' && <Tag data-testid="replay-ended">{t('camera.replay.ended')}</Tag>}
      </Flex>
    </Flex>
  );
}
