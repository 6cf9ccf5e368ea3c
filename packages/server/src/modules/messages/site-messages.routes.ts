import type { FastifyInstance } from 'fastify';
import type { SiteMessagesRepository } from './site-messages.repository.js';

/** Spec 000 §7 "Site messages". */
export function siteMessagesRoutes(app: FastifyInstance, deps: { messages: SiteMessagesRepository }): void {
  app.get(
    '/api/sitemessages.do/count/unread',
    { schema: { tags: ['messages'], summary: "The caller's unread site messages: {count}" } },
    async (request) => ({
      count: await deps.messages.countUnread(request.session!.user.id),
    }),
  );
}
