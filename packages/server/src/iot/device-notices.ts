import type { EventMessage } from '@sc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteMessagesService } from '../modules/messages/site-messages.service.js';
import type { SettingsService } from '../modules/system/settings.service.js';
import type { StateChange } from './activity.js';
import { alarmMessage, offlineMessage } from './alarm-message.js';
import type { AlarmNoticesRepository } from './alarm-notices.repository.js';

/**
 * Device alarms and offline events as site messages, by default until notice rules exist (issue 13):
 * every family's, to the project's users and the administrators who see the project
 * (`SiteMessagesService.sendToAudience`).
 *
 * Storms do not flood: an alarm is sent once per device and code until the device restores it (a
 * repeated "occur" while it is open sends nothing), and not again within the same-event minimum
 * interval after the last one (a flapping contact); a device goes offline once until it is heard from
 * again (the silence job changes only active devices), and the devices of one project that go silent
 * together make one message. What is open is kept in the database (`device_alarm_notices`): a restart
 * or another instance does not announce an open alarm again.
 */
export function createDeviceNotices(deps: {
  siteMessages: SiteMessagesService;
  settings: SettingsService;
  alarms: AlarmNoticesRepository;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  return {
    /** An alarm-level event of `device`: "occur" may send a message, "restore" closes it. */
    async alarm(device: { id: number; projectId: number; name: string; type: string }, event: EventMessage) {
      const code = String(event.code);
      if (event.type === 'restore') {
        await deps.alarms.restored(device.id, code);
        return 0;
      }
      if (event.type !== 'occur') return 0;
      const interval = await deps.settings.get('sameEventInterval');
      if (!(await deps.alarms.raised(device.id, code, new Date(now()), interval))) return 0;
      return deps.siteMessages.sendToAudience(device.projectId, (project) =>
        alarmMessage(device, code, project, event.level),
      );
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
  };
}

export type DeviceNotices = ReturnType<typeof createDeviceNotices>;
