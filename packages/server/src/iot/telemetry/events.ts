import { DEVICE_TYPES, familyOf } from '@sc/contract';
import { daysOf, type TimePartitioned } from './tables.js';

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
    // Each family's event retention setting comes from its manifest (a year without one).
    retentionDays: (type, settings) => daysOf(settings, type ? familyOf(type)?.retention.events : undefined),
  },
};
