import nodemailer from 'nodemailer';
import type { SettingsService } from '../../system/settings.service.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Why a delivery failed: `refused` when the server answered with an error, else it was not reached. */
export class DeliveryError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable' | 'notConfigured',
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * E-mail through SMTP (nodemailer) with the system settings: mail server, SMTP port (or the SSL port
 * when the encryption is SSL), STARTTLS when asked, the sender's account and password. A transport is
 * made per message, so a settings change counts at the next one.
 */
export function createMailTransport(settings: SettingsService) {
  return {
    async configured() {
      const s = await settings.all();
      return s.mailServer !== '' && s.mailAccount !== '';
    },

    async send(mail: OutgoingMail): Promise<void> {
      const s = await settings.all();
      if (!s.mailServer || !s.mailAccount) throw new DeliveryError('notConfigured', 'mail server not configured');
      const ssl = s.mailSecurity === 'ssl';
      const timeout = s.socketTimeout * 1000;
      const transport = nodemailer.createTransport({
        host: s.mailServer,
        port: ssl ? s.sslPort : s.smtpPort,
        secure: ssl,
        requireTLS: s.mailSecurity === 'starttls',
        ignoreTLS: s.mailSecurity === 'none',
        auth: s.mailPassword ? { user: s.mailAccount, pass: s.mailPassword } : undefined,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      });
      try {
        await transport.sendMail({ from: s.mailAccount, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (err) {
        throw mailError(err);
      } finally {
        transport.close();
      }
    },
  };
}

export type MailTransport = ReturnType<typeof createMailTransport>;

/** The server's own answer when it gave one ("550 5.1.1 <x@y>: mailbox unavailable"), else the cause. */
function mailError(err: unknown): DeliveryError {
  const e = err as { response?: string; responseCode?: number; code?: string; message?: string };
  if (e.responseCode && e.response) return new DeliveryError('refused', e.response.slice(0, 400));
  return new DeliveryError('unreachable', [e.code, e.message].filter(Boolean).join(' ').slice(0, 400));
}
