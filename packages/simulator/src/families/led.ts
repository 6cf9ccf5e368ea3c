import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { FAMILY_MANIFESTS, peerOf } from '@sc/contract';
import {
  LED_BRIGHTNESS,
  LED_VOLUME,
  type LedEnvReadings,
  type LedLayer,
  type LedProgramFile,
  ledManifest,
} from '@sc/contract/families/led';
import type { FamilySim, SimDevice, Values } from './types.js';

/** The readings of the monitors env layers are bound to (the manifest's peer), with their units. */
const ENV_READINGS = FAMILY_MANIFESTS.find((m) => m.type === peerOf(ledManifest, 'envMonitor'))!.readings;

/** What a screen shows in turn until programs are published to it: its built-in notices. */
export const BUILT_IN = ['城市公告', '空气质量', '交通提示'] as const;
/** How long each built-in notice stays on, ms. */
export const NOTICE_MS = 60_000;

/** A program the screen was given (the device command `program`): what it needs to play it. */
interface Program {
  programId: number;
  name: string;
  durationSeconds: number;
  /** The SHA-256 of its media files. */
  files: string[];
  /** Its layers, as it draws them (`rendered`). */
  layers: LedLayer[];
}

interface Screen {
  brightness: number;
  volume: number;
  power: boolean;
  /** The programs published to it, in the order they came (one per program id, the latest version). */
  programs?: Program[];
  /**
   * The media files it holds, by SHA-256: their size (a simulated screen keeps the checksum and size of
   * what it fetched and checked, not the bytes: 200 screens of a 20 MB video would hold 4 GB).
   */
  media?: Record<string, number>;
  /** Bytes it fetched, all told. */
  fetched?: number;
  /** The latest readings of each environment monitor its env layers show, by the monitor's id. */
  env?: Record<number, LedEnvReadings>;
}

/** Fetches of a file under way, by screen and SHA-256: a file published twice at once is fetched once. */
const fetching = new WeakMap<SimDevice, Map<string, Promise<string | null>>>();
const screenOf = (device: SimDevice) => device.state as unknown as Screen;

/**
 * What the screen shows at `at` (null while it is off): its programs in turn, each for its duration, on
 * the screen's own clock; before any was published, its built-in notices in turn, each screen at its own
 * offset.
 */
export function playingAt(device: SimDevice, at: Date): string | null {
  const screen = screenOf(device);
  if (!screen.power) return null;
  const programs = screen.programs ?? [];
  if (programs.length) {
    const loop = programs.reduce((sum, p) => sum + p.durationSeconds * 1000, 0);
    let t = at.getTime() % loop;
    for (const p of programs) {
      if (t < p.durationSeconds * 1000) return p.name;
      t -= p.durationSeconds * 1000;
    }
  }
  const shift = Math.round(device.place.offset * BUILT_IN.length * NOTICE_MS);
  return BUILT_IN[Math.floor((at.getTime() + shift) / NOTICE_MS) % BUILT_IN.length]!;
}

const report = (device: SimDevice, at: Date): Values => {
  const s = screenOf(device);
  return { brightness: s.brightness, volume: s.volume, power: s.power, playing: playingAt(device, at) };
};

const inRange = (v: unknown, range: { min: number; max: number }) =>
  typeof v === 'number' && Number.isInteger(v) && v >= range.min && v <= range.max;

/**
 * LED screens (docs/device-protocol.md "LED"): each reports its brightness, volume, power and what it
 * shows (its programs, else its built-in notices, in turn while on), takes published programs, answers realdata with the same, and takes control
 * (brightness 1-255, volume 0-15, power), reporting the new state at once.
 */
export const led: FamilySim = {
  type: 'led',
  firmware: 'LED-3.2.1',
  init: (device) => {
    const s: Screen = { brightness: 160 + Math.round(device.place.offset * 60), volume: 6, power: true };
    Object.assign(device.state, s);
  },
  telemetry: (device, at) => report(device, at),
  commands: {
    realdata: (device, _args, ctx) => ({ ok: true, result: ctx.report() ?? report(device, ctx.now) }),
    control: (device, args, ctx) => {
      const s = screenOf(device);
      if (args.brightness !== undefined && !inRange(args.brightness, LED_BRIGHTNESS))
        return { ok: false, error: 'brightness out of range' };
      if (args.volume !== undefined && !inRange(args.volume, LED_VOLUME))
        return { ok: false, error: 'volume out of range' };
      if (args.power !== undefined && typeof args.power !== 'boolean') return { ok: false, error: 'bad power' };
      if (args.brightness !== undefined) s.brightness = args.brightness as number;
      if (args.volume !== undefined) s.volume = args.volume as number;
      if (args.power !== undefined) s.power = args.power as boolean;
      // The console sees the new state at once, not with the next report.
      const values = ctx.report() ?? report(device, ctx.now);
      return { ok: true, result: values };
    },
    /**
     * An environment monitor's readings for the env layers bound to it: kept, drawn from now on; answered
     * with what the screen draws of them.
     */
    env: (device, args) => {
      if (!keepReadings(device, args)) return { ok: false, error: 'bad env readings' };
      return {
        ok: true,
        result: { envDeviceId: args.envDeviceId, shown: envLines(device, args.envDeviceId as number) },
      };
    },
    /**
     * A published program (docs/device-protocol.md "LED"): its media files fetched (those it does not hold
     * by checksum already), then kept, played in turn, reported as playing; answered with what it holds.
     */
    program: async (device, args, ctx) => {
      const { programId, name, durationSeconds, layers } = args;
      if (typeof programId !== 'number' || typeof name !== 'string' || !Array.isArray(layers))
        return { ok: false, error: 'bad program' };
      const files = Array.isArray(args.files) ? (args.files as LedProgramFile[]) : [];
      if (files.some((f) => typeof f?.url !== 'string' || !/^https?:\/\//.test(f.url) || typeof f.sha256 !== 'string'))
        return { ok: false, error: 'bad files' };
      const s = screenOf(device);
      const before = s.fetched ?? 0;
      for (const file of files) {
        const error = await holdFile(device, file);
        if (error) return { ok: false, error };
      }
      const program = {
        programId,
        name,
        durationSeconds: Math.max(1, Number(durationSeconds) || 1),
        files: files.map((f) => f.sha256),
        layers: layers as LedLayer[],
      };
      for (const readings of Array.isArray(args.env) ? args.env : []) keepReadings(device, readings);
      s.programs = [...(s.programs ?? []).filter((p) => p.programId !== programId), program];
      const values = ctx.report() ?? report(device, ctx.now);
      return {
        ok: true,
        result: {
          programId,
          layers: layers.length,
          playing: values.playing ?? null,
          ...heldBy(device),
          downloaded: (s.fetched ?? 0) - before,
        },
      };
    },
  },
};

/** Keeps a monitor's readings (the newer of what it holds and `readings`); false when they are not readings. */
function keepReadings(device: SimDevice, readings: unknown): boolean {
  const r = readings as LedEnvReadings;
  if (typeof r?.envDeviceId !== 'number' || typeof r.values !== 'object' || r.values === null) return false;
  const s = screenOf(device);
  const held = s.env?.[r.envDeviceId];
  if (!held || !(Date.parse(held.at) > Date.parse(r.at))) s.env = { ...s.env, [r.envDeviceId]: r };
  return true;
}

/** What an env layer bound to `envDeviceId` shows: each reading held, with its unit (`pm25 35 μg/m³`). */
export function envLines(device: SimDevice, envDeviceId: number | null): string[] {
  const held = envDeviceId === null ? undefined : screenOf(device).env?.[envDeviceId];
  if (!held) return [];
  return ENV_READINGS.flatMap((r) => {
    const v = held.values[r.key];
    return typeof v === 'number' && Number.isFinite(v) ? [`${r.key} ${v} ${r.unit}`] : [];
  });
}

/**
 * What the screen draws at `at`, layer by layer (null while it is off or plays its built-in notices): a
 * text layer its text (a digital clock the time of its zone), an env layer its monitor's readings, a
 * media layer its resources.
 */
export function rendered(device: SimDevice, at: Date): string[][] | null {
  const name = playingAt(device, at);
  const program = (screenOf(device).programs ?? []).find((p) => p.name === name);
  if (!program) return null;
  return program.layers.map((l) => {
    if (l.type === 'env') return envLines(device, l.envDeviceId ?? null);
    if (l.type === 'text' && l.text?.subtype === 'digitalClock') {
      const local = new Date(at.getTime() + (l.text.timeZone ?? 8) * 3_600_000);
      return [local.toISOString().slice(11, 19)];
    }
    if (l.type === 'text') return [l.text?.content ?? ''];
    return (l.resources ?? []).map((id) => `${l.type} ${id}`);
  });
}

/** What a screen holds: how many media files and their bytes. */
export function heldBy(device: SimDevice) {
  const media = Object.values(screenOf(device).media ?? {});
  return { files: media.length, bytes: media.reduce((sum, n) => sum + n, 0) };
}

/** Makes sure the screen holds `file`: fetched and checked unless held already. Answers an error, or null. */
async function holdFile(device: SimDevice, file: LedProgramFile): Promise<string | null> {
  const s = screenOf(device);
  if (s.media?.[file.sha256] !== undefined) return null;
  const underway = fetching.get(device) ?? new Map<string, Promise<string | null>>();
  fetching.set(device, underway);
  const pending = underway.get(file.sha256);
  if (pending) return pending;
  const work = (async () => {
    try {
      const got = await download(file.url);
      if ('status' in got) return `media ${file.resourceId}: HTTP ${got.status}`;
      if (got.sha256 !== file.sha256) return `media ${file.resourceId}: checksum mismatch`;
      s.media = { ...s.media, [file.sha256]: got.size };
      s.fetched = (s.fetched ?? 0) + got.size;
      return null;
    } catch (error) {
      return `media ${file.resourceId}: ${(error as Error).message}`;
    } finally {
      underway.delete(file.sha256);
    }
  })();
  underway.set(file.sha256, work);
  return work;
}

/**
 * Fetches `url`, hashing the bytes as they come (a screen checks what it stored; nothing is kept here):
 * their SHA-256 and size, or the HTTP status when it is not 200.
 */
function download(url: string): Promise<{ sha256: string; size: number } | { status: number }> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const request = get(url, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
        return;
      }
      const hash = createHash('sha256');
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      response.on('end', () => resolve({ sha256: hash.digest('hex'), size }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
