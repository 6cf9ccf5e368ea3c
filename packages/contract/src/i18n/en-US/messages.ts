import type { Translation } from '../translate.js';
import type { messages as zh } from '../zh-CN/messages.js';

export const messages: Translation<typeof zh> = {
  tabUnread: 'Unread',
  tabRead: 'Read',
  tabRecycle: 'Recycle bin',
  title: 'Title',
  time: 'Time',
  sender: 'Sender',
  content: 'Content',
  markRead: 'Mark read',
  batchMarkRead: 'Mark selected read',
  remove: 'Delete',
  batchRemove: 'Delete selected',
  restore: 'Restore',
  batchRestore: 'Restore selected',
  emptyRecycle: 'Empty recycle bin',
  confirmRemove: 'Move the {count} selected messages to the recycle bin?',
  confirmRemoveOne: 'Move this message to the recycle bin?',
  confirmEmpty: 'Empty the recycle bin? Its messages will be deleted for good.',
  markedRead: 'Marked read',
  removed: 'Moved to the recycle bin',
  restored: 'Restored',
  emptied: 'Recycle bin emptied',
  unreadTag: 'Unread',
  noContent: '(no content)',
  system: {
    deviceAlarmEvent: 'Device alarm: {name}, {event}',
    deviceAlarm: 'Device alarm: {name} ({code})',
    deviceOffline: 'Device offline: {name}',
    devicesOffline: 'Devices offline: {name} and {others} more',
  },
};
