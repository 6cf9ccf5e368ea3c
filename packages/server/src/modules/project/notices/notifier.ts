import { type Lang, msg, type NoticeType, translate } from '@sc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isWholeTree } from '../../../platform/scope.js';
import type { MessageContent, ProjectParam, SiteMessagesService } from '../../messages/site-messages.service.js';
import type { SettingsService } from '../../system/settings.service.js';
import { localTime } from './local-time.js';
import type { EffectiveRule, NewDelivery, NoticesRepository } from './notices.repository.js';

/**
 * Something that happened in a project that notice rules may announce: a device alarm, devices gone
 * offline, a work order. `message` words it (the project's name given), the same for every channel.
 */
export interface NoticeOccurrence {
  eventCode: string;
  projectId: number;
  message: (project: ProjectParam) => MessageContent;
}

/**
 * The one way events reach people (site messages, e-mail, SMS): whoever raises events (today
 * iot/device-notices.ts) asks the interval in force, decides whether the event is new, then notifies.
 */
export interface Notifier {
  /** Seconds within which the same event of one device is notified once (the rule's, else the setting). */
  intervalOf(projectId: number, eventCode: string): Promise<number>;
  /** Answers how many site messages were sent; e-mails and SMS are queued for the delivery worker. */
  notify(occurrence: NoticeOccurrence): Promise<number>;
}

/** The rule in force for a project: its own, else its nearest ancestor's. */
export async function ruleInForce(
  repository: NoticesRepository,
  projectId: number,
  eventCode: string,
): Promise<{ rule: EffectiveRule | null; project: { name: string; path: string } } | null> {
  const project = await repository.projectPath(projectId);
  if (!project) return null;
  const [rule] = await repository.rulesAlong(project.path, eventCode);
  return { rule: rule ?? null, project };
}

/** Subject and text of an e-mail or SMS in `lang`. */
export function wordsOf(message: MessageContent, lang: Lang, footer: { project: string; time: string }) {
  const subject =
    'title' in message ? message.title : translate(lang, msg(message.titleKey, message.titleParams)).slice(0, 300);
  const text = [subject, message.content, '', translate(lang, 'notices.mailFooter', footer)]
    .filter((line, i) => i !== 1 || line !== '')
    .join('\n');
  return { subject, text };
}

export function createNotifier(deps: {
  notices: NoticesRepository;
  siteMessages: SiteMessagesService;
  settings: SettingsService;
  /** Told when deliveries were queued: the worker sends them without waiting for its next round. */
  queued: () => void;
  log: FastifyBaseLogger;
  now?: () => number;
}): Notifier {
  const now = deps.now ?? Date.now;

  return {
    async intervalOf(projectId, eventCode) {
      const found = await ruleInForce(deps.notices, projectId, eventCode);
      return found?.rule?.intervalSeconds ?? (await deps.settings.get('sameEventInterval'));
    },

    async notify(occurrence) {
      const found = await ruleInForce(deps.notices, occurrence.projectId, occurrence.eventCode);
      if (!found) return 0;
      const { rule, project } = found;
      // Without a rule, events are site messages only (what the console showed before notice rules).
      const types = (rule?.types ?? ['SITEMESSAGE']) as NoticeType[];
      let sent = 0;
      if (types.includes('SITEMESSAGE'))
        sent = await deps.siteMessages.sendToAudience(occurrence.projectId, occurrence.message);
      if (!rule || !(types.includes('EMAIL') || types.includes('SMS'))) return sent;

      const lang = rule.lang as Lang;
      const param: ProjectParam = isWholeTree(project.path)
        ? { projectKey: 'labels.builtin.rootProject' }
        : { project: project.name };
      const projectName = 'project' in param ? param.project : translate(lang, param.projectKey);
      const at = new Date(now());
      const timezone = await deps.settings.get('timezone');
      const words = wordsOf(occurrence.message(param), lang, {
        project: projectName,
        time: localTime(at, timezone),
      });
      const base = { projectId: occurrence.projectId, eventCode: occurrence.eventCode, subject: words.subject };
      const rows: NewDelivery[] = [];
      if (types.includes('EMAIL'))
        for (const to of rule.emails) rows.push({ ...base, channel: 'EMAIL', recipient: to, body: words.text });
      if (types.includes('SMS')) {
        const numbers = new Set([...rule.mobiles, ...(await deps.notices.phonesOf(rule.sourcePath, rule.userIds))]);
        // An SMS carries the title and the footer's time, not the e-mail's whole text.
        const smsText = `${words.subject} ${localTime(at, timezone)}`;
        for (const to of numbers) rows.push({ ...base, channel: 'SMS', recipient: to, body: smsText });
      }
      await deps.notices.enqueue(rows, at);
      if (rows.length) deps.queued();
      return sent;
    },
  };
}
