import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SimDevice } from './types.js';

/** The wide picture a camera looks into, its window at the widest zoom is a quarter of it (640×360). */
export const WIDE = { w: 1280, h: 720 } as const;
export const FRAME = { w: 640, h: 360, fps: 10 } as const;
/** MPEG-TS packets: the stream is forwarded in whole ones, so that a restart never cuts one. */
const PACKET = 188;
/** Fonts tried for the camera's name (CJK first). */
const FONTS = [
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];

const usable = (path: string, mode = constants.R_OK) => {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
};

/** The simulator's ffmpeg: FFMPEG_PATH, the npm package's binary, or none (cameras then have no video). */
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

/** How the picture moves from the generator's start: where it is, and how fast each part changes per second. */
export interface ViewMotion {
  pan: number;
  tilt: number;
  zoom: number;
  dPan: number;
  dTilt: number;
  dZoom: number;
}

/**
 * The filter graph of a camera's picture: ffmpeg's test pattern as the wide scene, a window over it
 * (zoompan, per frame: pan and tilt 0-1 across what is left beside the window, zoom 1-4 narrowing it)
 * moving as `m` says, scaled to 640×360, with the camera's name and the clock written on it.
 */
export function pictureFilter(m: ViewMotion, nameFile: string, font: string | undefined) {
  const t = `(on/${FRAME.fps})`;
  const z = `clip(${2 * m.zoom}+${2 * m.dZoom}*${t},2,8)`;
  const pan = `clip(${m.pan}+${m.dPan}*${t},0,1)`;
  const tilt = `clip(${m.tilt}+${m.dTilt}*${t},0,1)`;
  const text = (what: string, y: number) =>
    `drawtext=${font ? `fontfile=${font}:` : ''}${what}:x=12:y=${y}:fontsize=22:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=4`;
  return [
    `zoompan=z='${z}':x='${pan}*(iw-iw/zoom)':y='${tilt}*(ih-ih/zoom)':d=1:s=${FRAME.w}x${FRAME.h}:fps=${FRAME.fps}`,
    text(`textfile=${nameFile}`, 12),
    text("text='%{localtime}'", 44),
  ].join(',');
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
 * per 1/10 s of video, so a sped-up replay samples the recorded time), the camera's name and the
 * RECORDED time written on it, played `speed` times as fast, H.264 at 10 fps with a key frame every 2 s
 * (the gateway's segments), in MPEG-TS, as fast as ffmpeg makes it (a finite stream).
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

/** The largest total of a snapshot answer's pictures, bytes (an MQTT packet holds 256 KB at most). */
export const SNAPSHOT_BYTES = 180_000;

/** The JPEGs in a stream of them (each from its start marker FFD8 to its end marker FFD9). */
export function splitJpegs(all: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = -1;
  for (let i = 0; i + 1 < all.length; i++) {
    if (start < 0 && all[i] === 0xff && all[i + 1] === 0xd8) start = i;
    else if (start >= 0 && all[i] === 0xff && all[i + 1] === 0xd9) {
      out.push(all.subarray(start, i + 2));
      start = -1;
      i += 1;
    }
  }
  return out;
}

/**
 * `count` pictures of a camera, half a second apart from `at` (ms): its test picture at 320×180 with its
 * name and the time written on it, as JPEG data URLs; null for those past SNAPSHOT_BYTES in all (and all
 * null without ffmpeg or when ffmpeg fails).
 */
export function snapshotPictures(
  ffmpeg: string | null,
  nameFile: string,
  at: number,
  count: number,
): Promise<(string | null)[]> {
  const none = Array.from({ length: count }, () => null);
  if (!ffmpeg) return Promise.resolve(none);
  const font = FONTS.find((f) => usable(f));
  const text = (what: string, y: number) =>
    `drawtext=${font ? `fontfile=${font}:` : ''}${what}:x=8:y=${y}:fontsize=14:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=3`;
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=2`],
    ...[
      '-vf',
      [text(`textfile=${nameFile}`, 40), text(`text='%{pts\\:localtime\\:${(at / 1000).toFixed(3)}}'`, 62)].join(','),
    ],
    ...['-frames:v', String(count), '-c:v', 'mjpeg', '-q:v', '8', '-f', 'image2pipe', 'pipe:1'],
  ];
  return new Promise((resolve) => {
    const env = { ...process.env, TZ: process.env.SIM_CAMERA_TZ ?? 'CST-8' };
    const proc = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'], env });
    const chunks: Buffer[] = [];
    proc.stdout!.on('data', (b: Buffer) => chunks.push(b));
    proc.on('error', () => resolve(none));
    proc.on('close', () => {
      let total = 0;
      const jpegs = splitJpegs(Buffer.concat(chunks));
      resolve(
        none.map((_, i) => {
          const jpeg = jpegs[i];
          if (!jpeg) return null;
          const url = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
          total += url.length;
          return total <= SNAPSHOT_BYTES ? url : null;
        }),
      );
    });
  });
}

interface Feed {
  device: SimDevice;
  clients: Set<ServerResponse>;
  proc: ChildProcess | null;
  /** When the feed started, ms: a restarted generator's timestamps go on from there. */
  since: number;
  carry: Buffer;
  nameFile: string;
}

/**
 * The simulated cameras' video: one HTTP server for all of them (`/camera/<equipment id>.ts`), each camera
 * an ffmpeg encoding its picture to H.264 in MPEG-TS (640×360, 10 fps, ultrafast) while anybody reads it,
 * shared by its readers; a PTZ move starts the camera's encoder again with the new motion.
 */
export function createCameraStreams(options: {
  ffmpeg: string | null;
  host?: string;
  motion: (d: SimDevice) => ViewMotion;
}) {
  const feeds = new Map<string, Feed>();
  const replaying = new Set<ChildProcess>();
  const known = new Map<string, SimDevice>();
  const dir = mkdtempSync(join(tmpdir(), 'sim-cam-'));
  const font = FONTS.find((f) => usable(f));
  let server: Server | null = null;
  let listening: Promise<number> | null = null;

  function run(feed: Feed) {
    const offset = (Date.now() - feed.since) / 1000;
    const args = [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi'],
      ...['-i', `testsrc2=size=${WIDE.w}x${WIDE.h}:rate=${FRAME.fps}`],
      ...['-vf', pictureFilter(options.motion(feed.device), feed.nameFile, font)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
      ...['-g', String(FRAME.fps / 2), '-keyint_min', String(FRAME.fps / 2), '-sc_threshold', '0'],
      ...['-flush_packets', '1', '-output_ts_offset', offset.toFixed(3), '-f', 'mpegts', 'pipe:1'],
    ];
    // The clock on the picture is the platform's default timezone (UTC+8) unless SIM_CAMERA_TZ says otherwise.
    const env = { ...process.env, TZ: process.env.SIM_CAMERA_TZ ?? 'CST-8' };
    const proc = spawn(options.ffmpeg!, args, { stdio: ['ignore', 'pipe', 'ignore'], env });
    feed.proc = proc;
    feed.carry = Buffer.alloc(0);
    proc.stdout!.on('data', (chunk: Buffer) => {
      if (feed.proc !== proc) return;
      const all = Buffer.concat([feed.carry, chunk]);
      const whole = all.length - (all.length % PACKET);
      feed.carry = all.subarray(whole);
      const out = all.subarray(0, whole);
      for (const client of feed.clients) client.write(out);
    });
  }

  function stopFeed(feed: Feed) {
    feed.proc?.kill('SIGKILL');
    feed.proc = null;
  }

  const nameFileOf = (device: SimDevice) => {
    const nameFile = join(dir, `${device.equipmentId}.txt`);
    writeFileSync(nameFile, device.plan.name ?? device.equipmentId);
    return nameFile;
  };

  /** `/replay/<equipment id>.ts?from=&to=` (ms): the recorded period as a finite stream, one ffmpeg per reader. */
  function replay(url: URL, res: ServerResponse, onClose: (f: () => void) => void) {
    const match = /^\/replay\/([^/]+)\.ts$/.exec(url.pathname);
    const device = match ? known.get(decodeURIComponent(match[1]!)) : undefined;
    const from = Number(url.searchParams.get('from'));
    const to = Number(url.searchParams.get('to'));
    if (!device || !options.ffmpeg || !(from > 0 && to > from)) {
      res.writeHead(404).end();
      return;
    }
    const env = { ...process.env, TZ: process.env.SIM_CAMERA_TZ ?? 'CST-8' };
    const proc = spawn(options.ffmpeg, replayArgs(from, to, nameFileOf(device), font), {
      stdio: ['ignore', 'pipe', 'ignore'],
      env,
    });
    replaying.add(proc);
    res.writeHead(200, { 'content-type': 'video/mp2t', 'cache-control': 'no-store' });
    proc.stdout!.pipe(res);
    proc.on('exit', () => replaying.delete(proc));
    onClose(() => proc.kill('SIGKILL'));
  }

  function serve(path: string, res: ServerResponse, onClose: (f: () => void) => void) {
    const match = /^\/camera\/([^/]+)\.ts$/.exec(path);
    const device = match ? known.get(decodeURIComponent(match[1]!)) : undefined;
    if (!device || !options.ffmpeg) {
      res.writeHead(404).end();
      return;
    }
    let feed = feeds.get(device.equipmentId);
    if (!feed) {
      const nameFile = nameFileOf(device);
      feed = { device, clients: new Set(), proc: null, since: Date.now(), carry: Buffer.alloc(0), nameFile };
      feeds.set(device.equipmentId, feed);
    }
    res.writeHead(200, { 'content-type': 'video/mp2t', 'cache-control': 'no-store' });
    feed.clients.add(res);
    if (!feed.proc) {
      feed.since = Date.now();
      run(feed);
    }
    const f = feed;
    onClose(() => {
      f.clients.delete(res);
      if (f.clients.size === 0) {
        stopFeed(f);
        feeds.delete(device.equipmentId);
      }
    });
  }

  function listen(): Promise<number> {
    listening ??= new Promise((resolve) => {
      server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        const onClose = (f: () => void) => req.on('close', f);
        if (url.pathname.startsWith('/replay/')) replay(url, res, onClose);
        else serve(url.pathname, res, onClose);
      });
      server.listen(0, options.host ?? '127.0.0.1', () => resolve((server!.address() as AddressInfo).port));
      server.unref();
    });
    return listening;
  }

  return {
    available: options.ffmpeg !== null,
    /** The URL of a camera's stream (the server is started on first use). */
    async urlOf(device: SimDevice) {
      known.set(device.equipmentId, device);
      const port = await listen();
      return `http://${options.host ?? '127.0.0.1'}:${port}/camera/${encodeURIComponent(device.equipmentId)}.ts`;
    },
    /** The URL of the replay of [from, to) (ms) of a camera's recording. */
    async replayUrlOf(device: SimDevice, from: number, to: number) {
      known.set(device.equipmentId, device);
      const port = await listen();
      return `http://${options.host ?? '127.0.0.1'}:${port}/replay/${encodeURIComponent(device.equipmentId)}.ts?from=${from}&to=${to}`;
    },
    /** `count` pictures of the camera from `at` (ms), half a second apart (see `snapshotPictures`). */
    snapshots(device: SimDevice, at: number, count: number) {
      return snapshotPictures(options.ffmpeg, nameFileOf(device), at, count);
    },
    /** The camera's view changed: its encoder starts again with the new motion (when anybody watches). */
    moved(device: SimDevice) {
      const feed = feeds.get(device.equipmentId);
      if (!feed?.proc) return;
      stopFeed(feed);
      run(feed);
    },
    /** How many encoders run. */
    running: () => [...feeds.values()].filter((f) => f.proc).length,
    close() {
      for (const proc of replaying) proc.kill('SIGKILL');
      for (const feed of feeds.values()) stopFeed(feed);
      feeds.clear();
      server?.closeAllConnections();
      server?.close();
    },
  };
}
