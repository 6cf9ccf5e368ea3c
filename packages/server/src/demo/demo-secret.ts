import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { webParams } from '../db/schema/index.js';

/** Kept among the settings rows but not a setting: the settings service reads only the keys it knows. */
const KEY = 'demoDeviceSecret';

/**
 * The installation's demo device secret, created on first use. Concurrent first uses (two instances)
 * agree: the first insert wins and everyone reads it back. `created` tells the caller that keys made
 * before this installation had a secret must be made again.
 */
export async function demoDeviceSecret(db: Db): Promise<{ secret: string; created: boolean }> {
  const fresh = randomBytes(32).toString('hex');
  const inserted = await db
    .insert(webParams)
    .values({ key: KEY, value: fresh })
    .onConflictDoNothing()
    .returning({ key: webParams.key });
  const [row] = await db.select({ value: webParams.value }).from(webParams).where(eq(webParams.key, KEY));
  return { secret: String(row!.value), created: inserted.length > 0 };
}
