import {
  ECE_TALK_API,
  type EceTalkMessage,
  type EceTalkOutcome,
  type EceTalkReport,
  readTalkFrame,
  talkFrame,
} from '@sc/contract/families/ece';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buildUrl } from '../../api/client';
import { fillPath } from '../../api/endpoints';
import { type CallAudio, MicrophoneError, openCallAudio } from './talk-audio';

export type TalkPhase = 'idle' | 'connecting' | 'talking';

export interface TalkState {
  phase: TalkPhase;
  alarmId: number | null;
  session: string | null;
  postId: number | null;
  outcome: EceTalkOutcome | null;
  /** Frames of the operator's voice sent, and of the post's received and played. */
  sent: number;
  received: number;
  /** What the post reported of the call (its pushed telemetry). */
  post: EceTalkReport | null;
}

/** Why a call ended other than by hanging up: the server's words, the microphone, or a closed connection. */
export type TalkEnd =
  | { kind: 'refused'; key: string; params?: Record<string, string | number> }
  | { kind: 'microphone'; error: MicrophoneError }
  | { kind: 'closed' };

const IDLE: TalkState = {
  phase: 'idle',
  alarmId: null,
  session: null,
  postId: null,
  outcome: null,
  sent: 0,
  received: 0,
  post: null,
};
const COUNT_MS = 250;

const socketUrl = (projectId: number, alarmId: number) => {
  const path = fillPath(ECE_TALK_API.talk.path, { projectId });
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${buildUrl(path, { alarmId: String(alarmId) })}`;
};

/**
 * The agent seat's call with a post, both ways live: the microphone is opened first (a refusal tells
 * the post nothing), then the socket; each 20 ms frame goes out stamped with its capture time; the
 * post's frames come back on the socket and play. Hanging up closes the socket (the post hangs up).
 */
export function useTalk(projectId: number, onEnd: (end: TalkEnd) => void) {
  const [state, setState] = useState<TalkState>(IDLE);
  const run = useRef<{ socket: WebSocket | null; audio: CallAudio | null; timer: number; stopped: boolean } | null>(
    null,
  );
  const ended = useRef(onEnd);
  ended.current = onEnd;

  const hangUp = useCallback(() => {
    const current = run.current;
    if (!current) return;
    run.current = null;
    current.stopped = true;
    current.audio?.stop();
    clearInterval(current.timer);
    if (current.socket && current.socket.readyState <= WebSocket.OPEN) current.socket.close(1000);
    setState(IDLE);
  }, []);

  const answer = useCallback(
    async (alarmId: number) => {
      if (run.current) return;
      const current = { socket: null as WebSocket | null, audio: null as CallAudio | null, timer: 0, stopped: false };
      run.current = current;
      setState({ ...IDLE, phase: 'connecting', alarmId });
      let seq = 0;
      let received = 0;
      try {
        current.audio = await openCallAudio((pcm, capturedAt) => {
          const socket = current.socket;
          if (socket?.readyState !== WebSocket.OPEN) return;
          socket.send(talkFrame(seq++, capturedAt, pcm));
        });
      } catch (error) {
        hangUp();
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
      current.timer = window.setInterval(
        () => setState((s) => (s.phase === 'idle' ? s : { ...s, sent: seq, received })),
        COUNT_MS,
      );
      const socket = new WebSocket(socketUrl(projectId, alarmId));
      socket.binaryType = 'arraybuffer';
      current.socket = socket;
      let refused = false;
      socket.onmessage = (event) => {
        if (typeof event.data !== 'string') {
          const frame = readTalkFrame(new Uint8Array(event.data as ArrayBuffer));
          if (!frame) return;
          received++;
          current.audio?.play(frame.samples);
          return;
        }
        const message = JSON.parse(event.data) as EceTalkMessage;
        if (message.kind === 'started')
          setState((s) => ({ ...s, phase: 'talking', session: message.session, postId: message.post.id }));
        else if (message.kind === 'outcome') setState((s) => ({ ...s, outcome: message.outcome }));
        else if (message.kind === 'error') {
          refused = true;
          ended.current({ kind: 'refused', key: message.key, params: message.params });
        }
      };
      socket.onclose = () => {
        if (current.stopped) return;
        hangUp();
        if (!refused) ended.current({ kind: 'closed' });
      };
    },
    [projectId, hangUp],
  );

  /** A post's pushed telemetry: its figures of this call, when it talks in it. */
  const report = useCallback((deviceId: number, talk: EceTalkReport | null) => {
    setState((s) =>
      s.session && talk && talk.session === s.session && s.postId === deviceId ? { ...s, post: talk } : s,
    );
  }, []);

  useEffect(() => hangUp, [hangUp]);
  return { state, answer, hangUp, report };
}
