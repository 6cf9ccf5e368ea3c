import { z } from 'zod';

/**
 * "An alarm opens work": the work order whose device line carrying an alarm was completed (handle
 * status ok). An abandoned line leaves the alarm unhandled. With the bill's project, where it opens.
 */
export const handledWork = z.object({
  billId: z.number().int(),
  billNo: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
});
export type HandledWork = z.infer<typeof handledWork>;

/**
 * The device alarm a site message is about: the device, its project, the code and when the device's
 * newest raise of it occurred (null when its events are gone), and the work that handled that raise.
 */
export const messageAlarm = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceType: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  code: z.string(),
  at: z.string().nullable(),
  handled: handledWork.nullable(),
});
export type MessageAlarm = z.infer<typeof messageAlarm>;

/** The fold key of a device alarm's site message (`alarm:<device>:<code>`), read back; null for others. */
export function alarmOfFoldKey(key: string | null | undefined): { deviceId: number; code: string } | null {
  const match = key ? /^alarm:(\d+):(.+)$/.exec(key) : null;
  if (!match) return null;
  const deviceId = Number(match[1]);
  return Number.isSafeInteger(deviceId) && deviceId > 0 ? { deviceId, code: match[2]! } : null;
}
