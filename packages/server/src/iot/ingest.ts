import {
  type EventMessage,
  type ParsedTopic,
  type TelemetryMessage,
  UPLINK_SCHEMAS,
  type UpKind,
  V1_KINDS,
} from '@sc/contract';
import type { ActivityTracker } from './activity.js';
import type { BatchTable, BatchWriter } from './batch-writer.js';
import type { CommandBus } from './command-bus.js';
import type { DeviceDirectory, DirectoryEntry } from './device-directory.js';
import type { FamilyHandler } from './families/family-handler.js';
import { relaysChildren } from './families/kit/policies.js';
import type { RealtimeHub } from './realtime/hub.js';

export const DEVICE_EVENTS_TABLE: BatchTable = {
  name: 'device_events',
  columns: [
    { name: 'device_id', type: 'int4' },
    { name: 'project_id', type: 'int4' },
    { name: 'type', type: 'text' },
    { name: 'at', type: 'timestamptz' },
    { name: 'code', type: 'text' },
    { name: 'event_type', type: 'text' },
    { name: 'level', type: 'text' },
    { name: 'detail', type: 'jsonb' },
  ],
};

/** What happened to uplink messages since start: the protocol tests and the health figures read it. */
export interface IngestStats {
  received: number;
  handled: number;
  unknownDevice: number;
  malformed: number;
  unregistered: number;
  notYourChild: number;
}

/** Messages older than this or in the future are stamped with the arrival time instead. */
const MAX_CLOCK_SKEW_MS = 24 * 3600_000;

/**
 * Every uplink message goes through here: find the device, parse and validate the payload (dropping
 * and counting what is malformed — never throwing), let a gateway speak for its own children only,
 * mark the device active, then store telemetry and events and settle command replies.
 */
export function createIngest(deps: {
  directory: DeviceDirectory;
  writer: BatchWriter;
  activity: ActivityTracker;
  bus: CommandBus;
  hub: RealtimeHub;
  families: ReadonlyMap<string, FamilyHandler>;
  /** Each alarm-level event, raised ("occur") or restored. */
  onAlarm?: (device: DirectoryEntry, event: EventMessage) => void;
}) {
  const stats: IngestStats = {
    received: 0,
    handled: 0,
    unknownDevice: 0,
    malformed: 0,
    unregistered: 0,
    notYourChild: 0,
  };

  const stamp = (ts: number | undefined) => {
    const now = Date.now();
    return new Date(ts !== undefined && Math.abs(now - ts) < MAX_CLOCK_SKEW_MS ? ts : now);
  };

  async function subject(sender: DirectoryEntry, child: string | undefined): Promise<DirectoryEntry | null> {
    if (!child || child === sender.equipmentId) return sender;
    if (!relaysChildren(sender.type)) return null;
    const entry = await deps.directory.get(child);
    return entry && entry.parentId === sender.id ? entry : null;
  }

  function telemetry(device: DirectoryEntry, message: TelemetryMessage) {
    const at = stamp(message.ts);
    const family = deps.families.get(device.type);
    const values = family?.telemetry ? family.telemetry(device, message, at, deps.writer) : message.values;
    deps.hub.publish({
      kind: 'telemetry',
      deviceId: device.id,
      projectId: device.projectId,
      type: device.type,
      values,
      at: at.toISOString(),
    });
  }

  function event(device: DirectoryEntry, message: EventMessage) {
    const at = stamp(message.ts);
    const code = String(message.code);
    if (deps.families.get(device.type)?.acceptEvent?.(device, code, message.type, at) === false) return;
    deps.writer.push(DEVICE_EVENTS_TABLE, [
      device.id,
      device.projectId,
      device.type,
      at,
      code,
      message.type,
      message.level,
      message.detail ?? null,
    ]);
    deps.hub.publish({
      kind: 'event',
      deviceId: device.id,
      projectId: device.projectId,
      type: device.type,
      code,
      eventType: message.type,
      level: message.level,
      at: at.toISOString(),
    });
    if (message.level === 'alarm' && message.type !== 'info') deps.onAlarm?.(device, message);
  }

  return {
    stats,
    /**
     * Handles one message. Rejects when the device could not be looked up (the database is away): the
     * caller tries again and acknowledges only once stored. How many are handled at once, and what is
     * shed when ingest cannot keep up, is the uplink queue's (uplink-queue.ts).
     */
    async handle(topic: ParsedTopic, payload: Buffer): Promise<void> {
      stats.received++;
      await handleOne(topic, payload);
    },
  };

  async function handleOne(topic: ParsedTopic, payload: Buffer): Promise<void> {
    {
      const sender = await deps.directory.get(topic.equipmentId);
      if (!sender) {
        stats.unknownDevice++;
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(payload.toString('utf8'));
      } catch {
        stats.malformed++;
        return;
      }
      const kind: UpKind | undefined =
        topic.kind === null ? V1_KINDS[(json as { k?: string })?.k ?? ''] : (topic.kind as UpKind);
      if (!kind) {
        stats.malformed++;
        return;
      }
      const parsed = UPLINK_SCHEMAS[kind].safeParse(json);
      if (!parsed.success) {
        stats.malformed++;
        return;
      }
      if (kind === 'reply') {
        deps.bus.settle(parsed.data as never);
        stats.handled++;
        return;
      }
      const message = parsed.data as { device?: string; children?: string[] };
      const device = await subject(sender, message.device);
      if (!device) {
        stats.notYourChild++;
        return;
      }
      deps.activity.mark(device.id);
      if (kind === 'heartbeat' && message.children?.length) {
        // Looked up together: one statement for the children not cached (device-directory.ts).
        const entries = await Promise.all(message.children.map((child) => deps.directory.get(child)));
        for (const entry of entries) if (entry && entry.parentId === device.id) deps.activity.mark(entry.id);
      }
      if (!device.registered) {
        stats.unregistered++;
        return;
      }
      if (kind === 'telemetry') telemetry(device, parsed.data as TelemetryMessage);
      else if (kind === 'event') event(device, parsed.data as EventMessage);
      stats.handled++;
    }
  }
}

export type Ingest = ReturnType<typeof createIngest>;
