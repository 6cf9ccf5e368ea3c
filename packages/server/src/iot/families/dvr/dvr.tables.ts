import { index, pgTable, primaryKey, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices } from '../../../db/schema/devices.js';
import { goneWith } from '../kit/family-tables.js';

/**
 * A recorder's channels bound to cameras (spec 001 §7 "dvr: channels, bind/unbind"): one camera per
 * channel, a camera on one channel of a recorder at most. The platform's record of what each channel
 * records; it goes with the recorder or the camera when either is deleted.
 */
export const dvrChannels = pgTable(
  'dvr_channels',
  {
    dvrId: goneWith('dvr_id', devices),
    channel: smallint('channel').notNull(),
    cameraId: goneWith('camera_id', devices),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.dvrId, t.channel] }),
    // One channel per camera on a recorder; the camera's own index lets a camera's delete find its rows.
    uniqueIndex('dvr_channels_dvr_camera_idx').on(t.dvrId, t.cameraId),
    index('dvr_channels_camera_idx').on(t.cameraId),
  ],
);
