/**
 * MQTT topics of the device protocol (docs/device-protocol.md). Every device talks on topics under
 * its equipment id; a device may publish and subscribe only there (a gateway also for its children).
 *
 * Version 2 (default): one topic per kind.
 *   sc/{equipmentId}/up/telemetry   readings           device → server
 *   sc/{equipmentId}/up/event       alarms, changes    device → server
 *   sc/{equipmentId}/up/heartbeat   keep-alive         device → server
 *   sc/{equipmentId}/up/reply       command replies    device → server
 *   sc/{equipmentId}/down/command   command requests   server → device
 * Version 1: one uplink topic `sc/{equipmentId}/up` whose payload names the kind in `k`
 *   ("tel" | "evt" | "hb" | "rep"), and the same downlink topic.
 */
export const TOPIC_ROOT = 'sc';
export const UP_KINDS = ['telemetry', 'event', 'heartbeat', 'reply'] as const;
export type UpKind = (typeof UP_KINDS)[number];
export const V1_KINDS: Record<string, UpKind> = { tel: 'telemetry', evt: 'event', hb: 'heartbeat', rep: 'reply' };

export const upTopic = (equipmentId: string, kind: UpKind) => `${TOPIC_ROOT}/${equipmentId}/up/${kind}`;
export const upTopicV1 = (equipmentId: string) => `${TOPIC_ROOT}/${equipmentId}/up`;
export const commandTopic = (equipmentId: string) => `${TOPIC_ROOT}/${equipmentId}/down/command`;

/** What the server subscribes to (shared, so several instances split the work). */
export const SERVER_UPLINK_FILTER = `${TOPIC_ROOT}/+/up/#`;
export const SERVER_UPLINK_FILTER_V1 = `${TOPIC_ROOT}/+/up`;
/** Internal fan-out between server instances: realtime pushes every instance must see. */
export const REALTIME_TOPIC = '$sc-internal/realtime';

export interface ParsedTopic {
  equipmentId: string;
  direction: 'up' | 'down';
  /** null for a version-1 uplink (the kind is in the payload). */
  kind: UpKind | 'command' | null;
}

/** Splits a device topic; null when it is not one. */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split('/');
  if (parts[0] !== TOPIC_ROOT || !parts[1] || (parts[2] !== 'up' && parts[2] !== 'down')) return null;
  const equipmentId = parts[1];
  if (parts[2] === 'up') {
    if (parts.length === 3) return { equipmentId, direction: 'up', kind: null };
    if (parts.length === 4 && (UP_KINDS as readonly string[]).includes(parts[3]!))
      return { equipmentId, direction: 'up', kind: parts[3] as UpKind };
    return null;
  }
  return parts.length === 4 && parts[3] === 'command' ? { equipmentId, direction: 'down', kind: 'command' } : null;
}
