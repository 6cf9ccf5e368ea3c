import type { VideoReplay } from '@sc/contract/families/kit';
import { Flex, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/report';
import { formatTime } from '../time';
import { playerErrorText, playHls } from './hls-play';
import { type OverlayText, VideoOverlay } from './video-overlay';

type Shown =
  | { kind: 'loading' }
  | { kind: 'playing' }
  | { kind: 'ended' }
  | { kind: 'unavailable'; reason: NonNullable<VideoReplay['reason']> }
  | { kind: 'error'; text: OverlayText };

/**
 * A recording replayed (a camera's recorded period, a recorder's file): `open` asks the server's stream
 * gateway for it (the device's recording copied whole into an HLS VOD, shared with everybody replaying
 * the same recording: the family's replay call), then hls.js plays it with the video's own controls, so
 * the reader can pause and seek anywhere in it; the recorded time is written on the picture, the speed
 * shown beside it. What goes wrong is said in the reader's words (the server's refusal: an offline
 * device's 409 carries the spec's "offline or abnormal communication, retry later"; the player errors of
 * spec 000 §8). A new `openKey` opens another replay.
 */
export function ReplayPlayer({
  open,
  openKey,
  from,
  to,
  height,
}: {
  /** The family's replay call for this recording. */
  open: () => Promise<VideoReplay>;
  /** What names the recording (device and period…): when it changes, the new one is opened. */
  openKey: string;
  from: string;
  to: string;
  /** The player's height; by default 16:9 of its width (the cameras' picture). */
  height?: number;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [answer, setAnswer] = useState<VideoReplay | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new recording (its key) opens another replay
  useEffect(() => {
    let stop: () => void = () => undefined;
    let gone = false;
    setShown({ kind: 'loading' });
    setAnswer(null);
    open()
      .then((replay) => {
        if (gone) return;
        setAnswer(replay);
        if (!replay.available && replay.reason) return setShown({ kind: 'unavailable', reason: replay.reason });
        const media = video.current;
        if (!media) return;
        stop = playHls(media, replay.state === 'live' ? replay.playlist : null, {
          config: { fragLoadingMaxRetry: 2 },
          onBuffered: () => setShown((s) => (s.kind === 'loading' ? { kind: 'playing' } : s)),
          onError: (error) => setShown({ kind: 'error', text: (t) => playerErrorText(t, error) }),
        });
      })
      .catch((error) => {
        if (!gone) setShown({ kind: 'error', text: failureText(error) });
      });
    return () => {
      gone = true;
      stop();
    };
  }, [openKey]);

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
          <VideoOverlay state={shown} loadingText={t('video.replay.loading')} testId="replay" />
        )}
      </div>
      <Flex gap={8} wrap align="center">
        <Typography.Text type="secondary" data-testid="replay-period">
          {t('video.replay.period', { from: formatTime(from), to: formatTime(to) })}
        </Typography.Text>
        {answer?.speed && answer.speed > 1 && (
          <Tag color="orange" data-testid="replay-speed">
            {t('video.replay.speed', { speed: answer.speed })}
          </Tag>
        )}
        {shown.kind === 'ended' && <Tag data-testid="replay-ended">{t('video.replay.ended')}</Tag>}
      </Flex>
    </Flex>
  );
}
