import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../../test/factories.js';
import { countingBytes, joined, migrationSuite } from '../kit/migration.fixtures.js';
import { createEceRepository } from './ece.repository.js';

const migration = migrationSuite();

it('moves the recordings stored whole into chunks, listed and served as before', async () => {
  const { db, finish } = await migration.before('_ece_recording_chunks');
  // 600 KB (three chunks, the last short): its alarm's post is not needed for the move.
  const audio = countingBytes(600 * 1024);
  await db.execute(sql`SET session_replication_role = replica`);
  await db.execute(sql`INSERT INTO ece_alarms (id, project_id, device_id, start_time, event_id, device_index_code,
      channel_index_code, channel_type, channel_name, event_type) VALUES (7, 1, 99, now(), 'E', 'D', 'C', 'intercom', 'N', 'CALL')`);
  await db.execute(sql`INSERT INTO ece_recordings (project_id, alarm_id, start_time, duration_ms, size, answered_by, audio)
      VALUES (1, 7, now(), 4800, ${audio.length}, 'admin', ${audio})`);
  await db.execute(sql`SET session_replication_role = origin`);
  await finish();

  const [row] = await queryRows<{ id: number; stored: boolean }>(db, sql`SELECT id, stored FROM ece_recordings`);
  expect(row!.stored).toBe(true);
  const chunks = await queryRows<{ n: number }>(
    db,
    sql`SELECT length(bytes) AS n FROM ece_recording_chunks ORDER BY seq`,
  );
  expect(chunks.map((c) => Number(c.n))).toEqual([256 * 1024, 256 * 1024, 88 * 1024]);
  const repo = createEceRepository(db);
  expect(await repo.recordingSize(1, row!.id)).toEqual({ size: audio.length });
  expect((await joined(repo.recordingPart(row!.id, 0, audio.length))).equals(audio)).toBe(true);
}, 120_000);
