import type { SettingsService } from '../../system/settings.service.js';
import { DeliveryError } from './mail-transport.js';

/** Where SMS go: one provider at a time (the HTTP one in production, a recording one in tests). */
export interface SmsProvider {
  configured(): Promise<boolean>;
  /** Sends `content` to one mainland mobile number; throws a DeliveryError when it was not taken. */
  send(to: string, content: string): Promise<void>;
}

/**
 * An SMS gateway reached over HTTP, configured in the system settings by URL, key and template:
 * POST {url} with `Authorization: Bearer {key}` and JSON `{to, text, template, params: {content}}`,
 * where `text` is the template with {content} filled in (docs/operations.md). Any 2xx is taken as
 * accepted; another status is the provider's refusal, recorded with its body.
 */
export function createHttpSmsProvider(settings: SettingsService): SmsProvider {
  return {
    async configured() {
      return (await settings.get('smsProviderUrl')) !== '';
    },
    async send(to, content) {
      const s = await settings.all();
      if (!s.smsProviderUrl) throw new DeliveryError('notConfigured', 'SMS provider not configured');
      let response: Response;
      try {
        response = await fetch(s.smsProviderUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(s.smsProviderKey ? { authorization: `Bearer ${s.smsProviderKey}` } : {}),
          },
          body: JSON.stringify({
            to,
            text: s.smsTemplate.replaceAll('{content}', content),
            template: s.smsTemplate,
            params: { content },
          }),
          signal: AbortSignal.timeout(s.httpTimeout * 1000),
        });
      } catch (err) {
        const e = err as { cause?: { code?: string }; message?: string };
        throw new DeliveryError('unreachable', (e.cause?.code ?? e.message ?? String(err)).slice(0, 400));
      }
      const body = (await response.text().catch(() => '')).slice(0, 300);
      if (!response.ok) throw new DeliveryError('refused', `HTTP ${response.status} ${body}`.trim());
    },
  };
}

/** A provider that keeps what it was given (tests, demos): `sent` in order; `refuse` makes it fail. */
export function createRecordingSmsProvider() {
  const sent: { to: string; content: string; at: Date }[] = [];
  let refusal: string | null = null;
  return {
    sent,
    refuse(reason: string | null) {
      refusal = reason;
    },
    async configured() {
      return true;
    },
    async send(to: string, content: string) {
      if (refusal) throw new DeliveryError('refused', refusal);
      sent.push({ to, content, at: new Date() });
    },
  } satisfies SmsProvider & Record<string, unknown>;
}
