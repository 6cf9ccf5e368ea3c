import {
  deletedAnswer,
  idParam,
  idsBody,
  pageQuery,
  siteMessageFilter,
  siteMessageList,
  siteMessagePage,
  siteMessageView,
  unreadCountAnswer,
  updatedAnswer,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../platform/lang.js';
import { commonQuery } from '../../platform/schemas.js';
import type { SiteMessagesService } from './site-messages.service.js';

const tags = ['messages'];
const params = z.object({ id: idParam() });
const pageParams = z.object({ n: pageQuery.shape.page });
const listQuery = commonQuery.extend(siteMessageFilter.shape);
const pagesQuery = listQuery.extend({ pageSize: pageQuery.shape.pageSize, keyword: pageQuery.shape.keyword });

/** Spec 000 §7 "Site messages": always the caller's own messages. */
export function siteMessagesRoutes(app: FastifyInstance, deps: { messages: SiteMessagesService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.messages;
  const me = (req: { session: { user: { id: number } } | null }) => req.session!.user.id;
  // A device alarm's message names its alarm only while the device is in the caller's projects.
  const scope = (req: { session: { project: { path: string } } | null }) => req.session!.project.path;

  r.get(
    '/api/sitemessages.do/count/unread',
    {
      schema: {
        tags,
        summary: "The caller's unread site messages: {count, alarms: {alarm, warning}} (unread device alarms by level)",
        querystring: commonQuery,
        response: { 200: unreadCountAnswer },
      },
    },
    async (req) => ({
      count: await s.countUnread(me(req)),
      alarms: await s.unreadAlarms(me(req)),
    }),
  );
  r.get(
    '/api/sitemessages.do',
    {
      schema: {
        tags,
        summary: "The caller's messages, newest first (up to 1000); status unread|read|recycle|all",
        querystring: listQuery,
        response: { 200: siteMessageList },
      },
    },
    (req) => s.list(me(req), req.query.status, requestLang(req), scope(req)),
  );
  r.get(
    '/api/sitemessages.do/pages/:n',
    {
      schema: {
        tags,
        summary: 'Page n of the caller’s messages, searchable',
        params: pageParams,
        querystring: pagesQuery,
        response: { 200: siteMessagePage },
      },
    },
    (req) => s.page(me(req), { ...req.query, page: req.params.n }, requestLang(req), scope(req)),
  );
  r.patch(
    '/api/sitemessages.do/isread/:id',
    {
      schema: {
        tags,
        summary: 'Mark one message read',
        params,
        querystring: commonQuery,
        response: { 200: siteMessageView },
      },
    },
    (req) => s.markRead(me(req), req.params.id, requestLang(req), scope(req)),
  );
  r.patch(
    '/api/sitemessages.do/isread',
    {
      schema: {
        tags,
        summary: 'Mark messages read: {updated}',
        body: idsBody,
        querystring: commonQuery,
        response: { 200: updatedAnswer },
      },
    },
    (req) => s.markReadMany(me(req), req.body.ids),
  );
  r.patch(
    '/api/sitemessages.do/isdeleted/:id',
    {
      schema: {
        tags,
        summary: 'Move one message to the recycle bin',
        params,
        querystring: commonQuery,
        response: { 200: siteMessageView },
      },
    },
    (req) => s.recycle(me(req), req.params.id, requestLang(req), scope(req)),
  );
  r.patch(
    '/api/sitemessages.do/isdeleted',
    {
      schema: {
        tags,
        summary: 'Move messages to the recycle bin: {updated}',
        body: idsBody,
        querystring: commonQuery,
        response: { 200: updatedAnswer },
      },
    },
    (req) => s.recycleMany(me(req), req.body.ids),
  );
  r.patch(
    '/api/sitemessages.do/restoreisdeleted/:id',
    {
      schema: {
        tags,
        summary: 'Restore one message from the recycle bin',
        params,
        querystring: commonQuery,
        response: { 200: siteMessageView },
      },
    },
    (req) => s.restore(me(req), req.params.id, requestLang(req), scope(req)),
  );
  r.delete(
    '/api/sitemessages.do',
    {
      schema: {
        tags,
        summary: 'Empty the caller’s recycle bin: {deleted}',
        querystring: commonQuery,
        response: { 200: deletedAnswer },
      },
    },
    (req) => s.purge(me(req)),
  );
}
