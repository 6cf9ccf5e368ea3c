import { familyOf, I18N_RESOURCES, lookupText } from '@sc/contract';
import type { MessageContent } from '../modules/messages/site-messages.service.js';

/**
 * The site message a device alarm sends: titled with the device and the alarm in words, each reader's
 * own language (the family's label of the code, else the platform's); only a code no catalogue knows
 * stays as the device sent it. The detail stays on the device's event list, where it reads in words.
 */
export function alarmMessage(device: { name: string; type: string }, code: string): MessageContent {
  const slug = familyOf(device.type)?.slug;
  const labelKey = [slug && `${slug}.eventCodes.${code}`, `labels.eventCodes.${code}`].find(
    (key): key is string => Boolean(key) && lookupText(I18N_RESOURCES.zh_CN, key as string) !== undefined,
  );
  return labelKey
    ? {
        titleKey: 'messages.system.deviceAlarmEvent',
        titleParams: { name: device.name, eventKey: labelKey },
        content: '',
      }
    : { titleKey: 'messages.system.deviceAlarm', titleParams: { name: device.name, code }, content: '' };
}
