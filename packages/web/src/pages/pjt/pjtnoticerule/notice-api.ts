import type {
  DeliveryPage,
  NoticeRuleBody,
  NoticeRulesView,
  NoticeRuleView,
  NoticeTestBody,
  NoticeTestResult,
} from '@sc/contract';
import { api } from '../../../api/client';
import { projectApiBase } from '../../../session/use-current-project';

/** The notice rules' calls (spec 001 §7 noticerules.do, noticeevents/{eventId}), answers typed by the contract. */
export const noticeKeys = {
  rules: (projectId: number) => ['pjt', projectId, 'noticerules'] as const,
  deliveries: (projectId: number) => ['pjt', projectId, 'noticedeliveries'] as const,
};

export function noticeApi(projectId: number) {
  const base = projectApiBase(projectId);
  return {
    rules: () => api.get<NoticeRulesView>(`${base}/noticerules.do`),
    /** Lists go as comma-separated text, as the form-encoded body of spec 000 §7 allows. */
    save: (eventId: number, rule: NoticeRuleBody) =>
      api.post<NoticeRuleView>(
        `${base}/noticeevents/${eventId}`,
        {
          types: rule.types.join(','),
          emails: rule.emails.join(','),
          mobiles: rule.mobiles.join(','),
          userIds: rule.userIds.join(','),
          lang: rule.lang,
          interval: rule.interval,
        },
        { silent: true },
      ),
    inherit: (eventId: number) => api.delete<NoticeRuleView>(`${base}/noticeevents/${eventId}`),
    test: (body: NoticeTestBody) =>
      api.post<NoticeTestResult>(`${base}/noticerules.do/test`, { ...body }, { silent: true }),
    deliveries: (query: { channel?: 'EMAIL' | 'SMS'; page: number; pageSize: number }) =>
      api.get<DeliveryPage>(`${base}/noticerules.do/deliveries`, query),
  };
}
