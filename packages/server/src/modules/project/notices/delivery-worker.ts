import type { FastifyBaseLogger } from 'fastify';
import type { SettingsService } from '../../system/settings.service.js';
import { DeliveryError, type MailTransport } from './mail-transport.js';
import type { DeliveryRow, NoticesRepository } from './notices.repository.js';
import type { SmsProvider } from './sms-provider.js';

/** Attempts before a delivery is given up (failed, with the last reason). */
export const DELIVERY_ATTEMPTS = 5;
/** Seconds before attempt n+1: 30 s, 2 min, 8 min, 32 min. */
export const backoffSeconds = (attempts: number) => Math.min(30 * 4 ** (attempts - 1), 3600);
/** A channel not configured yet is looked at again after this, without using an attempt. */
const UNCONFIGURED_WAIT_S = 300;
/** How long a delivery being sent is reserved to the instance sending it. */
const LEASE_S = 120;
const BATCH = 20;

/**
 * Sends the queued e-mails and SMS (notice_deliveries) away from the device traffic that raised them:
 * every `pollMs` and at once when told something was queued. A failure is retried with backoff and its
 * reason kept; pending rows live in the database, so a restart or another instance sends them.
 */
export function createDeliveryWorker(deps: {
  notices: NoticesRepository;
  mail: MailTransport;
  sms: SmsProvider;
  settings: SettingsService;
  log: FastifyBaseLogger;
  now?: () => number;
  pollMs?: number;
}) {
  const now = deps.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let lastPurge = 0;

  async function deliver(row: DeliveryRow) {
    const at = () => new Date(now());
    try {
      if (row.channel === 'EMAIL') await deps.mail.send({ to: row.recipient, subject: row.subject, text: row.body });
      else await deps.sms.send(row.recipient, row.body);
      await deps.notices.settle(row.id, { status: 'sent', attempts: row.attempts + 1, sentAt: at(), lastError: null });
    } catch (err) {
      const e =
        err instanceof DeliveryError ? err : new DeliveryError('unreachable', String((err as Error)?.message ?? err));
      if (e.kind === 'notConfigured') {
        await deps.notices.settle(row.id, {
          nextAt: new Date(now() + UNCONFIGURED_WAIT_S * 1000),
          lastError: e.reason,
        });
        return;
      }
      const attempts = row.attempts + 1;
      const reason = `${e.kind === 'refused' ? 'refused' : 'unreachable'}: ${e.reason}`.slice(0, 500);
      deps.log.warn({ deliveryId: row.id, channel: row.channel, attempts, reason }, 'notice delivery failed');
      await deps.notices.settle(
        row.id,
        attempts >= DELIVERY_ATTEMPTS
          ? { status: 'failed', attempts, lastError: reason }
          : { attempts, lastError: reason, nextAt: new Date(now() + backoffSeconds(attempts) * 1000) },
      );
    }
  }

  /** Sends everything due now; answers how many were tried. */
  async function round(): Promise<number> {
    let tried = 0;
    for (;;) {
      const at = now();
      const rows = await deps.notices.claimDue(new Date(at), new Date(at + LEASE_S * 1000), BATCH);
      for (const row of rows) await deliver(row);
      tried += rows.length;
      if (rows.length < BATCH) break;
    }
    if (now() - lastPurge > 3_600_000) {
      lastPurge = now();
      const days = await deps.settings.get('smsHistoryDays');
      await deps.notices.purge(new Date(now() - days * 86_400_000));
    }
    return tried;
  }

  /** One round at a time; a nudge during a round makes another one follow. */
  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((err) => {
        deps.log.error({ err }, 'notice deliveries round failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  }

  return {
    nudge: () => void run(),
    /** Runs rounds until nothing more is due (tests, shutdown). */
    async drain() {
      while (running) await running;
      while ((await run()) > 0) {}
      while (running) await running;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void run(), deps.pollMs ?? 10_000);
      timer.unref();
      void run();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      while (running) await running;
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
