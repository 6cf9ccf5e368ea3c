import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { siteMessages } from '../../db/schema/index.js';

export function createSiteMessagesRepository(db: Db) {
  return {
    async countUnread(recipientId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(siteMessages)
        .where(
          and(
            eq(siteMessages.recipientId, recipientId),
            eq(siteMessages.isRead, false),
            eq(siteMessages.isDeleted, false),
          ),
        );
      return row?.n ?? 0;
    },
  };
}

export type SiteMessagesRepository = ReturnType<typeof createSiteMessagesRepository>;
