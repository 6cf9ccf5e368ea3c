/**
 * Spec 001 §3 "record types normal, event, warning, manual": the kinds of video record a recorder keeps
 * and a camera keeps on its own card alike.
 */
export const VIDEO_RECORD_TYPES = ['normal', 'event', 'warning', 'manual'] as const;
export type VideoRecordType = (typeof VIDEO_RECORD_TYPES)[number];
