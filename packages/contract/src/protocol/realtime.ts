/** Messages of the console's realtime channel (WebSocket /api/ws). */

/** Console → server. */
export type RealtimeRequest =
  | { op: 'subscribe'; devices?: number[]; projects?: number[] }
  | { op: 'unsubscribe'; devices?: number[]; projects?: number[] }
  | { op: 'ping' };

/** Server → console. */
export type RealtimePush =
  | { kind: 'state'; deviceId: number; projectId: number; activeState: number; at: string }
  | {
      kind: 'telemetry';
      deviceId: number;
      projectId: number;
      type: string;
      values: Record<string, unknown>;
      at: string;
    }
  | {
      kind: 'event';
      deviceId: number;
      projectId: number;
      type: string;
      code: string;
      eventType: string;
      level: string;
      at: string;
    }
  | {
      kind: 'command';
      deviceId: number;
      projectId: number;
      requestId: string;
      command: string;
      ok: boolean;
      result?: unknown;
      error?: string;
      at: string;
    }
  | {
      /** Progress of a batch or group command of a family: pushed to the project while it runs. */
      kind: 'batch';
      batchId: string;
      projectId: number;
      /** Device type of the family running it: the batch goes to those who may read that family. */
      type: string;
      command: string;
      total: number;
      acknowledged: number;
      failed: number;
      pending: number;
      done: boolean;
      /** `interrupted`: its instance stopped before every device answered; the pending ones were not sent. */
      state?: 'running' | 'done' | 'interrupted';
      at: string;
    }
  | {
      /** Progress and result of a cabinet's firmware upgrade (MTC): pushed to the device's and the project's watchers. */
      kind: 'firmware';
      deviceId: number;
      projectId: number;
      upgradeId: string;
      version: string;
      sent: number;
      total: number;
      percent: number;
      state: 'running' | 'done' | 'failed';
      error: string | null;
      at: string;
    }
  | { kind: 'messages'; userIds: number[] }
  | { kind: 'pong' }
  | { kind: 'subscribed'; devices: number[]; projects: number[] };
