import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_FILE, type LiveState } from '@sc/contract/families/kit';
import type { FfmpegFound } from './ffmpeg-binary.js';

export interface LiveSource {
  url: string;
  /** The source's video codec: H.264 is copied as it is, anything else is encoded to H.264. */
  codec: string;
}

interface Stream {
  source: LiveSource;
  dir: string;
  proc: ChildProcess;
  state: LiveState;
  /** When a viewer last asked for the playlist or a segment, ms. */
  seen: number;
  /** Why it failed (ffmpeg's last words), for the log. */
  error: string | null;
  ready: Promise<boolean>;
  /** Its files' key (LIVE_KEY): made at its start, forgotten at its stop. */
  key: string;
  /** The segments its playlist listed when last read. */
  listed: Set<string>;
  /** Listed segments read once, kept while listed (a segment never changes once listed). */
  segments: Map<string, Buffer>;
}

export interface LiveGatewayOptions<K extends number | string = number> {
  ffmpeg: FfmpegFound;
  /** How long a stream runs after its last viewer left, ms (read at each sweep). */
  idleMs: () => Promise<number> | number;
  /** How long the first playlist may take, ms. */
  startMs?: number;
  /** Segment length, seconds. */
  segmentSeconds?: number;
  /** How often streams nobody asked for are looked for, ms (default 1000; tests shorten it). */
  sweepMs?: number;
  /**
   * Replays: the source is finite (a recorded period) and becomes an HLS VOD, every segment kept and the
   * playlist ended (#EXT-X-ENDLIST, PLAYLIST-TYPE VOD) so that a player can seek; ready once whole.
   */
  vod?: boolean;
  /**
   * Makes a stream's files key (LIVE_KEY: 32 url-safe characters): the family context's `instanceKey`,
   * so that another instance sends a request for them here. Default: random.
   */
  keyOf?: (length: number) => string;
  /** Told every change of a stream's state (`idle` once stopped), e.g. to push it to the consoles. */
  onState?: (id: K, state: LiveState) => void;
  now?: () => number;
}

/** The playlist the gateway writes beside its segments (it serves nothing but LIVE_FILE names). */
export const PLAYLIST = 'index.m3u8';

/**
 * The stream gateway (spec 001 §7 "HLS restart and stop"): one ffmpeg per camera pulls its stream and
 * writes HLS (copied when the source is H.264, else encoded with the fastest preset); every viewer of the
 * camera reads the same playlist, each request counting as a sign of life; a sweep stops the ffmpeg of a
 * camera nobody asked for within the idle time.
 */
export function createLiveGateway<K extends number | string = number>(options: LiveGatewayOptions<K>) {
  const { ffmpeg } = options;
  const vod = options.vod === true;
  const now = options.now ?? Date.now;
  const startMs = options.startMs ?? (vod ? 60_000 : 15_000);
  const segment = options.segmentSeconds ?? (vod ? 2 : 1);
  const streams = new Map<K, Stream>();
  /** The running streams by their files' key. */
  const byKey = new Map<string, K>();
  /** Shutting down: streams stop without telling `onState`. */
  let closing = false;
  const root = mkdtempSync(join(tmpdir(), vod ? 'sc-replay-' : 'sc-live-'));
  /** A live playlist is there with its first segment; a replay's once it is ended (the whole period). */
  const complete = (text: string) => (vod ? /#EXT-X-ENDLIST/.test(text) : /#EXTINF/.test(text));

  const argsOf = (source: LiveSource, dir: string) => [
    '-hide_banner',
    '-loglevel',
    'error',
    // Not +nobuffer: it drops what the probe read, the first key frame with it, and the first segment
    // then waits for the next one (a second or two later).
    '-fflags',
    '+genpts',
    // A live source is known from its first packets (the first picture comes sooner: 32 KB, no waiting
    // for more of its time); a replay's is read for a second, it has no hurry.
    '-analyzeduration',
    vod ? '1000000' : '0',
    '-probesize',
    vod ? '1000000' : '32768',
    ...(/^rtsp:/i.test(source.url) ? ['-rtsp_transport', 'tcp'] : []),
    '-i',
    source.url,
    '-an',
    ...(source.codec.toLowerCase() === 'h264'
      ? ['-c:v', 'copy']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '20']),
    '-f',
    'hls',
    '-hls_time',
    String(segment),
    ...(vod
      ? ['-hls_list_size', '0', '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments']
      : [
          // The first segments are cut at the first key frame past half a second (a camera sending one
          // every half second: the first playlist after about that), the later ones at `segment`.
          ...['-hls_init_time', String(segment / 2), '-hls_list_size', '4'],
          ...['-hls_flags', 'delete_segments+omit_endlist+independent_segments'],
        ]),
    '-hls_segment_filename',
    join(dir, 'seg%d.ts'),
    join(dir, PLAYLIST),
  ];

  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  };

  /** A stream's new state, told to `onState` when it changes and the stream is still the camera's. */
  const change = (id: K, stream: Stream, state: LiveState) => {
    if (stream.state === state) return;
    stream.state = state;
    if (streams.get(id) === stream) options.onState?.(id, state);
  };

  function start(id: K, source: LiveSource): Stream {
    const dir = join(root, String(id));
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const proc = spawn(ffmpeg.path!, argsOf(source, dir), { stdio: ['ignore', 'ignore', 'pipe'] });
    const stream: Stream = {
      source,
      dir,
      proc,
      state: 'starting',
      seen: now(),
      error: null,
      ready: Promise.resolve(false),
      key: options.keyOf ? options.keyOf(32) : randomBytes(24).toString('base64url'),
      listed: new Set(),
      segments: new Map(),
    };
    streams.set(id, stream);
    byKey.set(stream.key, id);
    options.onState?.(id, 'starting');
    proc.stderr?.on('data', (chunk: Buffer) => {
      stream.error = chunk.toString().trim().slice(-300);
    });
    const playlist = join(dir, PLAYLIST);
    // A replay's ffmpeg ends when its period does: whole, it stays served until nobody asks.
    const exited = new Promise<boolean>((resolve) =>
      proc.on('exit', () => {
        const whole = vod && streams.get(id) === stream && complete(read(playlist));
        if (whole) change(id, stream, 'live');
        else if (streams.get(id) === stream) change(id, stream, 'failed');
        resolve(whole);
      }),
    );
    proc.on('error', (e) => {
      stream.error = e.message;
      change(id, stream, 'failed');
    });
    // A replay's finite source is read once: a stream that ended whole is not 'failed' (see `exited`).
    const appeared = new Promise<boolean>((resolve) => {
      const deadline = now() + startMs;
      const look = () => {
        if (stream.state === 'failed' || streams.get(id) !== stream) return resolve(false);
        if (existsSync(playlist) && complete(read(playlist))) {
          change(id, stream, 'live');
          return resolve(true);
        }
        if (now() > deadline) {
          change(id, stream, 'failed');
          stream.error ??= 'no playlist in time';
          proc.kill('SIGKILL');
          return resolve(false);
        }
        setTimeout(look, vod ? 150 : 40);
      };
      look();
    });
    stream.ready = Promise.race([appeared, exited]);
    return stream;
  }

  function stop(id: K) {
    const stream = streams.get(id);
    if (!stream) return false;
    streams.delete(id);
    byKey.delete(stream.key);
    stream.proc.kill('SIGKILL');
    rmSync(stream.dir, { recursive: true, force: true });
    if (!closing) options.onState?.(id, 'idle');
    return true;
  }

  // The idle time is a setting, read only while a stream runs: with none (or the database away, when
  // the read fails) the sweep asks nothing, so it never queues reads behind an outage.
  const sweep = setInterval(() => {
    if (streams.size === 0) return;
    Promise.resolve(options.idleMs())
      .then((idle) => {
        // One starting is awaited by its opener (and ended by `startMs` when it never comes).
        for (const [id, stream] of streams) if (stream.state !== 'starting' && now() - stream.seen > idle) stop(id);
      })
      .catch(() => {});
  }, options.sweepMs ?? 1000);
  sweep.unref();

  return {
    /** Whether live video can run here, and why not. */
    available: ffmpeg.path !== null,
    unavailableReason: ffmpeg.path === null ? ffmpeg.reason : null,

    /**
     * Opens a camera's stream for a viewer: the running one (started again when it failed or its source
     * changed), or a new one; answers once the first playlist is written (or it failed).
     */
    async open(id: K, source: LiveSource) {
      let stream = streams.get(id);
      if (stream && (stream.state === 'failed' || stream.source.url !== source.url)) {
        stop(id);
        stream = undefined;
      }
      stream ??= start(id, source);
      stream.seen = now();
      await stream.ready;
      // The viewer asks for the playlist next: the wait for it does not count as idle.
      stream.seen = now();
      return this.state(id);
    },

    /**
     * Joins a stream under way or ready (a viewer's sign of life, then its readiness awaited): false when
     * there is none or it failed, so that the caller opens it anew.
     */
    async join(id: K): Promise<boolean> {
      const stream = streams.get(id);
      if (!stream || stream.state === 'failed') return false;
      stream.seen = now();
      const ready = await stream.ready;
      stream.seen = now();
      return ready && streams.get(id) === stream;
    },

    /** Stops the camera's stream and starts it again (spec 001 §7 "HLS restart"). */
    async restart(id: K, source: LiveSource) {
      stop(id);
      return this.open(id, source);
    },

    /** Stops the camera's stream now (spec 001 §7 "HLS stop"); viewers see it end. */
    stop,

    state(id: K): { state: LiveState; error: string | null } {
      const stream = streams.get(id);
      return { state: stream?.state ?? 'idle', error: stream?.state === 'failed' ? stream.error : null };
    },

    /** A playlist or segment of a running stream (null: none such), counting as a viewer's sign of life. */
    file(id: K, name: string): Buffer | null {
      const stream = streams.get(id);
      if (!stream || !LIVE_FILE.test(name)) return null;
      stream.seen = now();
      const path = join(stream.dir, name);
      try {
        return readFileSync(path);
      } catch {
        return null;
      }
    },

    /** The key of a camera's stream (its files' path carries it), null without one. */
    keyOf(id: K): string | null {
      return streams.get(id)?.key ?? null;
    },

    /**
     * A playlist or segment by its stream's key (null: no running stream has that key, or no such file),
     * counting as a viewer's sign of life: the playlist read anew each time, a segment from memory once
     * read (kept while the playlist lists it).
     */
    media(key: string, name: string): Buffer | null {
      const id = byKey.get(key);
      const stream = id === undefined ? undefined : streams.get(id);
      if (!stream || stream.key !== key || !LIVE_FILE.test(name)) return null;
      stream.seen = now();
      if (name === PLAYLIST) {
        const text = read(join(stream.dir, PLAYLIST));
        if (!text) return null;
        stream.listed = new Set(text.split('\n').filter((line) => line.endsWith('.ts')));
        for (const name of stream.segments.keys()) if (!stream.listed.has(name)) stream.segments.delete(name);
        return Buffer.from(text);
      }
      const kept = stream.segments.get(name);
      if (kept) return kept;
      try {
        const bytes = readFileSync(join(stream.dir, name));
        if (stream.listed.has(name)) stream.segments.set(name, bytes);
        return bytes;
      } catch {
        return null;
      }
    },

    /** How many streams run (the benchmark's and tests' view). */
    running: () => [...streams.values()].filter((s) => s.state !== 'failed').length,

    /** The length of a ready replay, seconds (the sum of its segments), null before. */
    duration(id: K): number | null {
      const stream = streams.get(id);
      if (stream?.state !== 'live') return null;
      const text = read(join(stream.dir, PLAYLIST));
      const total = [...text.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      return Math.round(total * 10) / 10;
    },

    close() {
      clearInterval(sweep);
      closing = true;
      for (const id of [...streams.keys()]) stop(id);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
export type LiveGateway<K extends number | string = number> = ReturnType<typeof createLiveGateway<K>>;
