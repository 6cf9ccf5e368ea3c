import { pcmFrame, readPcmFrame } from '@sc/contract/families/kit';
import { useCallback, useEffect, useRef } from 'react';
import { buildUrl } from '../../api/client';
import { fillPath } from '../../api/endpoints';
import { MicrophoneError } from '../../components/audio/microphone';

/** Why an operator's audio ended other than by its own button: the server's words, the microphone, or a closed connection (`opened`: after it had opened). */
export type AudioEnd =
  | { kind: 'refused'; key: string; params?: Record<string, string | number> }
  | { kind: 'microphone'; error: MicrophoneError }
  | { kind: 'closed'; opened: boolean };

/** The operator's socket URL: same origin, with the session's token and language as every call. */
export function operatorSocketUrl(path: string, projectId: number, query: Record<string, string>): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${buildUrl(fillPath(path, { projectId }), query)}`;
}

/** One session of the operator's audio, as a family runs it. */
export interface OperatorSession<A, M> {
  url: string;
  /** Opens the operator's audio (the microphone, and for a call its player); `capture` takes each frame. */
  open: (capture: (pcm: Int16Array, capturedAt: number) => void) => Promise<A>;
  /** Sees each captured frame before it is sent (a level meter). */
  captured?: (pcm: Int16Array) => void;
  /** Called every `ms` with the count of frames sent (the page's counters repaint). */
  tick: { ms: number; run: (sent: number) => void };
  /** A frame of the device's audio on the socket, with the opened audio to play it. */
  heard?: (samples: Int16Array, audio: A) => void;
  /** A message of the server other than its refusal. */
  message: (message: Exclude<M, { kind: 'error' }>) => void;
}

/**
 * The operator's live audio over the family's socket (the agent seat's call, the speakers' broadcast):
 * the audio is opened first (a refusal tells no device anything), then the socket; each 20 ms frame
 * goes out stamped with its capture time while the socket is open; the server's refusal and a closed
 * socket end it through `onEnd`. `stop` closes the socket (the devices stop) and calls `reset`.
 */
export function useOperatorAudio<A extends { stop: () => void }, M extends { kind: string }>(
  reset: () => void,
  onEnd: (end: AudioEnd) => void,
) {
  const run = useRef<{ socket: WebSocket | null; audio: A | null; timer: number; stopped: boolean } | null>(null);
  const ended = useRef(onEnd);
  ended.current = onEnd;
  const cleared = useRef(reset);
  cleared.current = reset;

  const stop = useCallback(() => {
    const current = run.current;
    if (!current) return;
    run.current = null;
    current.stopped = true;
    current.audio?.stop();
    clearInterval(current.timer);
    if (current.socket && current.socket.readyState <= WebSocket.OPEN) current.socket.close(1000);
    cleared.current();
  }, []);

  /** Starts a session unless one runs; `starting` is called first, once it is sure to start. */
  const start = useCallback(
    async (starting: () => void, session: OperatorSession<A, M>) => {
      if (run.current) return;
      const current = { socket: null as WebSocket | null, audio: null as A | null, timer: 0, stopped: false };
      run.current = current;
      starting();
      let seq = 0;
      try {
        current.audio = await session.open((pcm, capturedAt) => {
          session.captured?.(pcm);
          const socket = current.socket;
          if (socket?.readyState !== WebSocket.OPEN) return;
          socket.send(pcmFrame(seq++, capturedAt, pcm));
        });
      } catch (error) {
        stop();
        ended.current({
          kind: 'microphone',
          error: error instanceof MicrophoneError ? error : new MicrophoneError('unsupported', String(error)),
        });
        return;
      }
      if (current.stopped) {
        current.audio.stop();
        return;
      }
      current.timer = window.setInterval(() => session.tick.run(seq), session.tick.ms);
      const socket = new WebSocket(session.url);
      socket.binaryType = 'arraybuffer';
      current.socket = socket;
      let opened = false;
      let refused = false;
      socket.onopen = () => {
        opened = true;
      };
      socket.onmessage = (event) => {
        if (typeof event.data !== 'string') {
          const frame = session.heard && readPcmFrame(new Uint8Array(event.data as ArrayBuffer));
          if (frame && current.audio) session.heard?.(frame.samples, current.audio);
          return;
        }
        const message = JSON.parse(event.data) as M;
        if (message.kind !== 'error') session.message(message as Exclude<M, { kind: 'error' }>);
        else {
          refused = true;
          const words = message as unknown as { key: string; params?: Record<string, string | number> };
          ended.current({ kind: 'refused', key: words.key, params: words.params });
        }
      };
      socket.onclose = () => {
        if (current.stopped) return;
        stop();
        if (!refused) ended.current({ kind: 'closed', opened });
      };
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { start, stop };
}
