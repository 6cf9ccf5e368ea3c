import { ECE_RECORD_FORMAT, ECE_TALK_FRAME_SAMPLES, readTalkFrame } from '@sc/contract/families/ece';

/** Which voice a frame is: the post's (left channel) or the operator's at the seat (right channel). */
export type RecordSide = 'post' | 'seat';

const RATE = ECE_RECORD_FORMAT.sampleRate;
/** A frame placed by its seq more than this away from where its arrival puts it re-anchors its side. */
const DRIFT_SAMPLES = 2 * RATE;

/** One side's samples, grown as frames come, up to the recording's maximum. */
class Track {
  samples = new Int16Array(0);
  /** One past the last sample written. */
  end = 0;
  /** The seq of a frame and the sample it was placed at: the next ones follow it by their seq. */
  anchor: { seq: number; at: number } | null = null;

  write(at: number, data: Int16Array, max: number) {
    const needed = at + data.length;
    if (needed > this.samples.length) {
      const grown = new Int16Array(Math.min(max, Math.max(needed, this.samples.length * 2, 30 * RATE)));
      grown.set(this.samples);
      this.samples = grown;
    }
    this.samples.set(data, at);
    this.end = Math.max(this.end, needed);
  }
}

/** What a finished recording is: its WAV, length and whether it was cut at the maximum. */
export interface FinishedRecording {
  wav: Buffer;
  durationMs: number;
  cut: boolean;
}

/**
 * A call's recording as the server relays it, both voices in one stereo WAV: the post on the left, the
 * operator on the right. Two channels rather than a mix: a reviewer can tell who said what (and listen
 * to one side alone), and two voices talking at once are not summed into clipping.
 *
 * Each side's frames are placed on the call's timeline by their seq (20 ms each) from where the side's
 * first frame arrived, so the bursts a post uploads (a few hundred ms at once) play evenly and a lost
 * frame is silence; a side whose seq and arrival disagree by more than 2 s (a restarted sender) is placed
 * anew by arrival. The recording holds at most `maxMs`: a call going on longer keeps its first part and
 * is marked cut (in the row, and in the WAV's comment).
 */
export function callRecorder(maxMs: number, clock: () => number = Date.now) {
  const startedAt = clock();
  const max = Math.max(1, Math.floor((maxMs * RATE) / 1000));
  const tracks: Record<RecordSide, Track> = { post: new Track(), seat: new Track() };
  let frames = 0;
  let cut = false;
  const elapsed = () => Math.round(((clock() - startedAt) * RATE) / 1000);

  return {
    startedAt: new Date(startedAt),

    /** A frame of one side (its header and audio as relayed); a malformed one is left out. */
    add(side: RecordSide, bytes: Uint8Array) {
      const frame = readTalkFrame(bytes);
      if (!frame || frame.samples.length === 0) return;
      const track = tracks[side];
      const arrived = elapsed();
      let at = track.anchor ? track.anchor.at + (frame.seq - track.anchor.seq) * ECE_TALK_FRAME_SAMPLES : -1;
      if (!track.anchor || at < 0 || Math.abs(at - arrived) > DRIFT_SAMPLES) {
        track.anchor = { seq: frame.seq, at: arrived };
        at = arrived;
      }
      if (at >= max) {
        cut = true;
        return;
      }
      const kept = Math.min(frame.samples.length, max - at);
      if (kept < frame.samples.length) cut = true;
      track.write(at, frame.samples.subarray(0, kept), max);
      frames++;
    },

    /** Whether anything was recorded yet. */
    get frames() {
      return frames;
    },

    /** The recording so far as a WAV (the call's length, up to the maximum); null when nothing was heard. */
    finish(): FinishedRecording | null {
      if (frames === 0) return null;
      const now = elapsed();
      if (now > max) cut = true;
      const length = Math.min(max, Math.max(tracks.post.end, tracks.seat.end, now));
      const comment = cut
        ? `Cut: the call went on beyond ${Math.round(maxMs / 60_000)} minutes; its first ${Math.round(maxMs / 60_000)} minutes are kept.`
        : null;
      return {
        wav: stereoWav(tracks.post.samples, tracks.seat.samples, length, comment),
        durationMs: Math.round((length * 1000) / RATE),
        cut,
      };
    },
  };
}
export type CallRecorder = ReturnType<typeof callRecorder>;

/** A RIFF chunk's header: its id and size. */
const chunkHeader = (out: Buffer, at: number, id: string, size: number) => {
  out.write(id, at, 'ascii');
  out.writeUInt32LE(size, at + 4);
};

/**
 * A 16-bit PCM WAV of two channels (`left`, `right`, silence where either is shorter) of `length`
 * samples each, with an INFO comment (ICMT) when given.
 */
export function stereoWav(left: Int16Array, right: Int16Array, length: number, comment: string | null = null): Buffer {
  const channels = 2;
  const block = channels * 2;
  const dataBytes = length * block;
  const text = comment ? Buffer.from(`${comment}\0`, 'utf8') : null;
  const textBytes = text ? text.length + (text.length % 2) : 0;
  const listBytes = text ? 8 + 4 + 8 + textBytes : 0;
  const out = Buffer.alloc(12 + 8 + 16 + listBytes + 8 + dataBytes);
  chunkHeader(out, 0, 'RIFF', out.length - 8);
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
  at += 8;
  for (let i = 0; i < length; i++, at += block) {
    out.writeInt16LE(i < left.length ? left[i]! : 0, at);
    out.writeInt16LE(i < right.length ? right[i]! : 0, at + 2);
  }
  return out;
}
