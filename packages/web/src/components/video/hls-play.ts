import Hls, { type ErrorData, type HlsConfig } from 'hls.js';
import type { TFunction } from 'i18next';
import { getToken } from '../../session/store';

/** Spec 000 §8 "Player": what went wrong, in the reader's words (`video.player.<key>`). */
export const PLAYER_ERRORS = [
  'network',
  'coding',
  'notSupported',
  'missingParam',
  'notFound',
  'ended',
  'source',
  'crossDomain',
] as const;
export type PlayerError = (typeof PLAYER_ERRORS)[number];

/** hls.js's fatal error as one of the spec's player errors. */
export function playerErrorOf(data: Pick<ErrorData, 'type' | 'details' | 'response'>): PlayerError {
  const status = data.response?.code;
  if (status === 404 || status === 410)
    return data.details === Hls.ErrorDetails.LEVEL_LOAD_ERROR ? 'ended' : 'notFound';
  if (status === 0 && data.type === Hls.ErrorTypes.NETWORK_ERROR) return 'crossDomain';
  if (data.type === Hls.ErrorTypes.NETWORK_ERROR) return 'network';
  if (data.type === Hls.ErrorTypes.MEDIA_ERROR) return 'coding';
  return 'source';
}

/** A player error in the reader's language (the shared `video` texts, zh-CN and en-US). */
export const playerErrorText = (t: TFunction, error: PlayerError): string => t(`video.player.${error}`);

export interface HlsPlayback {
  /** hls.js's settings beside the shared ones (the session token on every request). */
  config?: Partial<HlsConfig>;
  /** The first fragment is buffered: the picture is there. */
  onBuffered?: () => void;
  /** Playing failed for good (hls.js is let go then): the spec's player error. */
  onError: (error: PlayerError) => void;
}

/**
 * Plays an HLS playlist of the server's stream gateway in `media` with hls.js, muted, the session
 * token sent with every request (live and replay alike). What fails is told once as a spec 000 §8
 * player error: no playlist (not found), a browser without Media Source Extensions (not supported), or
 * a fatal hls.js error (hls.js destroyed). Answers the function that stops it.
 */
export function playHls(media: HTMLVideoElement, playlist: string | null, playback: HlsPlayback): () => void {
  if (!playlist) {
    playback.onError('notFound');
    return () => undefined;
  }
  if (!Hls.isSupported()) {
    playback.onError('notSupported');
    return () => undefined;
  }
  let hls: Hls | null = new Hls({
    manifestLoadingMaxRetry: 2,
    ...playback.config,
    xhrSetup: (xhr) => {
      const token = getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    },
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    playback.onError(playerErrorOf(data));
    hls?.destroy();
    hls = null;
  });
  hls.on(Hls.Events.FRAG_BUFFERED, () => playback.onBuffered?.());
  hls.loadSource(playlist);
  hls.attachMedia(media);
  media.muted = true;
  void media.play().catch(() => undefined);
  return () => {
    hls?.destroy();
    hls = null;
  };
}
