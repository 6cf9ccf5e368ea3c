import {
  liveLevel,
  NSC_LIVE_API,
  type NscLiveMessage,
  type NscLiveOutcome,
  type NscLiveReport,
} from '@sc/contract/families/nsc';
import { useCallback, useState } from 'react';
import { type AudioEnd, operatorSocketUrl, useOperatorAudio } from '../../kit/operator-audio';
import { type Microphone, openMicrophone } from './microphone';

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
export type LiveEnd = AudioEnd;

const IDLE: LiveState = { phase: 'idle', session: null, speakers: [], micLevel: 0, frames: 0 };
/** How often the level meter and the frame count repaint (the microphone gives 50 frames a second). */
const METER_MS = 100;

/**
 * The control center's live broadcast (docs/nsc-live.md), on the kit's operator audio: the microphone
 * first, then the socket; follows what the server says of each speaker. `report` is fed the speakers'
 * pushed figures.
 */
export function useLiveBroadcast(projectId: number, onEnd: (end: LiveEnd) => void) {
  const [state, setState] = useState<LiveState>(IDLE);
  const audio = useOperatorAudio<Microphone, NscLiveMessage>(() => setState(IDLE), onEnd);
  const { start: begin } = audio;

  const start = useCallback(
    async (deviceIds: number[], groupIds: number[]) => {
      const query: Record<string, string> = {};
      if (deviceIds.length) query.deviceIds = deviceIds.join(',');
      if (groupIds.length) query.groupIds = groupIds.join(',');
      let loudest = 0;
      await begin(() => setState({ ...IDLE, phase: 'connecting' }), {
        url: operatorSocketUrl(NSC_LIVE_API.broadcast.path, projectId, query),
        open: openMicrophone,
        captured: (pcm) => {
          loudest = Math.max(loudest, liveLevel(pcm));
        },
        tick: {
          ms: METER_MS,
          run: (frames) => {
            const loud = loudest;
            loudest = 0;
            // Falls back gently, as a meter does, rather than flickering between frames.
            setState((s) =>
              s.phase === 'idle' ? s : { ...s, micLevel: Math.max(loud, Math.round(s.micLevel * 0.6)), frames },
            );
          },
        },
        message: (message) => {
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
          }
        },
      });
    },
    [projectId, begin],
  );

  /** A speaker's pushed telemetry: its figures of this broadcast, when it plays it. */
  const report = useCallback((deviceId: number, live: NscLiveReport | null) => {
    setState((s) => {
      if (!s.session || !live || live.session !== s.session) return s;
      if (!s.speakers.some((sp) => sp.id === deviceId)) return s;
      return { ...s, speakers: s.speakers.map((sp) => (sp.id === deviceId ? { ...sp, report: live } : sp)) };
    });
  }, []);

  return { state, start, stop: audio.stop, report };
}
