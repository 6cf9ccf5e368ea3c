import { z } from 'zod';
import { msg } from '../validation/message.js';
import { PATTERNS, text } from '../validation/rules.js';

/** Text rules of spec 000 §5 "System settings"; messages are `settings.rule_*` keys. */

/** '' (not configured) or a value the rule accepts; the rule's own message is kept (a union would lose it). */
export function blankOr(rule: z.ZodType<string>) {
  return z
    .string({ error: 'validation.validParam' })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return;
      const result = rule.safeParse(value);
      if (!result.success)
        for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    });
}

/**
 * Server address settings: http:// or https://, 13-50 characters. The protocol rule is checked before
 * the length, so "ftp://x" is told the http(s) rule (issue 13), not only that it is too short.
 */
export const httpAddressRule = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'settings.rule_httpAddress')
    .min(13, msg('validation.length', { min: 13, count: 50 }))
    .max(50, msg('validation.length', { min: 13, count: 50 }));

/** An http(s) URL of up to 300 characters (an SMS provider's endpoint with its path and query). */
export const httpAddressUrlRule = () => text(10, 300).regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'settings.rule_httpUrl');

/** DH api address: ws:// or wss:// with an endpoint (a path after the host). */
export const wsAddressRule = () => text(8, 100).regex(/^wss?:\/\/[^\s/]+\/\S+$/, 'settings.rule_wsAddress');

/** Mail server: a host name without protocol, 5-50 characters. */
export const mailServerRule = () =>
  text(5, 50)
    .refine((v) => !v.includes('://'), 'settings.rule_mailServer')
    .refine((v) => PATTERNS.domain.test(v) || PATTERNS.ipv4.test(v), 'settings.rule_mailServer');

/** Client server IP: an IPv4 address or a domain. */
export const hostRule = () =>
  text(1, 253).refine((v) => PATTERNS.ipv4.test(v) || PATTERNS.domain.test(v), 'settings.rule_host');

/** ISC context path: blank, or '/' followed by more, 3-16 characters in all. */
export const contextPathRule = () =>
  z
    .string({ error: 'validation.validParam' })
    .trim()
    .refine((v) => v === '' || /^\/[A-Za-z0-9._~\-/]{2,15}$/.test(v), 'settings.rule_contextPath');

export const emailSettingRule = () => text(5, 64).regex(PATTERNS.email, 'validation.email');

/**
 * Rules across settings, checked on the server whenever one of the settings involved changes.
 * Answers the message key of the first broken rule, or null.
 */
export function crossCheckSettings(values: { watermarkEnabled: boolean; watermarkText: string }): string | null {
  const length = values.watermarkText.trim().length;
  if (values.watermarkEnabled && (length < 2 || length > 10)) return 'settings.rule_watermarkText';
  return null;
}
