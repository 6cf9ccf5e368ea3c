import { DEVICE_TYPES } from '@sc/contract';
import { daysOf, type TimePartitioned } from './tables.js';

/**
 * Days to keep each family's events (spec 000 §9); a type without a setting keeps them a year.
 * TODO(kit-core): read from the family manifests once they declare their event retention.
 */
export const EVENT_RETENTION: Readonly<Record<string, string>> = {
  envmonitor: 'envRetentionDays',
  gateway: 'gatewayRetentionDays',
  lighting: 'lcuRetentionDays',
  smartclassifieddustbin: 'scdRetentionDays',
  wifi: 'wifiRetentionDays',
  emergencycallequipment: 'eceRetentionDays',
  mtc: 'mtcEventRetentionDays',
};

/**
 * device_events: one table per device type (`device_events_gateway`, … and `device_events_other`),
 * each partitioned by week, so that each family's retention drops its own weeks.
 */
export const DEVICE_EVENTS_PARTITIONS: TimePartitioned = {
  name: 'device_events',
  column: 'at',
  unit: 'week',
  retentionDays: () => 365,
  list: {
    column: 'type',
    values: DEVICE_TYPES,
    retentionDays: (type, settings) => daysOf(settings, type ? EVENT_RETENTION[type] : undefined),
  },
};
