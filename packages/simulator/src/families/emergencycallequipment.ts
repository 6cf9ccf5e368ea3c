import {
  ECE_CALL,
  ECE_TALK_COMMAND,
  ECE_TALK_FORMAT,
  ECE_TALK_FRAME_SAMPLES,
  eceManifest,
  readTalkFrame,
  talkFrame,
} from '@sc/contract/families/ece';
import { lengthPrefixed, streamedFrames } from '@sc/contract/families/kit';
import type { CommandContext, FamilySim, SimDevice, SimEvent, Values } from './types.js';

/** How long a call rings unanswered before the caller gives up (hangs up), ms. */
export const RING_MS = 120_000;
/** The chance that a post's button is pressed between two of its reports (a busy street: a few a day). */
export const PRESS_CHANCE = 0.002;

/** How often a talking post sends its voice (frames gathered meanwhile) and reports what it heard, ms. */
export const TALK_SEND_MS = 200;
export const TALK_REPORT_MS = 500;
/** The operator's voice a post keeps (its recording of the call), at most this many samples (60 s). */
export const HEARD_KEPT_SAMPLES = ECE_TALK_FORMAT.sampleRate * 60;

/** A call being talked: what the post heard and sent of it. */
export interface PostTalk {
  session: string;
  heard: number;
  sent: number;
  /** The level of the operator's voice over the last half second, 0-100. */
  level: number;
  /** The operator's voice as heard (the post's recording), the latest HEARD_KEPT_SAMPLES. */
  recording: Int16Array[];
  recorded: number;
  abort: AbortController;
}

/** What a post keeps: its call (since when it rings or talks), and a hang-up to report. */
interface PostState {
  callingSince: number | null;
  answered: boolean;
  /** Hung up, not reported yet: the next report says CALL restore. */
  hungUp: boolean;
  calls: number;
  talk: PostTalk | null;
}

export const postOf = (device: SimDevice): PostState => {
  device.state.post ??= {
    callingSince: null,
    answered: false,
    hungUp: false,
    calls: 0,
    talk: null,
  } satisfies PostState;
  return device.state.post as PostState;
};

/** Someone presses the post's call button: CALL occur (an alarm), unless a call is going on. */
export function pressButton(device: SimDevice, now: number): SimEvent | null {
  const post = postOf(device);
  if (post.callingSince !== null) return null;
  post.callingSince = now;
  post.answered = false;
  post.calls++;
  return { code: ECE_CALL, type: 'occur', level: 'alarm', detail: { channel: 1 } };
}

/** The caller hangs up (or the operator ends the call): CALL restore. */
export function hangUp(device: SimDevice): SimEvent | null {
  const post = postOf(device);
  if (post.callingSince === null) return null;
  post.talk?.abort.abort();
  post.talk = null;
  post.callingSince = null;
  post.answered = false;
  post.hungUp = false;
  return { code: ECE_CALL, type: 'restore', level: 'alarm' };
}

/**
 * The caller's voice, synthesised: a voiced sound at about 140 Hz with two formant-like partials, in
 * syllables of a quarter second (louder, then softer), as a person speaking into the post would.
 */
export function voiceFrame(index: number): Int16Array {
  const rate = ECE_TALK_FORMAT.sampleRate;
  const out = new Int16Array(ECE_TALK_FRAME_SAMPLES);
  for (let i = 0; i < out.length; i++) {
    const t = (index * out.length + i) / rate;
    const syllable = Math.max(0, Math.sin(Math.PI * 4 * t)) ** 0.6;
    const f0 = 140 + 20 * Math.sin(2 * Math.PI * 0.7 * t);
    const v =
      0.5 * Math.sin(2 * Math.PI * f0 * t) +
      0.3 * Math.sin(2 * Math.PI * 3.6 * f0 * t) +
      0.15 * Math.sin(2 * Math.PI * 8.4 * f0 * t);
    out[i] = Math.round(v * syllable * 9000);
  }
  return out;
}

/** The RMS level 0-100 of samples (-60 dBFS to 0). */
const levelOf = (samples: Int16Array) => {
  if (!samples.length) return 0;
  let sum = 0;
  for (const s of samples) sum += (s / 32768) ** 2;
  const rms = Math.sqrt(sum / samples.length);
  return rms <= 0 ? 0 : Math.max(0, Math.min(100, Math.round(((20 * Math.log10(rms) + 60) / 60) * 100)));
};

/** Keeps what the post heard: counted, its level measured, the latest minute kept. */
function heard(talk: PostTalk, frame: Uint8Array, window: { levels: number; n: number }) {
  const read = readTalkFrame(frame);
  if (!read) return;
  talk.heard++;
  window.levels += levelOf(read.samples);
  window.n++;
  talk.recording.push(read.samples);
  talk.recorded += read.samples.length;
  while (talk.recorded > HEARD_KEPT_SAMPLES) talk.recorded -= talk.recording.shift()!.length;
}

/**
 * Talks with the operator (docs/device-protocol.md "Emergency call posts"): pulls the operator's voice
 * (length-prefixed frames while the call lasts) and posts its own, synthesised, every 200 ms; reports
 * what it heard and sent every half second. The pull's end (the operator hung up) ends the call: the
 * post hangs up too (CALL restore at its next report).
 */
async function talkWith(device: SimDevice, talk: PostTalk, url: string, upload: string, ctx: CommandContext) {
  const post = postOf(device);
  const window = { levels: 0, n: 0 };
  let seq = 0;
  const started = Date.now();
  const report = setInterval(() => {
    talk.level = window.n ? Math.round(window.levels / window.n) : 0;
    window.levels = 0;
    window.n = 0;
    if (post.talk === talk) ctx.report();
  }, TALK_REPORT_MS);
  // Frames due by now since the call began, sent in a batch (a post's clock, not the timer's).
  const send = setInterval(() => {
    const due = Math.floor((Date.now() - started) / ECE_TALK_FORMAT.frameMs);
    const frames: Uint8Array[] = [];
    const now = Date.now();
    while (seq < due) {
      frames.push(talkFrame(seq, now - (due - seq) * ECE_TALK_FORMAT.frameMs, voiceFrame(seq)));
      seq++;
    }
    if (!frames.length) return;
    void fetch(upload, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from(lengthPrefixed(frames)),
      signal: talk.abort.signal,
    })
      .then(async (res) => {
        if (res.ok) talk.sent += Number(((await res.json()) as { received?: number }).received ?? 0);
      })
      .catch(() => undefined);
  }, TALK_SEND_MS);
  try {
    const response = await fetch(url, { signal: talk.abort.signal });
    if (!response.ok || !response.body) return;
    for await (const frame of streamedFrames(response.body as unknown as AsyncIterable<Uint8Array>))
      heard(talk, frame, window);
  } catch {
    // Aborted, or the server went away: the call is over here.
  } finally {
    clearInterval(report);
    clearInterval(send);
    talk.abort.abort();
    if (post.talk === talk) {
      post.talk = null;
      post.hungUp = post.callingSince !== null;
      ctx.report();
    }
  }
}

/** The command `talk`: the operator answered; the post talks until the operator's stream ends. */
function talkCommand(device: SimDevice, args: Record<string, unknown>, ctx: CommandContext) {
  const { session, url, upload } = args;
  if (typeof session !== 'string' || typeof url !== 'string' || typeof upload !== 'string')
    return { ok: false, error: 'bad talk' };
  const post = postOf(device);
  post.talk?.abort.abort();
  const talk: PostTalk = {
    session,
    heard: 0,
    sent: 0,
    level: 0,
    recording: [],
    recorded: 0,
    abort: new AbortController(),
  };
  post.talk = talk;
  post.answered = true;
  void talkWith(device, talk, url, upload, ctx);
  return { ok: true, result: { talking: session } };
}

/** While it talks, a post reports the call: what it heard and sent, and the operator's level. */
function talkValues(device: SimDevice): Values | null {
  const talk = postOf(device).talk;
  if (!talk) return null;
  return { talk: talk.session, talkHeard: talk.heard, talkSent: talk.sent, talkLevel: talk.level };
}

/**
 * Emergency call posts (docs/device-protocol.md "Emergency call posts"): now and then a passer-by presses
 * the call button (CALL occur); an unanswered call rings for two minutes, then the caller gives up (CALL
 * restore). An answered call (`talk`) is talked both ways until the operator hangs up, then restored.
 */
export const emergencycallequipment: FamilySim = {
  type: eceManifest.type,
  firmware: 'ECE-2.3.0',
  init: (device) => void postOf(device),
  telemetry: (device) => talkValues(device),
  commands: { [ECE_TALK_COMMAND]: talkCommand },
  events(device, _values, at) {
    const post = postOf(device);
    const now = at.getTime();
    if (post.talk) return [];
    if (post.hungUp || (post.callingSince !== null && !post.answered && now - post.callingSince > RING_MS)) {
      const restore = hangUp(device);
      return restore ? [restore] : [];
    }
    if (post.callingSince === null && Math.random() < PRESS_CHANCE) {
      const press = pressButton(device, now);
      return press ? [press] : [];
    }
    return [];
  },
};
