import { ITEM_STATUS, LOGIN_LOCK, type LoginBody, type SessionUser } from '@sc/contract';
import { AppError, sessionExpired, unauthorized } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { newToken, sha256 } from '../../platform/tokens.js';
import type { SettingsService } from '../system/settings.service.js';
import type { SessionRepository, UserWithScope } from './session.repository.js';
import type { SessionContext } from './session-context.js';
import { presentSessionUser } from './session-user.presenter.js';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Touch last_seen at most this often: a write per request would cost more than it tells. */
const TOUCH_EVERY_MS = 60_000;

const usable = (row: NonNullable<UserWithScope>) =>
  row.user.status === ITEM_STATUS.normal &&
  row.role.status === ITEM_STATUS.normal &&
  row.project.status === ITEM_STATUS.normal;

function toContext(row: NonNullable<UserWithScope>, sessionId: number, tokenHash: string): SessionContext {
  const { passwordHash: _omit, ...user } = row.user;
  return { sessionId, tokenHash, user, role: row.role, project: row.project };
}

export function createSessionService(deps: {
  sessions: SessionRepository;
  settings: SettingsService;
  now?: () => Date;
}) {
  const { sessions, settings } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Minutes an account stays locked for one address. Per account and address: five wrong passwords
   * from one place do not lock the owner out of everywhere (anyone could otherwise lock `admin` out).
   */
  async function lockState(account: string, ip: string) {
    const since = new Date(now().getTime() - LOGIN_LOCK.windowMinutes * 60_000);
    const { count, last } = await sessions.countRecentFailures(account, ip, since);
    if (count < LOGIN_LOCK.maxFailures || !last) return null;
    const until = last.getTime() + LOGIN_LOCK.lockMinutes * 60_000;
    return Math.max(1, Math.ceil((until - now().getTime()) / 60_000));
  }

  return {
    /** The session behind a token: null when unknown; throws 403 when expired or revoked. */
    async resolve(token: string): Promise<SessionContext | null> {
      const tokenHash = sha256(token);
      const row = await sessions.findSession(tokenHash);
      if (!row) return null;
      if (row.session.revokedAt || !usable(row)) throw sessionExpired();
      const idleMs = (await settings.get('sessionIdleMinutes')) * 60_000;
      const seen = row.session.lastSeenAt.getTime();
      if (now().getTime() - seen > idleMs) {
        await sessions.revokeSession(row.session.id);
        throw sessionExpired();
      }
      if (now().getTime() - seen > TOUCH_EVERY_MS) {
        await sessions.touchSession(row.session.id);
        row.session.lastSeenAt = now(); // the row may be cached: the next calls need not touch again
      }
      return toContext(row, row.session.id, tokenHash);
    },

    /**
     * Checks the password (the identity code is checked before) with a lockout by account name and
     * client address: the same answers whether the account exists or not.
     */
    async login(body: LoginBody, client: ClientInfo): Promise<{ user: SessionUser; context: SessionContext }> {
      const account = body.account;
      const lockedMinutes = await lockState(account, client.ip);
      if (lockedMinutes) throw new AppError(423, 'ACCOUNT_LOCKED', 'errors.accountLocked', { minutes: lockedMinutes });
      const row = await sessions.findUserByName(account);
      const ok = await verifyPassword(row?.user.passwordHash ?? null, body.password);
      if (!row || !ok || !usable(row)) {
        await sessions.addFailure(account, client.ip);
        throw unauthorized('WRONG_CREDENTIALS', 'errors.wrongCredentials');
      }
      await sessions.clearFailures(account);
      const token = newToken();
      const tokenHash = sha256(token);
      const sessionId = await sessions.createSession({
        tokenHash,
        userId: row.user.id,
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 256),
      });
      const previousLogin = await sessions.recordLogin(row.user.id);
      const context = toContext(row, sessionId, tokenHash);
      return { user: presentSessionUser(context, token, previousLogin), context };
    },

    /** GET /api/login.do?token=…: the same body as a sign-in, for the stored token. */
    async autoLogin(token: string): Promise<{ user: SessionUser; context: SessionContext }> {
      const context = await this.resolve(token);
      if (!context) throw unauthorized();
      return { user: presentSessionUser(context, token, context.user.lastLoginAt), context };
    },

    logout: (context: SessionContext) => sessions.revokeSession(context.sessionId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
