import {
  NOTICE_EVENTS,
  type NoticeEventView,
  noticeEventList,
  settingBody,
  settingItemList,
  settingItemView,
  translate,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../platform/lang.js';
import { commonQuery } from '../../platform/schemas.js';
import { actorOf } from '../logs/audit.service.js';
import type { WebParamsService } from './web-params.service.js';

const tags = ['system'];
const params = z.object({ id: z.string().min(1, 'validation.validParam').max(64, 'validation.validParam') });

/** Spec 000 §7 "System": the settings screen and the notice events notice rules subscribe to. */
export function webParamsRoutes(app: FastifyInstance, deps: { webParams: WebParamsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.webParams;

  r.get(
    '/api/webparams.do',
    {
      schema: {
        tags,
        summary: 'Every system setting with its value, default, range and options',
        querystring: commonQuery,
        response: { 200: settingItemList },
      },
    },
    (req) => s.list(requestLang(req)),
  );
  r.put(
    '/api/webparams.do/:id',
    {
      schema: {
        tags,
        summary: 'Change one setting (id: its key); body {value}',
        params,
        body: settingBody,
        querystring: commonQuery,
        response: { 200: settingItemView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body.value, requestLang(req)),
  );
  r.get(
    '/api/noticeevents.do',
    {
      schema: {
        tags,
        summary: 'Events a notice rule can subscribe to, with their notice types',
        querystring: commonQuery,
        response: { 200: noticeEventList },
      },
    },
    (req): NoticeEventView[] => {
      const lang = requestLang(req);
      return NOTICE_EVENTS.map((e) => ({
        id: e.id,
        code: e.code,
        name: translate(lang, e.nameRef),
        noticeTypes: e.noticeTypes,
      }));
    },
  );
}
