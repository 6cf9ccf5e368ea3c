import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serverInstances } from '../db/schema/index.js';

/** The instances that are up: each one's row, renewed while it runs, deleted when it stops. */
export function createInstancesRepository(db: Db) {
  return {
    async renew(id: string, url: string) {
      await db
        .insert(serverInstances)
        .values({ id, url })
        .onConflictDoUpdate({ target: serverInstances.id, set: { url, seenAt: sql`now()` } });
    },
    /** An instance's address, if it was seen within `withinMs`. */
    async urlOf(id: string, withinMs: number): Promise<string | null> {
      const [row] = await db
        .select({ url: serverInstances.url })
        .from(serverInstances)
        .where(
          and(
            eq(serverInstances.id, id),
            gt(serverInstances.seenAt, sql`now() - ${sql.raw(`interval '${Math.ceil(withinMs / 1000)} seconds'`)}`),
          ),
        );
      return row?.url ?? null;
    },
    async remove(id: string) {
      await db.delete(serverInstances).where(eq(serverInstances.id, id));
    },
    /** Rows of instances not seen for a long while (they died without saying). */
    async forget(olderThanMs: number) {
      await db
        .delete(serverInstances)
        .where(
          sql`${serverInstances.seenAt} < now() - ${sql.raw(`interval '${Math.ceil(olderThanMs / 1000)} seconds'`)}`,
        );
    },
  };
}
export type InstancesRepository = ReturnType<typeof createInstancesRepository>;
