import { eventCodeKey } from '@sc/contract';
import type { MessageContent, ProjectParam } from '../modules/messages/site-messages.service.js';

/**
 * The site message a device alarm sends: titled with the device, its project and the alarm in words,
 * each reader's own language (the family's label of the code, else the platform's); only a code no
 * catalogue knows stays as the device sent it. The detail stays on the device's event list, where it
 * reads in words.
 */
export function alarmMessage(
  device: { id?: number; name: string; type: string },
  code: string,
  project: ProjectParam,
  level: 'info' | 'warning' | 'alarm' = 'alarm',
): MessageContent {
  // Raised again before the message is read: the same message, counted (device-notices.ts decides when).
  const fold =
    device.id === undefined
      ? {}
      : {
          fold: {
            key: `alarm:${device.id}:${code}`.slice(0, 80),
            severity: level === 'warning' ? 'warning' : 'alarm',
          } as const,
        };
  const labelKey = eventCodeKey(device.type, code);
  return labelKey
    ? {
        titleKey: 'messages.system.alarmIn',
        titleParams: { name: device.name, ...project, eventKey: labelKey },
        content: '',
        ...fold,
      }
    : {
        titleKey: 'messages.system.alarmCodeIn',
        titleParams: { name: device.name, ...project, code },
        content: '',
        ...fold,
      };
}

/**
 * One "devices offline" message for the devices of one project that went silent together: titled by the
 * first and how many went with it, the content naming them all.
 */
export function offlineMessage(names: string[], project: ProjectParam): MessageContent {
  return {
    titleKey: names.length === 1 ? 'messages.system.offlineIn' : 'messages.system.offlineManyIn',
    titleParams: { name: names[0] ?? '', count: names.length, others: names.length - 1, ...project },
    content: names.join('、').slice(0, 4000),
  };
}
