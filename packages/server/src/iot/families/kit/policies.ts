import { FAMILY_MANIFESTS, RELAY_TYPES } from '@sc/contract';

/** What the server's shared machinery reads of the family list (ingest, broker, activity). */

/** Whether devices of `type` speak for their children (relay their traffic, list them in heartbeats). */
export const relaysChildren = (type: string): boolean => RELAY_TYPES.has(type);

const DEFAULT_HEARTBEAT = 'deviceHeartbeat';

/**
 * Heartbeat periods (s): the device heartbeat, and the families with a setting of their own (the lamp
 * controllers' is in minutes). A family whose setting is missing falls back to the device heartbeat.
 */
export function heartbeatsOf(settings: Record<string, unknown>): { device: number; byType: Map<string, number> } {
  const device = Number(settings[DEFAULT_HEARTBEAT]);
  const byType = new Map<string, number>();
  for (const f of FAMILY_MANIFESTS) {
    if (f.heartbeat === DEFAULT_HEARTBEAT) continue;
    const value = Number(settings[f.heartbeat]);
    const seconds = value * (f.heartbeatUnit === 'minute' ? 60 : 1);
    byType.set(f.type, Number.isFinite(seconds) && seconds > 0 ? seconds : device);
  }
  return { device, byType };
}
