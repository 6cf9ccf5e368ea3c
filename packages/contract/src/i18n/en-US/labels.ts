import type { Translation } from '../translate.js';
import type { labels as zh } from '../zh-CN/labels.js';

export const labels: Translation<typeof zh> = {
  eventCodes: {
    OFFLINE: 'Device offline',
    ONLINE: 'Device online',
    '19': 'Lamp fault',
    FULL: 'Bin full',
    PM25_HIGH: 'PM2.5 too high',
  },
  /** Commands the platform sends by itself (a gateway's registration, a controller's policies). */
  commands: {
    addchildren: 'Send child devices',
    config: 'Send configuration',
    policy: 'Send policies',
  },
  keys: {
    devices: 'Devices',
    added: 'Added',
    policies: 'Policies',
    values: 'Runtime data',
    timezone: 'Timezone',
    lng: 'Longitude',
    lat: 'Latitude',
    drift: 'Clock drift',
    deviceTime: 'Device time',
    level: 'Level',
    label: 'Description',
    channel: 'Channel',
    fill: 'Fill level',
    time: 'Time sent',
    epochMs: 'Time sent',
    before: 'Device time before',
    after: 'Device time after',
    previousOffsetMs: 'Offset before',
    rebootingInMs: 'Reboot delay',
    downMs: 'Offline for',
    cleared: 'Cleared',
    ok: 'Result',
    message: 'Message',
    reason: 'Reason',
    value: 'Value',
    state: 'State',
    brightness: 'Brightness',
    on: 'Switch',
    illuminance: 'Illuminance',
    threshold: 'Threshold',
  },
  ms: '{ms} ms',
  /** A duration in words (formatDuration in the console): 3 天 4 小时 / 3 d 4 h. */
  duration: { days: '{n} d', hours: '{n} h', minutes: '{n} min', seconds: '{n} s' },
  builtin: {
    rootProject: 'Smart city platform',
    adminRole: 'System administrator',
    genericFactory: 'Generic manufacturer',
  },
};
