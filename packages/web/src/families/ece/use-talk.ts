import { ECE_TALK_API, type EceTalkMessage, type EceTalkOutcome, type EceTalkReport } from '@sc/contract/families/ece';
import { useCallback, useState } from 'react';
import { type AudioEnd, operatorSocketUrl, useOperatorAudio } from '../kit/operator-audio';
import { type CallAudio, openCallAudio } from './talk-audio';

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
export type TalkEnd = AudioEnd;

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

/**
 * The agent seat's call with a post, both ways live, on the kit's operator audio: the microphone and
 * the player opened first, then the socket; the post's frames come back on the socket and play.
 * Hanging up closes the socket (the post hangs up).
 */
export function useTalk(projectId: number, onEnd: (end: TalkEnd) => void) {
  const [state, setState] = useState<TalkState>(IDLE);
  const audio = useOperatorAudio<CallAudio, EceTalkMessage>(() => setState(IDLE), onEnd);
  const { start } = audio;

  const answer = useCallback(
    async (alarmId: number) => {
      let received = 0;
      await start(() => setState({ ...IDLE, phase: 'connecting', alarmId }), {
        url: operatorSocketUrl(ECE_TALK_API.talk.path, projectId, { alarmId: String(alarmId) }),
        open: openCallAudio,
        tick: {
          ms: COUNT_MS,
          run: (sent) => setState((s) => (s.phase === 'idle' ? s : { ...s, sent, received })),
        },
        heard: (samples, call) => {
          received++;
          call.play(samples);
        },
        message: (message) => {
          if (message.kind === 'started')
            setState((s) => ({ ...s, phase: 'talking', session: message.session, postId: message.post.id }));
          else if (message.kind === 'outcome') setState((s) => ({ ...s, outcome: message.outcome }));
        },
      });
    },
    [projectId, start],
  );

  /** A post's pushed telemetry: its figures of this call, when it talks in it. */
  const report = useCallback((deviceId: number, talk: EceTalkReport | null) => {
    setState((s) =>
      s.session && talk && talk.session === s.session && s.postId === deviceId ? { ...s, post: talk } : s,
    );
  }, []);

  return { state, answer, hangUp: audio.stop, report };
}
