import { LAMP_STATES, type LampState, type RealtimePush } from '@sc/contract';

/** The colour of each lamp state, on the map, in tags and in the overview. */
export const STATE_COLOURS: Record<LampState, string> = {
  on: '#fadb14',
  dimmed: '#ffc53d',
  off: '#434a5a',
  fault: '#f5222d',
  offline: '#bfbfbf',
};
/** antd tag colours of the states. */
export const STATE_TAGS: Record<LampState, string> = {
  on: 'gold',
  dimmed: 'orange',
  off: 'default',
  fault: 'red',
  offline: 'default',
};
export const RUN_STATUS_TAGS: Record<string, string> = { normal: 'green', alert: 'orange', error: 'red' };
export { LAMP_STATES };

const RUN_STATUS_OF = ['normal', 'alert', 'error'] as const;

/** A lamp's live fields as the list and the map keep them. */
export interface LiveLamp {
  id: number;
  state: LampState;
  activeState?: number;
  on?: boolean | null;
  level?: number | null;
  runStatus?: string | null;
  voltage?: number | null;
  current?: number | null;
  activePower?: number | null;
  energyToday?: number | null;
  at?: string | null;
  lastActiveAt?: string | null;
}

/** The state of a lamp from its connection and last values (as the server derives it). */
export function lampStateOf(l: {
  activeState?: number;
  on?: boolean | null;
  level?: number | null;
  runStatus?: string | null;
}): LampState {
  if (l.activeState !== undefined && l.activeState !== 1) return 'offline';
  if (l.runStatus === 'error') return 'fault';
  if (!l.on) return 'off';
  return (l.level ?? 100) < 100 ? 'dimmed' : 'on';
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A lamp after a realtime push of its own: telemetry updates the values, state the connection. */
export function applyLampPush<T extends LiveLamp>(lamp: T, push: RealtimePush): T {
  if (!('deviceId' in push) || push.deviceId !== lamp.id) return lamp;
  if (push.kind === 'state') {
    const next = {
      ...lamp,
      activeState: push.activeState,
      lastActiveAt: push.activeState === 1 ? push.at : lamp.lastActiveAt,
    };
    return { ...next, state: push.activeState === 1 ? lampStateOf({ ...next, activeState: 1 }) : 'offline' };
  }
  if (push.kind !== 'telemetry') return lamp;
  const v = push.values;
  const next: T = { ...lamp, at: push.at, activeState: 1 };
  if (num(v.on) !== undefined) next.on = num(v.on) === 1;
  if (num(v.level) !== undefined) next.level = num(v.level);
  if (num(v.runStatus) !== undefined) next.runStatus = RUN_STATUS_OF[num(v.runStatus)!] ?? lamp.runStatus;
  for (const key of ['voltage', 'current', 'activePower'] as const)
    if (num(v[key]) !== undefined) next[key] = num(v[key]);
  if (num(v.dailyEnergy) !== undefined) next.energyToday = num(v.dailyEnergy);
  next.state = lampStateOf(next);
  return next;
}

/** Applies a push to every cached lamp it names (lists, map points). */
export function applyLampPushes<T extends LiveLamp>(rows: T[] | undefined, push: RealtimePush): T[] | undefined {
  if (!rows || !('deviceId' in push)) return rows;
  if (!rows.some((r) => r.id === push.deviceId)) return rows;
  return rows.map((r) => applyLampPush(r, push));
}
