import {
  deliveryPage,
  deliveryQuery,
  idParam,
  noticeEventParam,
  noticeRuleBody,
  noticeRulesView,
  noticeRuleView,
  noticeTestBody,
  noticeTestResult,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../../platform/lang.js';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { NoticesService } from './notices.service.js';

const project = z.object({ projectId: idParam() });
const tags = ['project notices'];
const base = '/api/pjts/:projectId';

/** Spec 001 §7 "notice rules": GET noticerules.do, POST noticeevents/{eventId}; the test and history. */
export function noticesRoutes(app: FastifyInstance, deps: { notices: NoticesService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.notices;

  r.get(
    `${base}/noticerules.do`,
    {
      schema: {
        tags,
        summary: "Every notice event with the rule in force for the project (its own, an ancestor's or the default)",
        params: project,
        querystring: commonQuery,
        response: { 200: noticeRulesView },
      },
    },
    (req) => s.list(req.session!, req.params.projectId, requestLang(req)),
  );
  r.post(
    `${base}/noticeevents/:eventId`,
    {
      schema: {
        tags,
        summary:
          "Set the project's rule for one event: types, emails, mobiles, userIds (lists: JSON or comma-separated), lang, interval",
        params: noticeEventParam,
        body: noticeRuleBody,
        querystring: commonQuery,
        response: { 200: noticeRuleView },
      },
    },
    (req) => s.save(actorOf(req), req.params.projectId, req.params.eventId, req.body, requestLang(req)),
  );
  r.delete(
    `${base}/noticeevents/:eventId`,
    {
      schema: {
        tags,
        summary: "Delete the project's own rule for one event: the parent's or the default applies again",
        params: noticeEventParam,
        querystring: commonQuery,
        response: { 200: noticeRuleView },
      },
    },
    (req) => s.remove(actorOf(req), req.params.projectId, req.params.eventId, requestLang(req)),
  );
  r.post(
    `${base}/noticerules.do/test`,
    {
      schema: {
        tags,
        summary: "Send a test e-mail or SMS now: {sent, message} with the server's refusal in the caller's language",
        params: project,
        body: noticeTestBody,
        querystring: commonQuery,
        response: { 200: noticeTestResult },
      },
    },
    (req) => s.test(actorOf(req), req.params.projectId, req.body, requestLang(req)),
  );
  r.get(
    `${base}/noticerules.do/deliveries`,
    {
      schema: {
        tags,
        summary: 'E-mails and SMS of the project and its sub-projects, newest first (kept for the SMS history setting)',
        params: project,
        querystring: commonQuery.extend(deliveryQuery.shape),
        response: { 200: deliveryPage },
      },
    },
    (req) => s.deliveries(req.session!, req.params.projectId, req.query, requestLang(req)),
  );
}
