import { z } from 'zod';

/**
 * Payloads of the device protocol. Times are UNIX milliseconds. A gateway speaking for a child
 * device names it in `device` (the child's equipment id); otherwise the message is the sender's own.
 */
const ts = z.number().int().nonnegative().optional();
const child = z.string().min(1).max(64).optional();

export const telemetryMessage = z.object({
  ts,
  device: child,
  /** Readings by name; each family says which names it sends (families/*). */
  values: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
  /**
   * A power-line gateway's carrier table (families/pgw): each lamp controller it holds, its signal
   * quality (0-100 %, 0: not heard) and when it last heard it (UNIX seconds at UTC+8, the device's clock).
   */
  links: z
    .array(
      z.object({
        device: z.string().min(1).max(64),
        signal: z.number().min(0).max(100),
        seen: z.number().int().nonnegative().optional(),
      }),
    )
    .max(4096)
    .optional(),
});
export type TelemetryMessage = z.infer<typeof telemetryMessage>;

export const eventMessage = z.object({
  ts,
  device: child,
  code: z.union([z.number().int(), z.string().min(1).max(64)]),
  /** An alarm occurs or is restored; plain notices are 'info'. */
  type: z.enum(['occur', 'restore', 'info']).default('info'),
  level: z.enum(['info', 'warning', 'alarm']).default('info'),
  detail: z.record(z.string(), z.unknown()).optional(),
});
export type EventMessage = z.infer<typeof eventMessage>;

export const heartbeatMessage = z.object({
  ts,
  /** A gateway lists the equipment ids of the children it can reach. */
  children: z.array(z.string().min(1).max(64)).max(4096).optional(),
  uptime: z.number().nonnegative().optional(),
  firmware: z.string().max(64).optional(),
});
export type HeartbeatMessage = z.infer<typeof heartbeatMessage>;

export const replyMessage = z.object({
  id: z.string().min(1).max(64),
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.string().max(500).optional(),
});
export type ReplyMessage = z.infer<typeof replyMessage>;

/** Server → device. A device that sees an `id` twice answers the first reply again without re-running. */
export interface CommandRequest {
  id: string;
  command: string;
  args: Record<string, unknown>;
  ts: number;
  /** For a gateway: the child the command is for. */
  device?: string;
}

/**
 * A fan-out (`command: "fanout"`, to a gateway): the same command to many of its children in one
 * request, each child's item with its own id, answered by one reply per item as the child executes it
 * (a repeated item id answered once, as any id). A gateway that does not know `fanout` answers the
 * request's own id with `ok: false`; the server then sends the items one by one.
 */
export const FANOUT_COMMAND = 'fanout';

export interface FanoutArgs {
  command: string;
  items: CommandItem[];
}

/** One child's part of a fan-out: its command id, the child, its arguments. */
export interface CommandItem {
  id: string;
  device: string;
  args: Record<string, unknown>;
}

/** The most children one fan-out request carries (larger sets go as several requests). */
export const FANOUT_MAX_ITEMS = 200;

export const UPLINK_SCHEMAS = {
  telemetry: telemetryMessage,
  event: eventMessage,
  heartbeat: heartbeatMessage,
  reply: replyMessage,
} as const;
