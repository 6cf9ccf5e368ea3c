import { AUTH_LEVEL, isStrongPassword } from '@sc/contract';
import { fieldError } from '../../../platform/errors.js';
import type { AccessService, RoleRow } from '../../access/access.service.js';
import type { SettingsService } from '../../system/settings.service.js';

/**
 * Which password a user may be given: a role with the check level on any function needs at least
 * `checkPasswordLength` characters (setting, 8-16) of two kinds; other roles keep the spec's 3-16,
 * which the contract's `passwordRule` already checked.
 */
export function createPasswordPolicy(deps: { access: AccessService; settings: SettingsService }) {
  return {
    async check(role: RoleRow, password: string) {
      const levels = await deps.access.levelsOfRow(role);
      if (![...levels.values()].some((level) => level >= AUTH_LEVEL.check)) return;
      const min = await deps.settings.get('checkPasswordLength');
      if (!isStrongPassword(password, min))
        throw fieldError('password', 'security.passwordWeak', 'VALIDATION', { count: min });
    },
  };
}

export type PasswordPolicy = ReturnType<typeof createPasswordPolicy>;
