import {
  ECE_TALK_FRAME_SAMPLES,
  type EceRecording,
  type EceTalkMessage,
  eceManifest,
  lengthPrefixed,
  talkFrame,
} from '@sc/contract/families/ece';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { connectOnline, liveSuite, type TestDevice } from '../kit/test-fixtures.js';
import { callRecorder, recordingComment, stereoWav, wavHeader } from './ece.recorder.js';
import { createEceRepository } from './ece.repository.js';
import { rangeOf } from './ece.service.js';

const suite = liveSuite<EceTalkMessage>(eceManifest);
const { call, base, type: TYPE, told } = suite;
let post: TestDevice;
let otherProject: { id: number };
const repo = () => createEceRepository(suite.t.database.db);

async function alarmOf(d: TestDevice, projectId = 1) {
  const [row] = await queryRows<{ id: number }>(
    suite.t.database.db,
    sql`insert into ece_alarms (project_id, device_id, start_time, event_id, device_index_code, channel_index_code,
          channel_type, channel_name, event_type)
        values (${projectId}, ${d.id}, now(), ${`R${d.id}-${Date.now()}-${Math.random()}`}, 'D', 'C', 'intercom', 'N', 'CALL')
        returning id`,
  );
  return Number(row!.id);
}

/** A recording of `seconds` (a WAV of a ramp) on an alarm, begun at `start`. */
async function stored(alarmId: number, start: Date, seconds = 2, projectId = 1) {
  const n = seconds * 16_000;
  const left = Int16Array.from({ length: n }, (_, i) => i % 1000);
  const audio = stereoWav(left, new Int16Array(0), n);
  return repo().saveRecording({
    projectId,
    alarmId,
    startTime: start,
    durationMs: seconds * 1000,
    cut: false,
    answeredBy: 'admin',
    audio,
  });
}

const iso = (d: Date) => encodeURIComponent(d.toISOString());
const DAY = 86_400_000;
const search = (query: string, lang = 'en_US', token = suite.admin) =>
  call('GET', `${base}/recordings?${query}`, undefined, token, lang);
const audio = (id: number, headers: Record<string, string> = {}, path = base, token = suite.admin) =>
  suite.t.app.inject({ method: 'GET', url: `${path}/recordings/${id}/audio?token=${token}&lang=zh_CN`, headers });

beforeAll(async () => {
  post = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'eceisc' });
  await connectOnline(
    suite,
    post,
    suite.keeping((r) => ({ talking: r.args.session })),
  );
  otherProject = await createProject(suite.t.database.db, 1, ['ece']);
});

describe('the recorder', () => {
  it('places both sides by seq on the call timeline, left the post and right the seat, and cuts at the maximum', () => {
    let now = 1_000_000;
    const r = callRecorder(1000, () => now);
    const frame = (seq: number, v: number) => talkFrame(seq, now, new Int16Array(ECE_TALK_FRAME_SAMPLES).fill(v));
    r.add('seat', frame(0, 100));
    // The post's first burst arrives 100 ms in: five frames at once, placed one after the other.
    now += 100;
    for (let i = 0; i < 5; i++) r.add('post', frame(i, -(i + 1)));
    // A lost post frame (seq 5) is silence; seq 6 follows at its place.
    r.add('post', frame(6, -7));
    r.add('post', new Uint8Array(5));
    now += 2000;
    r.add('seat', frame(200, 9));
    // A second is less than a chunk: nothing handed out before the end, all of it the rest.
    expect(r.take()).toEqual([]);
    const done = r.finish()!;
    expect(done.cut).toBe(true);
    expect(done.durationMs).toBe(1000);
    const wav = Buffer.concat([
      wavHeader(done.rest.length, recordingComment({ ...done, interrupted: false, maxMinutes: 1 })),
      done.rest,
    ]);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(22)).toBe(2);
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.toString('utf8')).toContain('Cut: the call went on beyond');
    const data = wav.indexOf('data', 36, 'ascii') + 8;
    const sample = (i: number, ch: 0 | 1) => wav.readInt16LE(data + i * 4 + ch * 2);
    expect(sample(0, 1)).toBe(100);
    expect(sample(0, 0)).toBe(0);
    const at = 1600; // 100 ms
    expect(sample(at, 0)).toBe(-1);
    expect(sample(at + ECE_TALK_FRAME_SAMPLES * 4, 0)).toBe(-5);
    expect(sample(at + ECE_TALK_FRAME_SAMPLES * 5, 0)).toBe(0);
    expect(sample(at + ECE_TALK_FRAME_SAMPLES * 6, 0)).toBe(-7);
    expect(wav.length - data).toBe(16_000 * 4);
  });

  it('hands out each chunk once no frame can reach it any more, and keeps the rest to the end', () => {
    let now = 5_000_000;
    const r = callRecorder(60_000, () => now);
    const frame = (seq: number, v: number) => talkFrame(seq, now, new Int16Array(ECE_TALK_FRAME_SAMPLES).fill(v));
    const chunk = 65_536; // samples of 256 KB of stereo 16-bit
    // Nothing heard yet: nothing to hand out, however long.
    now += 5000;
    expect(r.take()).toEqual([]);
    r.add('seat', frame(0, 7));
    // The first chunk ends at 4.096 s: complete only 2 s later (a frame may land 2 s before its arrival).
    now += 1000;
    expect(r.take()).toEqual([]);
    now += 100;
    const [first, ...none] = r.take();
    expect(none).toEqual([]);
    expect(first!.length).toBe(chunk * 4);
    expect(first!.every((b) => b === 0)).toBe(true);
    expect(r.take()).toEqual([]);
    r.add('post', frame(0, -3));
    now += 10_000;
    const later = r.take();
    expect(later).toHaveLength(2);
    // The seat's frame 5 s in on the right channel, the post's 6.1 s in on the left, in the second chunk.
    expect(later[0]!.readInt16LE((5 * 16_000 - chunk) * 4 + 2)).toBe(7);
    expect(later[0]!.readInt16LE((6100 * 16 - chunk) * 4)).toBe(-3);
    const done = r.finish()!;
    expect(done.cut).toBe(false);
    expect(done.durationMs).toBe(16_100);
    expect(done.rest.length).toBe((16_100 * 16 - 3 * chunk) * 4);
    expect(chunk * 3 * 4 + done.rest.length).toBe(16_100 * 16 * 4);
  });

  it('hands out the last, shorter chunk once the maximum is past, nothing after it', () => {
    let now = 0;
    const r = callRecorder(5000, () => now);
    r.add('post', talkFrame(0, now, new Int16Array(ECE_TALK_FRAME_SAMPLES).fill(4)));
    now = 6999;
    expect(r.take().map((c) => c.length)).toEqual([65_536 * 4]);
    expect(r.cut).toBe(true);
    now = 7000;
    expect(r.take().map((c) => c.length)).toEqual([(80_000 - 65_536) * 4]);
    now = 60_000;
    expect(r.take()).toEqual([]);
    const done = r.finish()!;
    expect(done).toMatchObject({ cut: true, durationMs: 5000 });
    expect(done.rest.length).toBe(0);
  });

  it('says in the WAV why a recording is incomplete', () => {
    expect(recordingComment({ cut: false, interrupted: false, maxMinutes: 10 })).toBeNull();
    const both = wavHeader(4, recordingComment({ cut: true, interrupted: true, maxMinutes: 10 }));
    expect(both.toString('utf8')).toContain('Cut: the call went on beyond 10 minutes');
    expect(both.toString('utf8')).toContain('Incomplete: the server stopped during the call');
    expect(both.readUInt32LE(4)).toBe(both.length + 4 - 8);
    expect(both.readUInt32LE(both.length - 4)).toBe(4);
    expect(wavHeader(8).length).toBe(44);
  });

  it('keeps nothing of a call where nobody spoke', () => {
    expect(callRecorder(60_000).finish()).toBeNull();
  });

  it('reads one range of bytes', () => {
    expect(rangeOf(undefined, 100)).toBeNull();
    expect(rangeOf('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(rangeOf('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(rangeOf('bytes=100-', 100)).toBe('unsatisfiable');
    expect(rangeOf('bytes=0-1,5-6', 100)).toBeNull();
  });
});

describe('a call answered at the seat', () => {
  it('is recorded both ways as it is relayed, kept when the seat closes its tab', async () => {
    const alarmId = await alarmOf(post);
    const socket = new WebSocket(`ws://${suite.origin}${base}/live?token=${suite.admin}&lang=en_US&alarmId=${alarmId}`);
    const messages: EceTalkMessage[] = [];
    socket.on('message', (data: Buffer, binary) => {
      if (!binary) messages.push(JSON.parse(String(data)) as EceTalkMessage);
    });
    await new Promise((resolve) => socket.on('open', resolve));
    await eventually(
      async () => messages.find((m) => m.kind === 'outcome'),
      (m) => m !== undefined,
      5000,
    );
    // The operator speaks 50 frames (1 s), the post 25 (0.5 s) through its upload.
    for (let i = 0; i < 50; i++)
      socket.send(talkFrame(i, Date.now(), new Int16Array(ECE_TALK_FRAME_SAMPLES).fill(500)));
    const started = messages.find((m) => m.kind === 'started') as { session: string };
    const command = told.find((r) => (r.args as { session?: string }).session === started.session)!;
    const { upload } = command.args as { upload: string };
    const voice = Array.from({ length: 25 }, (_, i) =>
      talkFrame(i, Date.now(), new Int16Array(ECE_TALK_FRAME_SAMPLES).fill(-300)),
    );
    const spoke = await fetch(upload, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: lengthPrefixed(voice),
    });
    expect(await spoke.json()).toEqual({ received: 25 });
    await eventually(
      async () => messages.find((m) => m.kind === 'stats' && m.up === 25),
      (m) => m !== undefined,
      5000,
    );
    // The seat's tab closes without a hang-up.
    socket.terminate();
    const row = await eventually(
      async () =>
        (
          await queryRows<{ size: number; duration_ms: number; cut: boolean; answered_by: string }>(
            suite.t.database.db,
            sql`select size, duration_ms, cut, answered_by from ece_recordings where alarm_id = ${alarmId} and stored`,
          )
        )[0],
      (r) => r !== undefined,
      10_000,
    );
    expect(row!.cut).toBe(false);
    expect(Number(row!.duration_ms)).toBeGreaterThanOrEqual(1000);
    expect(Number(row!.size)).toBeGreaterThan(16_000 * 4);

    const now = Date.now();
    const found = await search(
      `from=${iso(new Date(now - DAY))}&to=${iso(new Date(now + 60_000))}&deviceId=${post.id}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    const rec = (found.json().list as EceRecording[]).find((r) => r.alarmId === alarmId)!;
    expect(rec).toMatchObject({ device: { id: post.id, name: post.name }, eventType: 'CALL', answeredBy: 'admin' });
    // Both voices are in it: the post's on the left, the operator's on the right.
    const wav = (await audio(rec.id)).rawPayload;
    const data = wav.indexOf('data', 36, 'ascii') + 8;
    const left = new Set<number>();
    const right = new Set<number>();
    for (let at = data; at + 4 <= wav.length; at += 4) {
      left.add(wav.readInt16LE(at));
      right.add(wav.readInt16LE(at + 2));
    }
    expect(left.has(-300)).toBe(true);
    expect(right.has(500)).toBe(true);
  });
});

describe('recordings search', () => {
  it('pages the recordings of a period, of one post when given, newest first', async () => {
    const second = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'eceisc' });
    const base0 = Date.parse('2026-03-01T00:00:00Z');
    const a = await stored(await alarmOf(post), new Date(base0 + 3600_000));
    const b = await stored(await alarmOf(second), new Date(base0 + 7200_000));
    await stored(await alarmOf(second), new Date(base0 + 40 * DAY));
    const period = `from=${iso(new Date(base0))}&to=${iso(new Date(base0 + 2 * DAY))}`;
    const all = await search(period);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect((all.json().list as EceRecording[]).map((r) => r.id)).toEqual([b, a]);
    expect(all.json().list[0]).toMatchObject({ durationMs: 2000, size: 44 + 2 * 16_000 * 4, cut: false });
    const one = await search(`${period}&deviceId=${second.id}&pageSize=5`);
    expect((one.json().list as EceRecording[]).map((r) => r.id)).toEqual([b]);
    const paged = await search(`${period}&pageSize=5&page=2`);
    expect(paged.json()).toMatchObject({ total: 2, list: [] });
  });

  it('refuses a period missing, backwards or over 30 days, in the caller’s language', async () => {
    const now = Date.now();
    const missing = await search('', 'zh_CN');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('请选择有效的时间段');
    const half = await search(`from=${iso(new Date(now - DAY))}`, 'en_US');
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe('A valid period is required');
    const long = await search(`from=${iso(new Date(now - 31 * DAY))}&to=${iso(new Date(now))}`, 'zh_CN');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('时间段最长 30 天');
    const longEn = await search(`from=${iso(new Date(now - 31 * DAY))}&to=${iso(new Date(now))}`, 'en_US');
    expect(longEn.json().message).toBe('The period is limited to 30 days');
    const back = await search(`from=${iso(new Date(now))}&to=${iso(new Date(now - DAY))}`, 'en_US');
    expect(back.json().message).toBe('The end must be after the start');
    const exactly = await search(`from=${iso(new Date(now - 30 * DAY))}&to=${iso(new Date(now))}`);
    expect(exactly.statusCode).toBe(200);
    const bad = await search(`from=yesterday&to=${iso(new Date(now))}`, 'zh_CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('请选择有效的时间段');
  });
});

describe('recording audio', () => {
  it('serves the WAV whole, or a part with 206 so a player can seek', async () => {
    // 10 s: 640 KB, three chunks of 256 KB.
    const id = await stored(await alarmOf(post), new Date(), 10);
    const size = 44 + 10 * 16_000 * 4;
    const whole = await audio(id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(size);
    expect(whole.rawPayload.toString('ascii', 8, 12)).toBe('WAVE');
    // A seek to the second second: the player asks from there to the end.
    const from = 44 + 16_000 * 4;
    const part = await audio(id, { range: `bytes=${from}-` });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${from}-${size - 1}/${size}`);
    expect(Number(part.headers['content-length'])).toBe(size - from);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(from))).toBe(true);
    // Across a chunk's end.
    const across = await audio(id, { range: 'bytes=262000-262300' });
    expect(across.statusCode).toBe(206);
    expect(across.rawPayload.equals(whole.rawPayload.subarray(262000, 262301))).toBe(true);
    const head = await audio(id, { range: 'bytes=0-43' });
    expect(head.statusCode).toBe(206);
    expect(head.rawPayload.equals(whole.rawPayload.subarray(0, 44))).toBe(true);
    const beyond = await audio(id, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    expect(beyond.json().message).toBe('请求的录音范围无效');
    // One still being written (not stored) is neither listed nor served.
    await suite.t.database.db.execute(sql`update ece_recordings set stored = false where id = ${id}`);
    expect((await audio(id)).statusCode).toBe(404);
    const now = Date.now();
    const listed = await search(`from=${iso(new Date(now - DAY))}&to=${iso(new Date(now + 60_000))}`);
    expect((listed.json().list as EceRecording[]).some((r) => r.id === id)).toBe(false);
  });

  it("refuses another project's recording, a missing one and a bad id, in words", async () => {
    const foreign = await createIotDevice(suite.t.database.db, {
      type: TYPE,
      modelNo: 'eceisc',
      projectId: otherProject.id,
    });
    const theirs = await stored(await alarmOf(foreign, otherProject.id), new Date(), 1, otherProject.id);
    const mine = await stored(await alarmOf(post), new Date(), 1);
    // My project's path, their recording: not here.
    const across = await audio(theirs);
    expect(across.statusCode).toBe(404);
    expect(across.json().message).toBe('录音不存在或不在当前项目中');
    const outsider = await signInWith(suite.t, otherProject.id, { pjtdeviceecerecord: 1 });
    const there = `/api/pjts/${otherProject.id}/iot/ece`;
    expect((await audio(theirs, {}, there, outsider)).statusCode).toBe(200);
    expect((await audio(mine, {}, there, outsider)).statusCode).toBe(404);
    expect((await audio(mine, {}, base, outsider)).statusCode).toBe(404);
    const now = Date.now();
    const period = `from=${iso(new Date(now - DAY))}&to=${iso(new Date(now + 60_000))}`;
    const listed = await call('GET', `${there}/recordings?${period}`, undefined, outsider);
    expect((listed.json().list as EceRecording[]).map((r) => r.id)).toEqual([theirs]);
    const bad = await audio(Number.NaN);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const badEn = await suite.t.app.inject({
      method: 'GET',
      url: `${base}/recordings/abc/audio?token=${suite.admin}&lang=en_US`,
    });
    expect(badEn.statusCode).toBe(400);
    expect(badEn.json().message).not.toBe(bad.json().message);
    expect((await audio(2_000_000_000)).statusCode).toBe(404);
  });

  it('goes with its alarm (the retention of the alarm log)', async () => {
    const alarmId = await alarmOf(post);
    const id = await stored(alarmId, new Date(), 1);
    await suite.t.database.db.execute(
      sql`update ece_alarms set start_time = now() - interval '400 days' where id = ${alarmId}`,
    );
    await repo().prune(new Date(Date.now() - 365 * DAY));
    expect((await audio(id)).statusCode).toBe(404);
  });
});
