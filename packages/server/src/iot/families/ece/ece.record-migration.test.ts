import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { queryRows } from '../../../test/factories.js';
import { emptyDatabase, MIGRATIONS, migrationsBefore } from '../../../test/migration-steps.js';
import { createEceRepository } from './ece.repository.js';

let close: (() => Promise<void>) | null = null;
afterAll(() => close?.());

// Every migration from an empty database: half a minute on a loaded machine.
it('moves the recordings stored whole into chunks, listed and served as before', async () => {
  const database = await emptyDatabase();
  close = database.close;
  const { db, migrate } = database;
  await migrate(migrationsBefore('_ece_recording_chunks'));
  // 600 KB (three chunks, the last short): its alarm's post is not needed for the move.
  const audio = Buffer.alloc(600 * 1024);
  for (let i = 0; i + 4 <= audio.length; i += 4) audio.writeUInt32BE(i, i);
  await db.execute(sql`SET session_replication_role = replica`);
  await db.execute(sql`INSERT INTO ece_alarms (id, project_id, device_id, start_time, event_id, device_index_code,
      channel_index_code, channel_type, channel_name, event_type) VALUES (7, 1, 99, now(), 'E', 'D', 'C', 'intercom', 'N', 'CALL')`);
  await db.execute(sql`INSERT INTO ece_recordings (project_id, alarm_id, start_time, duration_ms, size, answered_by, audio)
      VALUES (1, 7, now(), 4800, ${audio.length}, 'admin', ${audio})`);
  await db.execute(sql`SET session_replication_role = origin`);
  await migrate(MIGRATIONS);

  const [row] = await queryRows<{ id: number; stored: boolean }>(db, sql`SELECT id, stored FROM ece_recordings`);
  expect(row!.stored).toBe(true);
  const chunks = await queryRows<{ n: number }>(
    db,
    sql`SELECT length(bytes) AS n FROM ece_recording_chunks ORDER BY seq`,
  );
  expect(chunks.map((c) => Number(c.n))).toEqual([256 * 1024, 256 * 1024, 88 * 1024]);
  const repo = createEceRepository(db);
  expect(await repo.recordingSize(1, row!.id)).toEqual({ size: audio.length });
  const parts: Buffer[] = [];
  for await (const part of repo.recordingPart(row!.id, 0, audio.length)) parts.push(part);
  expect(Buffer.concat(parts).equals(audio)).toBe(true);
}, 120_000);
