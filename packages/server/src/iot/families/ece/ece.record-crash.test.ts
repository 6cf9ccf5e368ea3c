import {
  ECE_TALK_FRAME_SAMPLES,
  type EceRecording,
  type EceTalkMessage,
  eceManifest,
  talkFrame,
} from '@sc/contract/families/ece';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { createIotDevice, queryRows } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { commandSuite, type TestDevice } from '../kit/test-fixtures.js';
import { liveRecording, serialWrites } from './ece.live-recording.js';
import { createEceRepository, ECE_RECORDING_ABANDONED_MS, ECE_RECORDING_CHUNK_BYTES } from './ece.repository.js';
import { createEceService } from './ece.service.js';

/**
 * A call's recording written while the call goes on, and one whose server died mid-call (the in-memory
 * call abandoned, its database gone quiet, never ended) finalised as interrupted by a fresh instance's
 * start-up: kept, served with its WAV header (206 on a range), listed with its state.
 */
const suite = commandSuite(eceManifest);
const { base, type: TYPE } = suite;
let post: TestDevice;
const others: FastifyInstance[] = [];
const repo = () => createEceRepository(suite.t.database.db);
const CHUNK = ECE_RECORDING_CHUNK_BYTES;

beforeAll(async () => {
  post = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'eceisc' });
});
afterAll(async () => {
  for (const app of others) await app.close();
});

async function alarmOf(d: TestDevice) {
  const [row] = await queryRows<{ id: number }>(
    suite.t.database.db,
    sql`insert into ece_alarms (project_id, device_id, start_time, event_id, device_index_code, channel_index_code,
          channel_type, channel_name, event_type)
        values (1, ${d.id}, now(), ${`C${d.id}-${Date.now()}-${Math.random()}`}, 'D', 'C', 'intercom', 'N', 'CALL')
        returning id`,
  );
  return Number(row!.id);
}

/** The recording of an alarm: its row and its chunks' sizes. */
async function recordingOf(alarmId: number) {
  const [row] = await queryRows<{
    id: number;
    stored: boolean;
    interrupted: boolean;
    size: number;
    duration_ms: number;
  }>(
    suite.t.database.db,
    sql`select id, stored, interrupted, size, duration_ms from ece_recordings where alarm_id = ${alarmId}`,
  );
  if (!row) return undefined;
  const chunks = await queryRows<{ n: number }>(
    suite.t.database.db,
    sql`select length(bytes) as n from ece_recording_chunks where recording_id = ${row.id} order by seq`,
  );
  return { ...row, id: Number(row.id), chunks: chunks.map((c) => Number(c.n)) };
}

/** The seat answers on `app` (listening at `origin`) and speaks a second; the socket and what it was told. */
async function answer(origin: string, alarmId: number) {
  const socket = new WebSocket(`ws://${origin}${base}/live?token=${suite.admin}&lang=en_US&alarmId=${alarmId}`);
  const messages: EceTalkMessage[] = [];
  socket.on('message', (data: Buffer, binary) => {
    if (!binary) messages.push(JSON.parse(String(data)) as EceTalkMessage);
  });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  await eventually(
    async () => messages.find((m) => m.kind === 'started'),
    (m) => m !== undefined,
    5000,
  );
  for (let i = 0; i < 50; i++) socket.send(talkFrame(i, Date.now(), new Int16Array(ECE_TALK_FRAME_SAMPLES).fill(900)));
  return { socket, messages };
}

const originOf = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(app.server.address() as { port: number }).port}`;
};

/** Whether the operator's 900 is on the right channel within the first second of the audio at `data`. */
const spoken = (wav: Buffer, data: number) => {
  for (let at = data; at < data + 16_000 * 4; at += 4) if (wav.readInt16LE(at + 2) === 900) return true;
  return false;
};

const iso = (d: Date) => encodeURIComponent(d.toISOString());
const listed = async (app: FastifyInstance, lang = 'en_US') => {
  const now = Date.now();
  const res = await app.inject({
    method: 'GET',
    url: `${base}/recordings?from=${iso(new Date(now - 86_400_000))}&to=${iso(new Date(now + 60_000))}&token=${suite.admin}&lang=${lang}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().list as EceRecording[];
};
const audio = (app: FastifyInstance, id: number, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `${base}/recordings/${id}/audio?token=${suite.admin}&lang=en_US`, headers });

/** The database of another instance, which can go quiet at once as a killed process does: every statement from then on never answers. */
function quietable(database: Database) {
  let quiet = false;
  const never: unknown = new Proxy(() => undefined, {
    get: (_target, key) => (key === 'then' ? () => undefined : never),
    apply: () => never,
  });
  const db = new Proxy(database.db, {
    get: (target, key) => (quiet ? never : Reflect.get(target, key, target)),
  });
  return {
    database: { ...database, db, ingestDb: db, close: async () => undefined } as Database,
    die: () => {
      quiet = true;
    },
  };
}

describe('a call going on', () => {
  it('has its complete chunks in the database before it ends, and all of it once ended', async () => {
    await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `127.0.0.1:${(suite.t.app.server.address() as { port: number }).port}`;
    const alarmId = await alarmOf(post);
    const { socket } = await answer(origin, alarmId);
    // The row is there from the answer, not listed while the call goes on.
    expect((await recordingOf(alarmId))?.stored).toBe(false);
    // 4.096 s of audio make a chunk, written once no frame can land in it (2 s later).
    const going = await eventually(
      () => recordingOf(alarmId),
      (r) => (r?.chunks.length ?? 0) >= 1,
      15_000,
    );
    expect(going!.stored).toBe(false);
    expect(going!.chunks[0]).toBe(CHUNK);
    expect((await listed(suite.t.app)).some((r) => r.alarmId === alarmId)).toBe(false);

    socket.close();
    const done = await eventually(
      () => recordingOf(alarmId),
      (r) => r?.stored === true,
      10_000,
    );
    expect(done!.interrupted).toBe(false);
    const pcm = done!.chunks.reduce((a, b) => a + b, 0);
    expect(done!.chunks.slice(0, -1).every((n) => n === CHUNK)).toBe(true);
    expect(Number(done!.size)).toBe(44 + pcm);
    expect(Number(done!.duration_ms)).toBe(Math.round(pcm / 4 / 16));
    expect(Number(done!.duration_ms)).toBeGreaterThanOrEqual(6000);
    const [rec] = (await listed(suite.t.app)).filter((r) => r.alarmId === alarmId);
    expect(rec).toMatchObject({ cut: false, interrupted: false, size: 44 + pcm });
    const wav = (await audio(suite.t.app, rec!.id)).rawPayload;
    expect(wav.length).toBe(44 + pcm);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(pcm);
    // The operator's voice on the right channel, in its first second.
    expect(spoken(wav, 44)).toBe(true);
  }, 60_000);
});

describe('a server killed during a call', () => {
  it('leaves a recording that the next instance finalises as interrupted: kept, served, listed so', async () => {
    // The instance holding the call, on the same database.
    const doomed = quietable(suite.t.database);
    const first = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database: doomed.database });
    const origin = await originOf(first);
    const alarmId = await alarmOf(post);
    const { socket } = await answer(origin, alarmId);
    const going = await eventually(
      () => recordingOf(alarmId),
      (r) => (r?.chunks.length ?? 0) >= 1,
      15_000,
    );
    // Killed: its database goes quiet (nothing more is written, the call is never ended), its sockets drop.
    doomed.die();
    socket.terminate();
    first.server.closeAllConnections();
    first.server.close();
    expect(going!.stored).toBe(false);
    // A statement already on its way when it died may still land: what is kept is what is there now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const kept = (await recordingOf(alarmId))!.chunks.length;
    expect(kept).toBeGreaterThanOrEqual(going!.chunks.length);

    // A fresh instance starting soon after leaves it alone: its writer may be alive (not written for 30 s).
    const soon = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database: suite.t.database });
    others.push(soon);
    await soon.ready();
    expect((await recordingOf(alarmId))!.stored).toBe(false);
    expect((await listed(soon)).some((r) => r.alarmId === alarmId)).toBe(false);

    // Minutes later (its last write made older), the next instance's start-up finalises it.
    await suite.t.database.db.execute(
      sql`update ece_recordings set written_at = written_at - interval '3 minutes' where id = ${going!.id}`,
    );
    const next = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database: suite.t.database });
    others.push(next);
    await next.ready();
    const done = (await recordingOf(alarmId))!;
    expect(done).toMatchObject({ stored: true, interrupted: true });
    expect(done.chunks).toHaveLength(kept);
    const pcm = kept * CHUNK;
    const header = Number(done.size) - pcm;
    expect(Number(done.duration_ms)).toBe(Math.round((kept * CHUNK) / 4 / 16));

    for (const [app, lang] of [
      [next, 'en_US'],
      [suite.t.app, 'zh_CN'],
    ] as const) {
      const [rec] = (await listed(app, lang)).filter((r) => r.alarmId === alarmId);
      expect(rec).toMatchObject({ interrupted: true, cut: false, durationMs: Number(done.duration_ms) });
      const whole = await audio(app, rec!.id);
      expect(whole.statusCode).toBe(200);
      const wav = whole.rawPayload;
      expect(wav.length).toBe(header + pcm);
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
      expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
      expect(wav.readUInt16LE(22)).toBe(2);
      expect(wav.readUInt32LE(24)).toBe(16_000);
      expect(wav.toString('utf8', 36, header)).toContain('Incomplete: the server stopped during the call');
      expect(wav.toString('ascii', header - 8, header - 4)).toBe('data');
      expect(wav.readUInt32LE(header - 4)).toBe(pcm);
      expect(spoken(wav, header)).toBe(true);
      // A seek: the header's end and the audio after it; the last bytes.
      const from = header - 10;
      const part = await audio(app, rec!.id, { range: `bytes=${from}-${header + 99}` });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${from}-${header + 99}/${wav.length}`);
      expect(part.rawPayload.equals(wav.subarray(from, header + 100))).toBe(true);
      const end = await audio(app, rec!.id, { range: 'bytes=-100' });
      expect(end.statusCode).toBe(206);
      expect(end.rawPayload.equals(wav.subarray(wav.length - 100))).toBe(true);
    }
  }, 90_000);

  it('is finalised once however many instances look, and a recording with no chunk is dropped', async () => {
    const alarmId = await alarmOf(post);
    const empty = await alarmOf(post);
    const open = (id: number) =>
      repo().openRecording({ projectId: 1, alarmId: id, startTime: new Date(), answeredBy: 'admin' });
    const id = await open(alarmId);
    const none = await open(empty);
    expect(await repo().writeChunk(id, 0, Buffer.alloc(CHUNK, 1), false)).toBe(true);
    expect(await repo().writeChunk(id, 1, Buffer.alloc(CHUNK, 2), true)).toBe(true);
    // A retry of a chunk written already changes nothing.
    expect(await repo().writeChunk(id, 1, Buffer.alloc(CHUNK, 3), true)).toBe(true);
    const later = new Date(Date.now() + 60_000);
    const [a, b] = await Promise.all([
      repo().finaliseAbandoned(later),
      createEceRepository(suite.t.database.db).finaliseAbandoned(later),
    ]);
    expect([...a, ...b].filter((x) => x === id)).toEqual([id]);
    const done = (await recordingOf(alarmId))!;
    expect(done).toMatchObject({ stored: true, interrupted: true, chunks: [CHUNK, CHUNK] });
    // It had reached the maximum: cut as well, said in its WAV.
    const [rec] = (await listed(suite.t.app)).filter((r) => r.alarmId === alarmId);
    expect(rec).toMatchObject({ cut: true, interrupted: true });
    const wav = (await audio(suite.t.app, id)).rawPayload;
    expect(wav.toString('utf8')).toContain('Cut: the call went on beyond');
    expect(wav.readUInt8(wav.length - CHUNK - 1)).toBe(1);
    expect(wav.readUInt8(wav.length - 1)).toBe(2);
    expect(await recordingOf(empty)).toBeUndefined();
    expect(none).toBeGreaterThan(0);
    // Finalised: its late writer is told the recording is closed.
    expect(await repo().writeChunk(id, 2, Buffer.alloc(4), false)).toBe(false);
    expect(await repo().touchRecording(id)).toBe(false);
  });
});

describe('the writes of a recording', () => {
  const logged: { level: string; what?: unknown }[] = [];
  const log = {
    warn: (o: { what?: unknown }) => logged.push({ level: 'warn', what: o.what }),
    error: (o: { what?: unknown }) => logged.push({ level: 'error', what: o.what }),
  } as unknown as FastifyBaseLogger;
  const quick = { attempts: 3, firstPauseMs: 5, maxPauseMs: 10 };

  it('go one after the other in order, a failed one retried before the next', async () => {
    logged.length = 0;
    const done: string[] = [];
    const writes = serialWrites(log, {}, quick);
    let failures = 2;
    void writes.push('a', async () => {
      await new Promise((r) => setTimeout(r, 20));
      done.push('a');
      return true;
    });
    void writes.push('b', async () => {
      if (failures-- > 0) throw new Error('database busy');
      done.push('b');
      return true;
    });
    void writes.push('c', async () => {
      done.push('c');
      return true;
    });
    await writes.idle();
    expect(done).toEqual(['a', 'b', 'c']);
    expect(logged).toEqual([
      { level: 'warn', what: 'b' },
      { level: 'warn', what: 'b' },
    ]);
    expect(writes.stopped).toBe(false);
  });

  it('stop after one fails every attempt: nothing later is written out of order', async () => {
    logged.length = 0;
    const done: string[] = [];
    const writes = serialWrites(log, {}, quick);
    void writes.push('a', async () => {
      throw new Error('down');
    });
    void writes.push('b', async () => {
      done.push('b');
      return true;
    });
    await writes.idle();
    expect(done).toEqual([]);
    expect(writes.stopped).toBe(true);
    expect(logged.map((l) => l.level)).toEqual(['warn', 'warn', 'error']);
  });

  it('do not hold the frames: a slow database leaves add and tick returning at once, chunks in order', async () => {
    let now = 1_000_000;
    const written: number[] = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((r) => {
      release = r;
    });
    const fake = {
      openRecording: async () => 5,
      writeChunk: async (_id: number, seq: number) => {
        await slow;
        written.push(seq);
        return true;
      },
      touchRecording: async () => true,
      finaliseRecording: async () => true,
    };
    const rec = liveRecording(fake, { projectId: 1, alarmId: 1, answeredBy: 'admin', maxMs: 600_000 }, log, {
      clock: () => now,
    });
    rec.add('seat', talkFrame(0, now, new Int16Array(ECE_TALK_FRAME_SAMPLES).fill(1)));
    now += 20_000;
    const started = performance.now();
    rec.tick();
    rec.add('post', talkFrame(0, now, new Int16Array(ECE_TALK_FRAME_SAMPLES).fill(2)));
    expect(performance.now() - started).toBeLessThan(200);
    const ended = rec.end();
    release();
    expect(await ended).toBe(5);
    // 20 s: four chunks by the tick, the rest after the end, in order.
    expect(written).toEqual([0, 1, 2, 3, 4]);
  });

  it('is never taken for abandoned by the sweep of the instance whose call it is, however stale', async () => {
    const alarmId = await alarmOf(post);
    const ece = createEceService({
      repository: <T>(create: (db: Database['db']) => T) => create(suite.t.database.db),
    } as never);
    const silent = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const recording = ece.startRecording({ id: alarmId, projectId: 1 }, 'admin', 60_000, silent);
    await recording.opened;
    expect(await repo().writeChunk(recording.id!, 0, Buffer.alloc(CHUNK, 1), false)).toBe(true);
    // Its writes stalled longer than an abandoned one's (the database away): this instance's sweep leaves it.
    const later = new Date(Date.now() + ECE_RECORDING_ABANDONED_MS + 60_000);
    expect(await ece.finaliseAbandoned(later)).not.toContain(recording.id);
    expect((await recordingOf(alarmId))!.stored).toBe(false);
    // Another instance's sweep takes it; its writer then finds it closed and writes no more.
    expect(await repo().finaliseAbandoned(new Date(later.getTime() - ECE_RECORDING_ABANDONED_MS))).toContain(
      recording.id,
    );
    expect((await recordingOf(alarmId))!).toMatchObject({ stored: true, interrupted: true });
    expect(await repo().writeChunk(recording.id!, 1, Buffer.alloc(CHUNK, 2), false)).toBe(false);
    await recording.end();
  });
});
