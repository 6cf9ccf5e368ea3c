import { alarmEventOf, type EventMessage, familyOf } from '@sc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Notifier } from '../modules/project/notices/notifier.js';
import type { StateChange } from './activity.js';
import { alarmMessage, offlineMessage } from './alarm-message.js';
import type { AlarmNoticesRepository } from './alarm-notices.repository.js';

/**
 * Device alarms and offline events raised as notice events (the notifier: site messages to the
 * project's users and the administrators who see it, and e-mail and SMS as the project's notice rules
 * say). An alarm raises its family's alarm event (cable theft its own), a device gone silent "device
 * offline" ("gateway offline" for a device that relays others).
 *
 * Storms do not flood: an alarm is sent once per device and code until the device restores it (a
 * repeated "occur" while it is open sends nothing), and not again within the same-event minimum
 * interval (the rule's, else the setting) after the last one (a flapping contact), whatever the channel; a device goes offline once until it is heard from
 * again (the silence job changes only active devices), and the devices of one project that go silent
 * together make one message. What is open is kept in the database (`device_alarm_notices`): a restart
 * or another instance does not announce an open alarm again.
 */
export function createDeviceNotices(deps: {
  notifier: Notifier;
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
      const eventCode = alarmEventOf(device.type, code).code;
      const interval = await deps.notifier.intervalOf(device.projectId, eventCode);
      if (!(await deps.alarms.raised(device.id, code, new Date(now()), interval))) return 0;
      return deps.notifier.notify({
        eventCode,
        projectId: device.projectId,
        message: (project) => alarmMessage(device, code, project, event.level),
      });
    },

    /** Devices the silence job found offline: one message per project (and per event). */
    async offline(changes: StateChange[]) {
      const groups = new Map<string, { projectId: number; eventCode: string; names: string[] }>();
      for (const c of changes) {
        const eventCode = familyOf(c.type)?.relaysChildren ? 'GATEWAY_OFFLINE' : 'DEVICE_OFFLINE';
        const key = `${c.projectId}:${eventCode}`;
        const group = groups.get(key) ?? { projectId: c.projectId, eventCode, names: [] };
        group.names.push(c.name);
        groups.set(key, group);
      }
      let sent = 0;
      for (const { projectId, eventCode, names } of groups.values()) {
        try {
          sent += await deps.notifier.notify({
            eventCode,
            projectId,
            message: (project) => offlineMessage(names, project),
          });
        } catch (err) {
          deps.log.error({ err, projectId }, 'offline message not sent');
        }
      }
      return sent;
    },
  };
}

export type DeviceNotices = ReturnType<typeof createDeviceNotices>;
