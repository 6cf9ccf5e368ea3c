import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What the simulated video devices share (the live cameras, the replays of a camera's card and of a
 * recorder's files): the ffmpeg, the picture's size and fonts, and recorded video made on demand as a
 * finite stream over HTTP.
 */

/** The picture every simulated video has: 640×360 at 10 fps. */
export const FRAME = { w: 640, h: 360, fps: 10 } as const;
/** Fonts tried for the names written on the picture (CJK first). */
const FONTS = [
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];

export const usable = (path: string, mode = constants.R_OK) => {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
};

/** The first font of FONTS found here (undefined: ffmpeg's own). */
export const videoFont = () => FONTS.find((f) => usable(f));

/** The environment of an ffmpeg writing clock times: the platform's default timezone (UTC+8) unless SIM_CAMERA_TZ says otherwise. */
export const clockEnv = () => ({ ...process.env, TZ: process.env.SIM_CAMERA_TZ ?? 'CST-8' });

/** The simulator's ffmpeg: FFMPEG_PATH, the npm package's binary, or none (no video then). */
export function simFfmpeg(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.FFMPEG_PATH === 'none') return null;
  if (env.FFMPEG_PATH) return usable(env.FFMPEG_PATH, constants.X_OK) ? env.FFMPEG_PATH : null;
  try {
    const path = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    return usable(path, constants.X_OK) ? path : null;
  } catch {
    return null;
  }
}

/** A replay lasts the recorded period but at most this long, seconds (longer periods play faster). */
export const REPLAY_MAX_SECONDS = 60;

/** How a recorded period of `ms` is replayed: the video's length (s) and how many times faster it plays. */
export function replayPace(ms: number): { seconds: number; speed: number } {
  const recorded = ms / 1000;
  const seconds = Math.min(recorded, REPLAY_MAX_SECONDS);
  return { seconds, speed: recorded / seconds };
}

/**
 * The ffmpeg arguments of a replay of [from, to): the test picture as it was recorded (one source frame
 * per 1/10 s of video, so a sped-up replay samples the recorded time), the device's name (the text of
 * `nameFile`) and the RECORDED time written on it, played `speed` times as fast, H.264 at 10 fps with a
 * key frame every 2 s (the gateway's segments), in MPEG-TS, as fast as ffmpeg makes it (a finite stream).
 */
export function replayArgs(from: number, to: number, nameFile: string, font: string | undefined) {
  const { seconds, speed } = replayPace(to - from);
  const recorded = (to - from) / 1000;
  const rate = `${FRAME.fps * 1000}/${Math.round(speed * 1000)}`;
  const text = (what: string, y: number) =>
    `drawtext=${font ? `fontfile=${font}:` : ''}${what}:x=12:y=${y}:fontsize=22:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=4`;
  const filter = [
    text(`textfile=${nameFile}`, 48),
    text(`text='%{pts\\:localtime\\:${(from / 1000).toFixed(3)}}'`, 80),
    text(`text='REC x${speed.toFixed(1)}'`, FRAME.h - 40),
    // A fine time base first: the source's (a frame per `speed`/10 s) cannot hold the faster times.
    'settb=1/1000',
    `setpts=PTS/${speed.toFixed(6)}`,
    `fps=${FRAME.fps}`,
  ].join(',');
  return [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `testsrc2=size=${FRAME.w}x${FRAME.h}:rate=${rate}:duration=${recorded.toFixed(3)}`],
    ...['-vf', filter, '-t', seconds.toFixed(3)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-g', String(FRAME.fps * 2), '-keyint_min', String(FRAME.fps * 2), '-sc_threshold', '0'],
    ...['-f', 'mpegts', 'pipe:1'],
  ];
}

/**
 * Streams the replay of [from, to) (ms) with the name in `nameFile` written on it to `res`, one ffmpeg
 * for this reader, killed when the reader goes (`onClose`); answers the ffmpeg.
 */
export function streamReplay(
  ffmpeg: string,
  replay: { nameFile: string; from: number; to: number },
  res: ServerResponse,
  onClose: (f: () => void) => void,
): ChildProcess {
  const proc = spawn(ffmpeg, replayArgs(replay.from, replay.to, replay.nameFile, videoFont()), {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: clockEnv(),
  });
  res.writeHead(200, { 'content-type': 'video/mp2t', 'cache-control': 'no-store' });
  proc.stdout!.pipe(res);
  onClose(() => proc.kill('SIGKILL'));
  return proc;
}

/**
 * Recorded video served over HTTP (`/replay/<name>.ts?from=&to=`, ms): one server for all of a
 * family's devices, started on first use; each reader gets the period's replay (`streamReplay`) with
 * the text registered for that name (a recorder's name and channel) written on it.
 */
export function createReplayServer(options: { ffmpeg: string | null; host?: string }) {
  const dir = mkdtempSync(join(tmpdir(), 'sim-replay-'));
  const names = new Map<string, string>();
  const running = new Set<ChildProcess>();
  const host = options.host ?? '127.0.0.1';
  let server: Server | null = null;
  let listening: Promise<number> | null = null;

  const listen = () =>
    (listening ??= new Promise((resolve) => {
      server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        const match = /^\/replay\/([^/]+)\.ts$/.exec(url.pathname);
        const nameFile = match ? names.get(decodeURIComponent(match[1]!)) : undefined;
        const from = Number(url.searchParams.get('from'));
        const to = Number(url.searchParams.get('to'));
        if (!nameFile || !options.ffmpeg || !(from > 0 && to > from)) {
          res.writeHead(404).end();
          return;
        }
        const proc = streamReplay(options.ffmpeg, { nameFile, from, to }, res, (f) => req.on('close', f));
        running.add(proc);
        proc.on('exit', () => running.delete(proc));
      });
      server.listen(0, host, () => resolve((server!.address() as AddressInfo).port));
      server.unref();
    }));

  return {
    available: options.ffmpeg !== null,
    /** The URL of the replay of [from, to) (ms) under `name`, `text` written on its picture. */
    async urlOf(name: string, text: string, from: number, to: number) {
      const nameFile = names.get(name) ?? join(dir, `${names.size}.txt`);
      writeFileSync(nameFile, text);
      names.set(name, nameFile);
      const port = await listen();
      return `http://${host}:${port}/replay/${encodeURIComponent(name)}.ts?from=${from}&to=${to}`;
    },
    /** How many replays are being made. */
    running: () => running.size,
    close() {
      for (const proc of running) proc.kill('SIGKILL');
      server?.closeAllConnections();
      server?.close();
    },
  };
}
