import type { Translation } from '../translate.js';
import type { syssettings as zh } from '../zh-CN/syssettings.js';

export const syssettings: Translation<Record<keyof typeof zh, string>> = {
  range: 'Range {min} - {max}',
  defaultValue: 'Default {value}',
  reset: 'Revert',
  unchanged: 'Nothing changed',
  unsavedTab: 'Unsaved changes in this tab',
  savedCount: '{count} settings saved',
  savedCount_one: '{count} setting saved',
  partlySaved: '{saved} saved, {failed} not saved',
  enabled: 'On',
  disabled: 'Off',
  timezonePlaceholder: 'Select a timezone',
  builtinAdmin: 'Built-in administrator',
  userSearch: 'Search users by name or account',
  userNotFound: 'No matching user',
  userUnknown: 'User {id} (deleted or not visible)',
  userLabel: '{realName} ({account}) · {role}',
};
