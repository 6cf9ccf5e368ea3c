import type { EventMessage } from '@sc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteMessagesService } from '../modules/messages/site-messages.service.js';
import type { SettingsService } from '../modules/system/settings.service.js';
import type { StateChange } from './activity.js';
import { alarmMessage, offlineMessage } from './alarm-message.js';

/** Past this many open alarms the memory is reset (a runaway fleet must not grow it without end). */
const MAX_OPEN = 100_000;

/**
 * Device alarms and offline events as site messages, by default until notice rules exist (issue 13):
 * every family's, to the project's users and the administrators who see the project
 * (`SiteMessagesService.sendToAudience`).
 *
 * Storms do not flood: an alarm is sent once per device and code until the device restores it (a
 * repeated "occur" while it is open sends nothing), and not again within the same-event minimum
 * interval after the last one (a flapping contact); a device goes offline once until it is heard from
 * again (the silence job changes only active devices), and the devices of one project that go silent
 * together make one message. What is open lives in this process: after a restart an alarm still open
 * is sent once more.
 */
export function createDeviceNotices(deps: {
  siteMessages: SiteMessagesService;
  settings: SettingsService;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const open = new Set<string>();
  const lastSent = new Map<string, number>();

  return {
    /** An alarm-level event of `device`: "occur" may send a message, "restore" closes it. */
    async alarm(device: { id: number; projectId: number; name: string; type: string }, event: EventMessage) {
      const code = String(event.code);
      const key = `${device.id}:${code}`;
      if (event.type === 'restore') {
        open.delete(key);
        return 0;
      }
      if (event.type !== 'occur' || open.has(key)) return 0;
      if (open.size >= MAX_OPEN) open.clear();
      open.add(key);
      const interval = await deps.settings.get('sameEventInterval');
      const at = now();
      if (at - (lastSent.get(key) ?? Number.NEGATIVE_INFINITY) < interval * 1000) return 0;
      if (lastSent.size >= MAX_OPEN) lastSent.clear();
      lastSent.set(key, at);
      return deps.siteMessages.sendToAudience(device.projectId, (project) => alarmMessage(device, code, project));
    },

    /** Devices the silence job found offline: one message per project. */
    async offline(changes: StateChange[]) {
      const byProject = new Map<number, string[]>();
      for (const c of changes) byProject.set(c.projectId, [...(byProject.get(c.projectId) ?? []), c.name]);
      let sent = 0;
      for (const [projectId, names] of byProject) {
        try {
          sent += await deps.siteMessages.sendToAudience(projectId, (project) => offlineMessage(names, project));
        } catch (err) {
          deps.log.error({ err, projectId }, 'offline message not sent');
        }
      }
      return sent;
    },

    /** Forgets what is open (tests). */
    reset() {
      open.clear();
      lastSent.clear();
    },
  };
}

export type DeviceNotices = ReturnType<typeof createDeviceNotices>;
