import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { identifyCodes } from '../../db/schema/index.js';

export function createIdentifyCodeRepository(db: Db) {
  return {
    async save(id: string, codeHash: string, expiresAt: Date) {
      await db.delete(identifyCodes).where(lt(identifyCodes.expiresAt, new Date()));
      await db
        .insert(identifyCodes)
        .values({ id, codeHash, expiresAt })
        .onConflictDoUpdate({ target: identifyCodes.id, set: { codeHash, expiresAt } });
    },
    /** Reads and deletes in one statement: a code can be tried once. */
    async take(id: string) {
      const [row] = await db.delete(identifyCodes).where(eq(identifyCodes.id, id)).returning();
      return row ?? null;
    },
  };
}

export type IdentifyCodeRepository = ReturnType<typeof createIdentifyCodeRepository>;
