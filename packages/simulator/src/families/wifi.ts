import {
  normalMac,
  WIFI_BANDS,
  type WifiBand,
  type WifiClient,
  type WifiInterface,
  type WifiRealdata,
} from '@sc/contract/families/wifi';
import { clamp, round, solarHour } from '../cycles.js';
import { type CommandAnswer, type FamilySim, hourSteps, type SimDevice, type SimEvent } from './types.js';

/** Share of an AP's regulars connected by solar hour: few at night, a lunch bump, most in the evening. */
export const clientShare = hourSteps([6, 8, 11.5, 13.5, 17.5, 22], [0.05, 0.15, 0.3, 0.45, 0.35, 0.85, 0.3]);

/** The access controller's model (spec 001 §3 models "wificomfastac, wificomfastap"). */
const CONTROLLER_MODEL = 'wificomfastac';
/** Seconds an AP is away while it restarts. */
export const REBOOT_MS = 8000;
/** Clients that join or leave at most per report (the rest follow at the next one). */
const MAX_CHANGES = 4;

interface Connected {
  mac: string;
  band: WifiBand;
  /** Signal (dBm) and rate (Mbps) drawn at joining. */
  signal: number;
  rate: number;
  since: number;
}

interface WifiState {
  /** The devices that come by this AP (phones of people living and working nearby). */
  regulars: string[];
  connected: Connected[];
  blacklist: string[];
  radios: Record<WifiBand, boolean>;
  bootedAt: number;
  seed: number;
  /** Bytes since start (interfaces' counters). */
  rxBytes: number;
  txBytes: number;
  /** Log lines written since the last report: sent as info events with it. */
  log: SimEvent[];
}

const stateOf = (device: SimDevice) => device.state as unknown as WifiState;

/** A small deterministic generator per AP (mulberry32), so that a run can be replayed in a test. */
function random(s: WifiState): number {
  s.seed = (s.seed + 0x6d2b79f5) | 0;
  let t = s.seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
/** The regulars' MACs: a locally administered prefix, then bytes from the AP's equipment id and index. */
function regularsOf(device: SimDevice, count: number): string[] {
  let h = 0;
  for (const ch of device.equipmentId ?? '') h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return Array.from({ length: count }, (_, i) =>
    ['02', hex((h >>> 16) & 255), hex((h >>> 8) & 255), hex(h & 255), hex(i >> 8), hex(i & 255)].join(':'),
  );
}

const logLine = (code: string, detail: Record<string, unknown>): SimEvent => ({
  code,
  type: 'info',
  level: 'info',
  detail,
});

/** Drops the clients `which` picks, logging each. */
function drop(s: WifiState, which: (c: Connected) => boolean, at: number, reason: string) {
  for (const c of s.connected.filter(which))
    s.log.push(logLine('CLIENT_LEAVE', { mac: c.mac, band: c.band, reason, onlineSeconds: (at - c.since) / 1000 }));
  s.connected = s.connected.filter((c) => !which(c));
}

/** Brings the connected clients towards the hour's share of the regulars (blacklisted ones stay out). */
function follow(device: SimDevice, s: WifiState, at: Date) {
  const bands = WIFI_BANDS.filter((b) => s.radios[b]);
  const share = clientShare(solarHour(at, device.place.lng));
  const target = bands.length ? Math.round(s.regulars.length * clamp(share + (random(s) - 0.5) * 0.1, 0, 1)) : 0;
  let changes = 0;
  while (s.connected.length > target && changes++ < MAX_CHANGES) {
    const leaving = s.connected[Math.floor(random(s) * s.connected.length)]!;
    drop(s, (c) => c === leaving, at.getTime(), 'left');
  }
  const away = s.regulars.filter((m) => !s.blacklist.includes(m) && !s.connected.some((c) => c.mac === m));
  while (s.connected.length < target && away.length && changes++ < MAX_CHANGES) {
    const [mac] = away.splice(Math.floor(random(s) * away.length), 1);
    const band = bands[Math.floor(random(s) * bands.length)]!;
    const signal = Math.round(-40 - random(s) * 45);
    const top = band === '5g' ? 866 : 144;
    const c = {
      mac: mac!,
      band,
      signal,
      rate: Math.round(top * clamp((signal + 95) / 55, 0.1, 1)),
      since: at.getTime(),
    };
    s.connected.push(c);
    s.log.push(logLine('CLIENT_JOIN', { mac: c.mac, band, signal }));
  }
}

/** The values of a report from the connected clients (traffic, load) and the time since start. */
function values(s: WifiState, at: Date, minutes: number) {
  const n = s.connected.length;
  const download = n * (0.6 + random(s) * 1.2);
  const upload = download * (0.15 + random(s) * 0.15);
  s.rxBytes += Math.round((upload * 1e6 * minutes * 60) / 8);
  s.txBytes += Math.round((download * 1e6 * minutes * 60) / 8);
  return {
    upload: round(upload, 2),
    download: round(download, 2),
    cpu: round(clamp(6 + n * 1.8 + random(s) * 4, 0, 100)),
    memory: round(clamp(32 + n * 0.9 + random(s) * 2, 0, 100)),
    clients: n,
    uptime: Math.max(0, Math.round((at.getTime() - s.bootedAt) / 1000)),
  };
}

/** Its uplink port and one radio per band, with the SSID the platform gave it. */
function interfacesOf(device: SimDevice, s: WifiState): WifiInterface[] {
  const ssid =
    typeof device.plan.props.ssid === 'string' && device.plan.props.ssid ? device.plan.props.ssid : 'City-WiFi';
  return [
    {
      name: 'eth0',
      kind: 'ethernet',
      band: null,
      up: true,
      speed: 1000,
      channel: null,
      ssid: null,
      rxBytes: s.rxBytes,
      txBytes: s.txBytes,
    },
    ...WIFI_BANDS.map((band) => ({
      name: band === '2g' ? 'wlan0' : 'wlan1',
      kind: 'radio' as const,
      band,
      up: s.radios[band],
      speed: band === '5g' ? 867 : 300,
      channel: band === '5g' ? 149 : 6,
      ssid,
      rxBytes: Math.round(s.txBytes * (band === '5g' ? 0.7 : 0.3)),
      txBytes: Math.round(s.rxBytes * (band === '5g' ? 0.7 : 0.3)),
    })),
  ];
}

/** What realdata answers besides the values: interfaces, connected clients and the blacklist. */
export function realdataOf(device: SimDevice, reported: Record<string, number | null>, now: Date): WifiRealdata {
  const s = stateOf(device);
  const clients: WifiClient[] = s.connected.map((c) => ({
    mac: c.mac,
    band: c.band,
    signal: c.signal,
    rate: c.rate,
    onlineSeconds: Math.round((now.getTime() - c.since) / 1000),
  }));
  return { values: reported, interfaces: interfacesOf(device, s), clients, blacklist: [...s.blacklist] };
}

/** Control (docs/device-protocol.md "WiFi"): reboot, blacklist a client in or out, a band's radio on or off. */
function control(device: SimDevice, args: Record<string, unknown>, now: Date): CommandAnswer & { restart?: boolean } {
  const s = stateOf(device);
  const at = now.getTime();
  const mac = typeof args.mac === 'string' ? normalMac(args.mac) : '';
  const band = WIFI_BANDS.find((b) => b === args.band);
  switch (args.action) {
    case 'reboot':
      drop(s, () => true, at, 'reboot');
      s.bootedAt = at + REBOOT_MS;
      s.log.push(logLine('REBOOT', { downMs: REBOOT_MS }));
      return { ok: true, result: { action: 'reboot', downMs: REBOOT_MS }, restart: true };
    case 'blacklistAdd':
      if (!mac) return { ok: false, error: 'mac required' };
      if (!s.blacklist.includes(mac)) s.blacklist.push(mac);
      drop(s, (c) => c.mac === mac, at, 'blacklist');
      s.log.push(logLine('BLACKLIST_ADD', { mac }));
      return { ok: true, result: { action: 'blacklistAdd', mac, blacklist: [...s.blacklist] } };
    case 'blacklistRemove':
      if (!mac) return { ok: false, error: 'mac required' };
      s.blacklist = s.blacklist.filter((m) => m !== mac);
      s.log.push(logLine('BLACKLIST_REMOVE', { mac }));
      return { ok: true, result: { action: 'blacklistRemove', mac, blacklist: [...s.blacklist] } };
    case 'radioOn':
    case 'radioOff': {
      if (!band) return { ok: false, error: 'band required' };
      const on = args.action === 'radioOn';
      s.radios[band] = on;
      if (!on) drop(s, (c) => c.band === band, at, 'radio off');
      s.log.push(logLine(on ? 'RADIO_ON' : 'RADIO_OFF', { band }));
      return { ok: true, result: { action: args.action, band, radios: { ...s.radios } } };
    }
    default:
      return { ok: false, error: `unknown action ${String(args.action)}` };
  }
}

/**
 * WiFi access points (docs/device-protocol.md "WiFi"): each has its regulars, of whom a share that
 * follows the hour is connected (few at night, most in the evening); traffic and load follow the
 * clients. It answers realdata with its interfaces, clients and blacklist, obeys control (a blacklisted
 * client is dropped and kept out, a radio off drops its band's clients, a reboot goes away briefly) and
 * writes its log as info events with its reports. An access controller reports its own load, no clients.
 */
export const wifi: FamilySim = {
  type: 'wifi',
  firmware: 'COMFAST-AP-2.6.0',
  init: (device) => {
    // An access controller manages APs and serves no client of its own.
    const controller = device.plan.modelNo === CONTROLLER_MODEL;
    const regulars = controller ? [] : regularsOf(device, 12 + Math.round(device.place.offset * 24));
    const state: WifiState = {
      regulars,
      connected: [],
      blacklist: [],
      radios: { '2g': true, '5g': true },
      bootedAt: Date.now() - Math.round((1 + device.place.offset * 20) * 86_400_000),
      seed: Math.round(device.place.offset * 1e9),
      rxBytes: 0,
      txBytes: 0,
      log: [],
    };
    Object.assign(device.state, state);
  },
  telemetry: (device, at) => {
    const s = stateOf(device);
    const last = Number(device.state.at ?? at.getTime() - 300_000);
    device.state.at = at.getTime();
    follow(device, s, at);
    return values(s, at, Math.max(0, at.getTime() - last) / 60_000);
  },
  events: (device) => {
    const s = stateOf(device);
    const lines = s.log;
    s.log = [];
    return lines;
  },
  commands: {
    realdata: (device, _args, ctx) => {
      const reported = ctx.report() ?? {};
      return { ok: true, result: realdataOf(device, reported as Record<string, number | null>, ctx.now) };
    },
    control: (device, args, ctx) => {
      const { restart, ...answer } = control(device, args, ctx.now);
      if (restart) setTimeout(() => ctx.reboot(REBOOT_MS), 300);
      // The log and the counts reach the platform at once, not with the next report.
      else if (answer.ok) ctx.report();
      return answer;
    },
  },
};
