import {
  type DeliveryView,
  type Lang,
  NOTICE_EVENTS,
  type NoticeRuleBody,
  type NoticeRulesView,
  type NoticeRuleView,
  type NoticeTestBody,
  type NoticeTestResult,
  type NoticeType,
  noticeEventByCode,
  noticeEventById,
  translate,
} from '@sc/contract';
import { AppError, badRequest, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import { isWholeTree } from '../../../platform/scope.js';
import type { ProjectsRepository } from '../../admin/projects/projects.repository.js';
import { pathProject } from '../../base/path-project.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import { DeliveryError, type MailTransport } from './mail-transport.js';
import type { DeliveryRow, EffectiveRule, NoticesRepository } from './notices.repository.js';
import type { SmsProvider } from './sms-provider.js';

/** Notice rules of a project (spec 001 "Notice rule"), the test message and the deliveries' history. */
export function createNoticesService(deps: {
  notices: NoticesRepository;
  projects: ProjectsRepository;
  mail: MailTransport;
  sms: SmsProvider;
  settings: SettingsService;
  audit: AuditService;
}) {
  const { notices } = deps;

  const eventOf = (eventId: number) => {
    const event = noticeEventById(eventId);
    if (!event) throw new AppError(404, 'NOT_FOUND', 'notices.eventNotFound');
    return event;
  };

  async function defaults(lang: Lang) {
    return { lang, interval: await deps.settings.get('sameEventInterval') };
  }

  function present(
    event: (typeof NOTICE_EVENTS)[number],
    rule: EffectiveRule | undefined,
    projectPath: string,
    lang: Lang,
    fallback: { lang: Lang; interval: number },
  ): NoticeRuleView {
    const source = !rule ? 'default' : rule.sourcePath === projectPath ? 'own' : 'inherited';
    return {
      eventId: event.id,
      code: event.code,
      name: translate(lang, event.nameRef),
      noticeTypes: [...event.noticeTypes],
      source,
      sourceProject:
        rule && source === 'inherited'
          ? isWholeTree(rule.sourcePath)
            ? translate(lang, 'labels.builtin.rootProject')
            : rule.sourceName
          : null,
      types: (rule?.types ?? ['SITEMESSAGE']) as NoticeType[],
      emails: rule?.emails ?? [],
      mobiles: rule?.mobiles ?? [],
      userIds: rule?.userIds ?? [],
      lang: (rule?.lang as Lang | undefined) ?? fallback.lang,
      interval: rule?.intervalSeconds ?? fallback.interval,
      updatedAt: rule?.updatedAt.toISOString() ?? null,
    };
  }

  async function ruleView(projectPath: string, eventCode: string, lang: Lang) {
    const [rule] = await notices.rulesAlong(projectPath, eventCode);
    return present(noticeEventByCode(eventCode)!, rule, projectPath, lang, await defaults(lang));
  }

  const deliveryView = (row: DeliveryRow, lang: Lang): DeliveryView => {
    const event = noticeEventByCode(row.eventCode);
    return {
      id: row.id,
      channel: row.channel as DeliveryView['channel'],
      eventCode: row.eventCode,
      eventName: event ? translate(lang, event.nameRef) : translate(lang, 'notices.test'),
      recipient: row.recipient,
      subject: row.subject,
      status: row.status as DeliveryView['status'],
      attempts: row.attempts,
      reason: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      nextAt: row.status === 'pending' ? row.nextAt.toISOString() : null,
    };
  };

  return {
    async list(session: SessionContext, projectId: number, lang: Lang): Promise<NoticeRulesView> {
      const project = await pathProject(deps.projects, session, projectId);
      const rules = await notices.rulesAlong(project.path);
      const fallback = await defaults(lang);
      const nearest = new Map<string, EffectiveRule>();
      for (const rule of rules) if (!nearest.has(rule.eventCode)) nearest.set(rule.eventCode, rule);
      return {
        rules: NOTICE_EVENTS.map((e) => present(e, nearest.get(e.code), project.path, lang, fallback)),
        users: await notices.usersWithPhone(project.path),
        mailConfigured: await deps.mail.configured(),
        smsConfigured: await deps.sms.configured(),
      };
    },

    async save(actor: Actor, projectId: number, eventId: number, body: NoticeRuleBody, lang: Lang) {
      const project = await pathProject(deps.projects, actor.session, projectId);
      const event = eventOf(eventId);
      const types = [...new Set(body.types)];
      const refused = types.find((t) => !event.noticeTypes.includes(t));
      if (refused)
        throw new AppError(400, 'VALIDATION', 'notices.typeNotAllowed', { typeKey: `notices.type_${refused}` }, [
          { field: 'types', key: 'notices.typeNotAllowed' },
        ]);
      const userIds = [...new Set(body.userIds)];
      const phones = await notices.phonesOf(project.path, userIds);
      if (phones.length !== userIds.length)
        throw badRequest('notices.userNotInProject', [{ field: 'userIds', key: 'notices.userNotInProject' }]);
      const before = await ruleView(project.path, event.code, lang);
      await notices.upsertRule({
        projectId,
        eventCode: event.code,
        types,
        emails: [...new Set(body.emails.map((e) => e.toLowerCase()))],
        mobiles: [...new Set(body.mobiles)],
        userIds,
        lang: body.lang,
        intervalSeconds: body.interval,
      });
      const after = await ruleView(project.path, event.code, lang);
      await deps.audit.manage(actor, {
        action: before.source === 'own' ? 'update' : 'create',
        entity: 'noticeRule',
        entityId: `${projectId}:${event.code}`,
        summary: `${project.name} ${after.name}`,
        changes: changedFields(before.source === 'own' ? { ...before } : null, { ...after }),
      });
      return after;
    },

    async remove(actor: Actor, projectId: number, eventId: number, lang: Lang) {
      const project = await pathProject(deps.projects, actor.session, projectId);
      const event = eventOf(eventId);
      if ((await notices.deleteRule(projectId, event.code)) === 0) throw notFound('notices.resetNothing');
      await deps.audit.manage(actor, {
        action: 'delete',
        entity: 'noticeRule',
        entityId: `${projectId}:${event.code}`,
        summary: `${project.name} ${translate(lang, event.nameRef)}`,
      });
      return ruleView(project.path, event.code, lang);
    },

    /**
     * Sends one test message now (not queued): answers whether the server took it, or its refusal, in
     * the caller's language. The attempt is kept in the history like any delivery.
     */
    async test(actor: Actor, projectId: number, body: NoticeTestBody, lang: Lang): Promise<NoticeTestResult> {
      const project = await pathProject(deps.projects, actor.session, projectId);
      const words = body.lang ?? lang;
      const name = isWholeTree(project.path) ? translate(words, 'labels.builtin.rootProject') : project.name;
      const subject = translate(words, 'notices.testSubject', { project: name });
      const text = translate(words, 'notices.testBody', { channel: translate(words, `notices.type_${body.channel}`) });
      let result: NoticeTestResult;
      let error: string | null = null;
      try {
        if (body.channel === 'EMAIL') await deps.mail.send({ to: body.to, subject, text });
        else await deps.sms.send(body.to, `${subject} ${text}`);
        result = { sent: true, message: translate(lang, 'notices.testSent') };
      } catch (err) {
        const e = err instanceof DeliveryError ? err : new DeliveryError('unreachable', String(err));
        const key =
          e.kind === 'notConfigured'
            ? body.channel === 'EMAIL'
              ? 'notices.mailNotConfigured'
              : 'notices.smsNotConfigured'
            : body.channel === 'SMS'
              ? 'notices.smsRefused'
              : e.kind === 'refused'
                ? 'notices.testRefused'
                : 'notices.testUnreachable';
        error = e.reason;
        result = { sent: false, message: translate(lang, key, { reason: e.reason }) };
      }
      await notices.record(
        { projectId, eventCode: 'TEST', channel: body.channel, recipient: body.to, subject, body: text },
        result.sent
          ? { status: 'sent', attempts: 1, sentAt: new Date(), lastError: null }
          : { status: 'failed', attempts: 1, sentAt: null, lastError: error?.slice(0, 500) ?? null },
      );
      return result;
    },

    async deliveries(
      session: SessionContext,
      projectId: number,
      query: { channel?: 'EMAIL' | 'SMS'; page: number; pageSize?: number },
      lang: Lang,
    ) {
      const project = await pathProject(deps.projects, session, projectId);
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { list, total } = await notices.page(project.path, query.channel, window);
      return {
        ...toPage(
          list.map((row) => deliveryView(row, lang)),
          total,
          window,
        ),
        historyDays: await deps.settings.get('smsHistoryDays'),
      };
    },
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
