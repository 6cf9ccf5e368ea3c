import { redactText, redactValue } from '../../platform/redact.js';
import type { Actor } from './audit.service.js';
import type { LogsRepository } from './logs.repository.js';

export interface OperationEntry {
  /** Who asked; null for the platform itself (policies, schedules). */
  actor: Actor | null;
  deviceId: number | null;
  deviceName: string;
  command: string;
  args?: unknown;
  result: string;
  success: boolean;
  durationMs: number;
}

/**
 * The operation log (spec 000 §7 "Logs"): every device command lands here, written by the command bus.
 * A row belongs to the device's project, so it shows to that project's users even when no one asked.
 */
export function createOperationLogService(logs: LogsRepository) {
  return {
    async record(entry: OperationEntry): Promise<number> {
      const deviceProject = entry.deviceId !== null ? await logs.deviceProject(entry.deviceId) : null;
      const [row] = await logs.addOperate({
        userId: entry.actor?.session.user.id ?? null,
        projectId: deviceProject ?? entry.actor?.session.project.id ?? null,
        account: entry.actor?.session.user.name ?? '',
        ip: entry.actor?.ip ?? '',
        deviceId: entry.deviceId,
        deviceName: entry.deviceName.slice(0, 64),
        command: entry.command.slice(0, 64),
        args: redactValue(entry.args ?? null),
        result: redactText(entry.result).slice(0, 4000),
        success: entry.success,
        durationMs: Math.max(0, Math.round(entry.durationMs)),
      });
      return row!.id;
    },
  };
}

export type OperationLogService = ReturnType<typeof createOperationLogService>;
