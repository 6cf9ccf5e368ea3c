import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clockEnv, createReplayServer, FRAME, videoFont } from '../video.js';
import type { SimDevice } from './types.js';

export { FRAME, REPLAY_MAX_SECONDS, replayArgs, replayPace, simFfmpeg } from '../video.js';

/** The wide picture a camera looks into, its window at the widest zoom is a quarter of it (640×360). */
export const WIDE = { w: 1280, h: 720 } as const;
/** MPEG-TS packets: the stream is forwarded in whole ones, so that a restart never cuts one. */
const PACKET = 188;
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
  const font = videoFont();
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
    const proc = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'], env: clockEnv() });
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
  // Recorded periods: made on demand by the shared replay server, the camera's name written on them.
  const replays = createReplayServer({ ffmpeg: options.ffmpeg, host: options.host });
  const known = new Map<string, SimDevice>();
  const dir = mkdtempSync(join(tmpdir(), 'sim-cam-'));
  const font = videoFont();
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
    const proc = spawn(options.ffmpeg!, args, { stdio: ['ignore', 'pipe', 'ignore'], env: clockEnv() });
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
        serve(url.pathname, res, onClose);
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
    replayUrlOf: (device: SimDevice, from: number, to: number) =>
      replays.urlOf(device.equipmentId, device.plan.name ?? device.equipmentId, from, to),
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
      replays.close();
      for (const feed of feeds.values()) stopFeed(feed);
      feeds.clear();
      server?.closeAllConnections();
      server?.close();
    },
  };
}
