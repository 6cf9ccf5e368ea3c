import { WIFI_READINGS, wifiRealdata } from '@sc/contract/families/wifi';
import { describe, expect, it, vi } from 'vitest';
import type { CommandContext, SimDevice, SimEvent, Values } from './types.js';
import { clientShare, REBOOT_MS, wifi } from './wifi.js';

/** Midnight UTC; at Beijing's longitude solar midnight is about 16:14 UTC. */
const START = Date.UTC(2026, 5, 1, 0, 0);
const BEIJING = 116.4;

const ap = (offset = 0.5): SimDevice => {
  const device = {
    equipmentId: 'EQWIFI01',
    type: 'wifi',
    place: { lng: BEIJING, lat: 39.9, offset },
    plan: { props: { ssid: 'City-Free' } },
    state: {},
  } as unknown as SimDevice;
  wifi.init!(device);
  device.state.at = START;
  return device;
};

/** Runs the AP over `hours` at 5-minute reports from `from`; answers every report and log line. */
function run(device: SimDevice, hours: number, from = START) {
  const reports: { at: Date; values: Values }[] = [];
  const events: SimEvent[] = [];
  for (let m = 5; m <= hours * 60; m += 5) {
    const at = new Date(from + m * 60_000);
    const values = wifi.telemetry!(device, at)!;
    reports.push({ at, values });
    events.push(...wifi.events!(device, values, at));
  }
  return { reports, events };
}

const context = (device: SimDevice, now: Date, reboot = vi.fn()): CommandContext => ({
  now,
  report: () => {
    const values = wifi.telemetry!(device, now);
    wifi.events!(device, values, now);
    return values;
  },
  reboot,
  children: [],
});
const connected = (device: SimDevice) => (device.state.connected as { mac: string; band: string }[]).slice();
const solar = (hour: number) => new Date(START + ((hour - BEIJING / 15 + 24) % 24) * 3_600_000);

describe('WiFi access point simulator', () => {
  it('has more clients in the evening than at night', () => {
    expect(clientShare(20)).toBeGreaterThan(clientShare(3) * 10);
    const device = ap(0.8);
    const { reports } = run(device, 48);
    const at = (hour: number) =>
      reports.filter((r) => Math.abs(((r.at.getTime() - solar(hour).getTime()) / 3_600_000) % 24) < 0.5);
    const mean = (list: { values: Values }[]) => list.reduce((n, r) => n + Number(r.values.clients), 0) / list.length;
    expect(mean(at(20))).toBeGreaterThan(mean(at(4)) * 4);
  });

  it('reports within every reading range and logs clients joining and leaving', () => {
    const { reports, events } = run(ap(), 48);
    for (const { values } of reports)
      for (const r of WIFI_READINGS) {
        expect(values[r.key] as number, r.key).toBeGreaterThanOrEqual(r.min);
        expect(values[r.key] as number, r.key).toBeLessThanOrEqual(r.max);
      }
    expect(events.find((e) => e.code === 'CLIENT_JOIN')).toMatchObject({ type: 'info', level: 'info' });
    expect(events.some((e) => e.code === 'CLIENT_LEAVE')).toBe(true);
  });

  it('answers realdata in the contract’s shape', async () => {
    const device = ap();
    run(device, 20);
    const answer = await wifi.commands!.realdata!(device, {}, context(device, new Date(START + 20 * 3_600_000)));
    expect(answer.ok).toBe(true);
    const data = wifiRealdata.parse(answer.result);
    expect(data.clients.length).toBe(data.values.clients);
    expect(data.interfaces.map((i) => i.name)).toEqual(['eth0', 'wlan0', 'wlan1']);
  });

  it('drops a blacklisted client and keeps it out until removed', async () => {
    const device = ap(0.9);
    run(device, 20);
    const now = new Date(START + 20 * 3_600_000);
    const victim = connected(device)[0]!.mac;
    const answer = await wifi.commands!.control!(
      device,
      { action: 'blacklistAdd', mac: victim.toLowerCase() },
      context(device, now),
    );
    expect(answer).toMatchObject({ ok: true, result: { blacklist: [victim] } });
    expect(connected(device).map((c) => c.mac)).not.toContain(victim);
    // Two days on, evenings included, the others come and go but it never comes back.
    const seen = new Set<string>();
    for (let m = 5; m <= 48 * 60; m += 5) {
      const at = new Date(now.getTime() + m * 60_000);
      wifi.events!(device, wifi.telemetry!(device, at), at);
      for (const c of connected(device)) seen.add(c.mac);
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(seen.has(victim)).toBe(false);
    await wifi.commands!.control!(device, { action: 'blacklistRemove', mac: victim }, context(device, now));
    expect(device.state.blacklist).toEqual([]);
  });

  it('drops a band’s clients when its radio goes off, and reboots away briefly', async () => {
    const device = ap(0.9);
    run(device, 20);
    const now = new Date(START + 20 * 3_600_000);
    expect(connected(device).some((c) => c.band === '5g')).toBe(true);
    await wifi.commands!.control!(device, { action: 'radioOff', band: '5g' }, context(device, now));
    run(device, 3, now.getTime());
    expect(connected(device).length).toBeGreaterThan(0);
    expect(connected(device).every((c) => c.band === '2g')).toBe(true);
    vi.useFakeTimers();
    const reboot = vi.fn();
    const answer = await wifi.commands!.control!(device, { action: 'reboot' }, context(device, now, reboot));
    expect(answer).toMatchObject({ ok: true, result: { downMs: REBOOT_MS } });
    vi.advanceTimersByTime(500);
    vi.useRealTimers();
    expect(reboot).toHaveBeenCalledWith(REBOOT_MS);
    expect(connected(device)).toEqual([]);
    const { events } = run(device, 1, now.getTime());
    expect(events.map((e) => e.code)).toContain('REBOOT');
  });

  it('gives an access controller no clients of its own', () => {
    const device = ap(0.9);
    device.plan.modelNo = 'wificomfastac';
    device.state = {};
    wifi.init!(device);
    device.state.at = START;
    const { reports, events } = run(device, 24);
    expect(reports.every((r) => r.values.clients === 0)).toBe(true);
    expect(events).toEqual([]);
  });

  it('refuses a control without its MAC or band', async () => {
    const device = ap();
    const ctx = context(device, new Date(START));
    expect((await wifi.commands!.control!(device, { action: 'blacklistAdd' }, ctx)).ok).toBe(false);
    expect((await wifi.commands!.control!(device, { action: 'radioOff', band: '6g' }, ctx)).ok).toBe(false);
  });
});
