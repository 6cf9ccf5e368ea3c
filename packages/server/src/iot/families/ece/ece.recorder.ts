import { ECE_RECORD_FORMAT, ECE_TALK_FRAME_SAMPLES, readTalkFrame } from '@sc/contract/families/ece';

/** Which voice a frame is: the post's (left channel) or the operator's at the seat (right channel). */
export type RecordSide = 'post' | 'seat';

const RATE = ECE_RECORD_FORMAT.sampleRate;
/** A frame placed by its seq more than this away from where its arrival puts it re-anchors its side. */
const DRIFT_SAMPLES = 2 * RATE;

/** Bytes per chunk of a recording's audio (4.096 s of its stereo 16 kHz PCM): one statement writes or reads one. */
export const ECE_RECORDING_CHUNK_BYTES = 256 * 1024;
const BLOCK = 4;
/** Samples (per channel) of one chunk. */
const CHUNK_SAMPLES = ECE_RECORDING_CHUNK_BYTES / BLOCK;

/** What a finished recording is: the audio after the chunks handed out already, its length, whether it was cut. */
export interface FinishedRecording {
  /** The last part of the PCM (less than a chunk, maybe empty). */
  rest: Buffer;
  durationMs: number;
  cut: boolean;
}

/**
 * A call's recording as the server relays it, both voices in one stereo 16-bit PCM stream: the post on
 * the left, the operator on the right. Two channels rather than a mix: a reviewer can tell who said what
 * (and listen to one side alone), and two voices talking at once are not summed into clipping.
 *
 * Each side's frames are placed on the call's timeline by their seq (20 ms each) from where the side's
 * first frame arrived, so the bursts a post uploads (a few hundred ms at once) play evenly and a lost
 * frame is silence; a side whose seq and arrival disagree by more than 2 s (a restarted sender) is placed
 * anew by arrival. So no frame lands more than 2 s before its arrival: a chunk of the timeline that ended
 * 2 s ago is complete, `take` hands it out (to be stored while the call goes on) and forgets it; only
 * the last seconds are held in memory. The recording holds at most `maxMs`: a call going on longer keeps
 * its first part and is marked cut.
 */
export function callRecorder(maxMs: number, clock: () => number = Date.now) {
  const startedAt = clock();
  const max = Math.max(1, Math.floor((maxMs * RATE) / 1000));
  /** The samples not handed out yet, interleaved (left, right), from sample `base` of the timeline. */
  let pcm = new Int16Array(0);
  let base = 0;
  const ends: Record<RecordSide, number> = { post: 0, seat: 0 };
  const anchors: Record<RecordSide, { seq: number; at: number } | null> = { post: null, seat: null };
  let frames = 0;
  let cut = false;
  const elapsed = () => Math.round(((clock() - startedAt) * RATE) / 1000);

  const write = (side: RecordSide, at: number, data: Int16Array) => {
    // A frame placed before what was handed out keeps only its part after it.
    const skip = Math.max(0, base - at);
    if (skip >= data.length) return;
    const from = at + skip - base;
    const needed = (from + data.length - skip) * 2;
    if (needed > pcm.length) {
      const grown = new Int16Array(Math.min((max - base) * 2, Math.max(needed, pcm.length * 2, 10 * RATE * 2)));
      grown.set(pcm);
      pcm = grown;
    }
    const channel = side === 'post' ? 0 : 1;
    for (let i = skip; i < data.length; i++) pcm[(from + i - skip) * 2 + channel] = data[i]!;
    ends[side] = Math.max(ends[side], at + data.length);
  };

  /** The first `samples` samples held, as bytes (little-endian 16-bit, as a WAV holds them). */
  const bytesOf = (samples: number) => {
    const out = Buffer.alloc(samples * BLOCK);
    for (let i = 0; i < samples * 2 && i < pcm.length; i++) out.writeInt16LE(pcm[i]!, i * 2);
    return out;
  };

  return {
    startedAt: new Date(startedAt),

    /** A frame of one side (its header and audio as relayed); a malformed one is left out. */
    add(side: RecordSide, bytes: Uint8Array) {
      const frame = readTalkFrame(bytes);
      if (!frame || frame.samples.length === 0) return;
      const arrived = elapsed();
      const anchor = anchors[side];
      let at = anchor ? anchor.at + (frame.seq - anchor.seq) * ECE_TALK_FRAME_SAMPLES : -1;
      if (!anchor || at < 0 || Math.abs(at - arrived) > DRIFT_SAMPLES) {
        anchors[side] = { seq: frame.seq, at: arrived };
        at = arrived;
      }
      if (at >= max) {
        cut = true;
        return;
      }
      const kept = Math.min(frame.samples.length, max - at);
      if (kept < frame.samples.length) cut = true;
      write(side, at, frame.samples.subarray(0, kept));
      frames++;
    },

    /** Whether anything was recorded yet. */
    get frames() {
      return frames;
    },

    /** Whether the call went on beyond the maximum already. */
    get cut() {
      return cut || elapsed() > max;
    },

    /**
     * The chunks (ECE_RECORDING_CHUNK_BYTES of PCM each; the last one at the maximum shorter) of the
     * timeline no frame can reach any more, in order, each handed out once; none until something was heard.
     */
    take(): Buffer[] {
      if (frames === 0) return [];
      const now = elapsed();
      const out: Buffer[] = [];
      // Whole chunks, and the last one (shorter) once the maximum is past.
      for (let end = Math.min(max, base + CHUNK_SAMPLES); end > base && now >= end + DRIFT_SAMPLES; ) {
        const samples = end - base;
        out.push(bytesOf(samples));
        pcm = pcm.length > samples * 2 ? pcm.slice(samples * 2) : new Int16Array(0);
        base = end;
        end = Math.min(max, base + CHUNK_SAMPLES);
      }
      return out;
    },

    /**
     * The call ended: the rest of the recording after the chunks taken (the call's length, up to the
     * maximum); null when nothing was heard.
     */
    finish(): FinishedRecording | null {
      if (frames === 0) return null;
      const now = elapsed();
      if (now > max) cut = true;
      const length = Math.max(base, Math.min(max, Math.max(ends.post, ends.seat, now)));
      return { rest: bytesOf(length - base), durationMs: Math.round((length * 1000) / RATE), cut };
    },
  };
}
export type CallRecorder = ReturnType<typeof callRecorder>;

/** The milliseconds of `bytes` of the recordings' PCM. */
export const pcmDurationMs = (bytes: number) => Math.round((Math.floor(bytes / BLOCK) * 1000) / RATE);

/**
 * The comment (ICMT) of a recording's WAV: why it is incomplete, if it is (cut at `maxMinutes`, the
 * server stopped during the call); null for a whole call.
 */
export function recordingComment(state: { cut: boolean; interrupted: boolean; maxMinutes: number }): string | null {
  const words: string[] = [];
  if (state.cut)
    words.push(
      `Cut: the call went on beyond ${state.maxMinutes} minutes; its first ${state.maxMinutes} minutes are kept.`,
    );
  if (state.interrupted)
    words.push('Incomplete: the server stopped during the call; what was stored until then is kept.');
  return words.length ? words.join(' ') : null;
}

/** A RIFF chunk's header: its id and size. */
const chunkHeader = (out: Buffer, at: number, id: string, size: number) => {
  out.write(id, at, 'ascii');
  out.writeUInt32LE(size, at + 4);
};

/**
 * The header of a 16-bit PCM WAV of two channels at the recordings' rate holding `dataBytes` of audio,
 * with an INFO comment (ICMT) when given: what goes before the PCM.
 */
export function wavHeader(dataBytes: number, comment: string | null = null): Buffer {
  const channels = 2;
  const block = channels * 2;
  const text = comment ? Buffer.from(`${comment}\0`, 'utf8') : null;
  const textBytes = text ? text.length + (text.length % 2) : 0;
  const listBytes = text ? 8 + 4 + 8 + textBytes : 0;
  const out = Buffer.alloc(12 + 8 + 16 + listBytes + 8);
  chunkHeader(out, 0, 'RIFF', out.length + dataBytes - 8);
  out.write('WAVE', 8, 'ascii');
  chunkHeader(out, 12, 'fmt ', 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(RATE, 24);
  out.writeUInt32LE(RATE * block, 28);
  out.writeUInt16LE(block, 32);
  out.writeUInt16LE(16, 34);
  let at = 36;
  if (text) {
    chunkHeader(out, at, 'LIST', listBytes - 8);
    out.write('INFO', at + 8, 'ascii');
    chunkHeader(out, at + 12, 'ICMT', text.length);
    text.copy(out, at + 20);
    at += listBytes;
  }
  chunkHeader(out, at, 'data', dataBytes);
  return out;
}

/**
 * A whole 16-bit PCM WAV of two channels (`left`, `right`, silence where either is shorter) of `length`
 * samples each, with an INFO comment (ICMT) when given.
 */
export function stereoWav(left: Int16Array, right: Int16Array, length: number, comment: string | null = null): Buffer {
  const data = Buffer.alloc(length * BLOCK);
  for (let i = 0, at = 0; i < length; i++, at += BLOCK) {
    data.writeInt16LE(i < left.length ? left[i]! : 0, at);
    data.writeInt16LE(i < right.length ? right[i]! : 0, at + 2);
  }
  return Buffer.concat([wavHeader(data.length, comment), data]);
}
