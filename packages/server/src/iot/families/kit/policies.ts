import { FAMILY_MANIFESTS, RELAY_TYPES } from '@sc/contract';

/** What the server's shared machinery reads of the family list (ingest, broker, activity). */

/** Whether devices of `type` speak for their children (relay their traffic, list them in heartbeats). */
export const relaysChildren = (type: string): boolean => RELAY_TYPES.has(type);

const DEFAULT_HEARTBEAT = 'deviceHeartbeat';

/** Heartbeat periods (s): the device heartbeat, and the families with a setting of their own. */
export function heartbeatsOf(settings: Record<string, unknown>): { device: number; byType: Map<string, number> } {
  const byType = new Map<string, number>();
  for (const f of FAMILY_MANIFESTS)
    if (f.heartbeat !== DEFAULT_HEARTBEAT) byType.set(f.type, Number(settings[f.heartbeat]));
  return { device: Number(settings[DEFAULT_HEARTBEAT]), byType };
}
