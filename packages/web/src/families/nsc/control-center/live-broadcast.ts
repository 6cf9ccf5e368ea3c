import {
  liveFrame,
  liveLevel,
  NSC_LIVE_API,
  type NscLiveMessage,
  type NscLiveOutcome,
  type NscLiveReport,
} from '@sc/contract/families/nsc';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buildUrl } from '../../../api/client';
import { fillPath } from '../../../api/endpoints';
import { type Microphone, MicrophoneError, openMicrophone } from './microphone';

export type LivePhase = 'idle' | 'connecting' | 'onAir';

/** A speaker of the broadcast: what its `live` command did, and its latest report of the stream. */
export interface LiveSpeaker {
  id: number;
  name: string;
  outcome: NscLiveOutcome | null;
  report: NscLiveReport | null;
}

export interface LiveState {
  phase: LivePhase;
  session: string | null;
  speakers: LiveSpeaker[];
  /** The microphone's level 0-100: a tenth of a second's loudest frame, falling back gently. */
  micLevel: number;
  frames: number;
}

/** Why a broadcast ended other than by its stop button: the server's words, or a closed connection. */
export type LiveEnd =
  | { kind: 'refused'; key: string; params?: Record<string, string | number> }
  | { kind: 'microphone'; error: MicrophoneError }
  | { kind: 'closed'; opened: boolean };

const IDLE: LiveState = { phase: 'idle', session: null, speakers: [], micLevel: 0, frames: 0 };
/** How often the level meter and the frame count repaint (the microphone gives 50 frames a second). */
const METER_MS = 100;

/** The operator's socket URL: same origin, with the session's token and language as every call. */
function socketUrl(projectId: number, deviceIds: number[], groupIds: number[]): string {
  const path = fillPath(NSC_LIVE_API.broadcast.path, { projectId });
  const query: Record<string, string> = {};
  if (deviceIds.length) query.deviceIds = deviceIds.join(',');
  if (groupIds.length) query.groupIds = groupIds.join(',');
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${buildUrl(path, query)}`;
}

/**
 * The control center's live broadcast (docs/nsc-live.md): opens the microphone first (a refusal tells no
 * speaker anything), then the socket; sends each frame stamped with its capture time while the socket is
 * open; follows what the server says of each speaker. `report` is fed the speakers' pushed figures.
 */
export function useLiveBroadcast(projectId: number, onEnd: (end: LiveEnd) => void) {
  const [state, setState] = useState<LiveState>(IDLE);
  const run = useRef<{ socket: WebSocket | null; mic: Microphone | null; meter: number; stopped: boolean } | null>(
    null,
  );
  const ended = useRef(onEnd);
  ended.current = onEnd;

  const teardown = useCallback(() => {
    const current = run.current;
    if (!current) return;
    run.current = null;
    current.stopped = true;
    current.mic?.stop();
    clearInterval(current.meter);
    if (current.socket && current.socket.readyState <= WebSocket.OPEN) current.socket.close(1000);
    setState(IDLE);
  }, []);

  const start = useCallback(
    async (deviceIds: number[], groupIds: number[]) => {
      if (run.current) return;
      const current = { socket: null as WebSocket | null, mic: null as Microphone | null, meter: 0, stopped: false };
      run.current = current;
      setState({ ...IDLE, phase: 'connecting' });
      let seq = 0;
      let loudest = 0;
      try {
        current.mic = await openMicrophone((pcm, capturedAt) => {
          loudest = Math.max(loudest, liveLevel(pcm));
          const socket = current.socket;
          if (socket?.readyState !== WebSocket.OPEN) return;
          socket.send(liveFrame(seq++, capturedAt, pcm));
        });
      } catch (error) {
        teardown();
        ended.current({
          kind: 'microphone',
          error: error instanceof MicrophoneError ? error : new MicrophoneError('unsupported', String(error)),
        });
        return;
      }
      if (current.stopped) {
        current.mic.stop();
        return;
      }
      current.meter = window.setInterval(() => {
        const loud = loudest;
        loudest = 0;
        // Falls back gently, as a meter does, rather than flickering between frames.
        setState((s) =>
          s.phase === 'idle' ? s : { ...s, micLevel: Math.max(loud, Math.round(s.micLevel * 0.6)), frames: seq },
        );
      }, METER_MS);

      const socket = new WebSocket(socketUrl(projectId, deviceIds, groupIds));
      socket.binaryType = 'arraybuffer';
      current.socket = socket;
      let opened = false;
      let refused = false;
      socket.onopen = () => {
        opened = true;
      };
      socket.onmessage = (event) => {
        if (typeof event.data !== 'string') return;
        const message = JSON.parse(event.data) as NscLiveMessage;
        if (message.kind === 'started') {
          setState((s) => ({
            ...s,
            phase: 'onAir',
            session: message.session,
            speakers: message.speakers.map((sp) => ({ ...sp, outcome: null, report: null })),
          }));
        } else if (message.kind === 'outcome') {
          setState((s) => ({
            ...s,
            speakers: s.speakers.map((sp) => (sp.id === message.id ? { ...sp, outcome: message.outcome } : sp)),
          }));
        } else if (message.kind === 'error') {
          refused = true;
          ended.current({ kind: 'refused', key: message.key, params: message.params });
        }
      };
      socket.onclose = () => {
        if (current.stopped) return;
        teardown();
        if (!refused) ended.current({ kind: 'closed', opened });
      };
    },
    [projectId, teardown],
  );

  /** A speaker's pushed telemetry: its figures of this broadcast, when it plays it. */
  const report = useCallback((deviceId: number, live: NscLiveReport | null) => {
    setState((s) => {
      if (!s.session || !live || live.session !== s.session) return s;
      if (!s.speakers.some((sp) => sp.id === deviceId)) return s;
      return { ...s, speakers: s.speakers.map((sp) => (sp.id === deviceId ? { ...sp, report: live } : sp)) };
    });
  }, []);

  useEffect(() => teardown, [teardown]);
  return { state, start, stop: teardown, report };
}
