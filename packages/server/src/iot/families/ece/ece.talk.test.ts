import {
  ECE_TALK_FRAME_SAMPLES,
  type EceTalkMessage,
  eceManifest,
  readTalkFrame,
  talkFrame,
} from '@sc/contract/families/ece';
import { lengthPrefixed, splitFrames } from '@sc/contract/families/kit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config.js';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { connectOnline, liveSuite, type TestDevice } from '../kit/test-fixtures.js';

const suite = liveSuite<EceTalkMessage>(eceManifest);
const { type: TYPE, told, operator } = suite;
let post: TestDevice;
let otherProject: { id: number };

/** An alarm of `d` (a row as a CALL makes it), its id. */
async function alarmOf(d: TestDevice, projectId = 1) {
  const [row] = await queryRows<{ id: number }>(
    suite.t.database.db,
    sql`insert into ece_alarms (project_id, device_id, start_time, event_id, device_index_code, channel_index_code,
          channel_type, channel_name, event_type)
        values (${projectId}, ${d.id}, now(), ${`E${d.id}-${Date.now()}`}, 'D', 'C', 'intercom', 'N', 'CALL') returning id`,
  );
  return Number(row!.id);
}

beforeAll(async () => {
  post = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'eceisc' });
  await connectOnline(
    suite,
    post,
    suite.keeping((r) => ({ talking: r.args.session })),
  );
  otherProject = await createProject(suite.t.database.db, 1, ['ece']);
});

const pcm = (value: number) => new Int16Array(ECE_TALK_FRAME_SAMPLES).fill(value);

/** The first sample of each of the next `count` frames a post's pull brings (fewer if it ends first). */
async function firstSamples(reader: ReadableStreamDefaultReader<Uint8Array>, count: number) {
  let bytes = new Uint8Array(0);
  const heard: number[] = [];
  while (heard.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    const joined = new Uint8Array(bytes.length + value.length);
    joined.set(bytes);
    joined.set(value, bytes.length);
    const { frames, rest } = splitFrames(joined);
    for (const f of frames) heard.push(readTalkFrame(f)!.samples[0]!);
    bytes = rest.slice();
  }
  return heard;
}

describe('agent seat call', () => {
  it("relays the operator's voice to the post and the post's back, counted both ways", async () => {
    const alarmId = await alarmOf(post);
    const o = await operator(`alarmId=${alarmId}`);
    expect(o.opened).toBe(true);
    const started = await o.next((m) => m.kind === 'started');
    expect(started).toMatchObject({ post: { id: post.id } });
    expect(await o.next((m) => m.kind === 'outcome')).toMatchObject({ outcome: 'sent' });
    const command = told.at(-1)!;
    expect(command.command).toBe('talk');
    expect(command.args).toMatchObject({ codec: 'pcm_s16le', sampleRate: 16000, frameMs: 20 });
    const { url, upload } = command.args as { url: string; upload: string };

    // The post pulls the operator's voice.
    const pull = await fetch(url);
    expect(pull.status).toBe(200);
    await o.next((m) => m.kind === 'outcome' && m.outcome === 'pulling');
    for (let i = 0; i < 10; i++) o.socket.send(talkFrame(i, Date.now(), pcm(1000 + i)));
    const reader = pull.body!.getReader();
    const heard = await firstSamples(reader, 10);
    expect(heard).toEqual(Array.from({ length: 10 }, (_, i) => 1000 + i));

    // The post speaks: its frames reach the operator's socket.
    const voice = Array.from({ length: 5 }, (_, i) => talkFrame(i, Date.now(), pcm(-200 - i)));
    const spoke = await fetch(upload, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: lengthPrefixed(voice),
    });
    expect(await spoke.json()).toEqual({ received: 5 });
    await eventually(
      async () => o.frames.length,
      (n) => n === 5,
    );
    expect(o.frames.map((f) => readTalkFrame(f)!.samples[0])).toEqual([-200, -201, -202, -203, -204]);
    const stats = await o.next((m) => m.kind === 'stats' && m.down === 10 && m.up === 5, 5000);
    expect(stats).toBeTruthy();
    const [row] = await queryRows<{ answered_at: Date | null; answered_by: string | null }>(
      suite.t.database.db,
      sql`select answered_at, answered_by from ece_alarms where id = ${alarmId}`,
    );
    expect(row!.answered_at).not.toBeNull();

    // Hanging up ends the post's pull and refuses its voice.
    o.socket.close();
    await eventually(
      async () => (await reader.read()).done,
      (done) => done === true,
    );
    const late = await fetch(upload, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: lengthPrefixed(voice),
    });
    expect(late.status).toBe(404);
  });

  it('says so when the post is offline or silent', async () => {
    const offline = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'eceisc' });
    const o = await operator(`alarmId=${await alarmOf(offline)}`);
    expect(await o.next((m) => m.kind === 'outcome')).toMatchObject({ outcome: 'offline' });
    o.socket.close();
    const quiet = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'eceisc' });
    const device = await connectOnline(suite, quiet, () => null);
    const s = await operator(`alarmId=${await alarmOf(quiet)}`);
    expect(await s.next((m) => m.kind === 'outcome', 20_000)).toMatchObject({ outcome: 'silent' });
    s.socket.close();
    await device.close();
  }, 30_000);

  it("refuses another project's alarm, a bad id, a viewer and a wrong key, in words", async () => {
    const foreign = await createIotDevice(suite.t.database.db, {
      type: TYPE,
      modelNo: 'eceisc',
      projectId: otherProject.id,
    });
    const theirs = await alarmOf(foreign, otherProject.id);
    const outsider = await signInWith(suite.t, otherProject.id, { pjtdeviceeceagentseat: 5 });
    const mine = await alarmOf(post);
    const wrong = await operator(`alarmId=${mine}`, outsider);
    expect(await wrong.next((m) => m.kind === 'error')).toMatchObject({ key: 'errors.notFound' });
    // Their own project's path, my alarm: not theirs.
    const admin = await operator(`alarmId=${theirs}`);
    expect(await admin.next((m) => m.kind === 'error')).toMatchObject({ key: 'ece.rules.alarmMissing' });
    const bad = await operator('alarmId=abc');
    expect(await bad.next((m) => m.kind === 'error')).toMatchObject({ key: 'validation.validParam' });
    const viewer = await signInWith(suite.t, 1, { pjtdeviceeceagentseat: 1 });
    // Refused by the catalogue's grant before the socket opens, as any call above the caller's level.
    const refused = await operator(`alarmId=${mine}`, viewer);
    expect(refused.opened).toBe(false);
    expect(refused.refused).toContain('403');
    const session = '00000000-0000-4000-8000-000000000000';
    expect(
      (await suite.t.app.inject({ method: 'GET', url: `/api/pub/iot/ece/talk/${session}?key=${'0'.repeat(32)}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await suite.t.app.inject({
          method: 'POST',
          url: `/api/pub/iot/ece/talk/${session}?key=${'0'.repeat(32)}`,
          headers: { 'content-type': 'application/octet-stream' },
          payload: Buffer.from(lengthPrefixed([talkFrame(0, 0, pcm(1))])),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('a call behind a load balancer', () => {
  /** A second instance on the same database, as a load balancer may send the post to. */
  let other: Awaited<ReturnType<typeof buildApp>>;
  let otherOrigin: string;
  beforeAll(async () => {
    other = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database: suite.t.database });
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherOrigin = `127.0.0.1:${(other.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await other.close();
  });

  it('reaches the instance holding the call from another one: the pull, the upload, and a 404 for a key of none', async () => {
    const alarmId = await alarmOf(post);
    const o = await operator(`alarmId=${alarmId}`);
    await o.next((m) => m.kind === 'outcome');
    const command = told.at(-1)!;
    const via = (url: string) => url.replace(suite.origin, otherOrigin);
    const { url, upload } = command.args as { url: string; upload: string };
    expect(via(url)).not.toBe(url);

    // The post's pull lands on the other instance: the operator's voice comes all the same.
    const pull = await fetch(via(url));
    expect(pull.status).toBe(200);
    await o.next((m) => m.kind === 'outcome' && m.outcome === 'pulling');
    for (let i = 0; i < 5; i++) o.socket.send(talkFrame(i, Date.now(), pcm(3000 + i)));
    const reader = pull.body!.getReader();
    const heard = await firstSamples(reader, 5);
    expect(heard).toEqual([3000, 3001, 3002, 3003, 3004]);

    // Its voice, uploaded through the other instance, reaches the operator.
    const spoke = await fetch(via(upload), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: lengthPrefixed([talkFrame(0, Date.now(), pcm(-900))]),
    });
    expect(await spoke.json()).toEqual({ received: 1 });
    await eventually(
      async () => o.frames.length,
      (n) => n === 1,
    );

    // Hanging up ends the pull relayed by the other instance too.
    o.socket.close();
    await eventually(
      async () => (await reader.read()).done,
      (done) => done === true,
    );

    // A session of no instance that is up, asked of either: the route's 404 in the caller's language.
    const nobody = `zzzzzzzz${'a'.repeat(24)}`;
    for (const at of [suite.origin, otherOrigin]) {
      const res = await fetch(`http://${at}/api/pub/iot/ece/talk/${nobody}?key=${'0'.repeat(32)}&lang=zh_CN`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toMatch(/[\u4e00-\u9fa5]/);
    }
  }, 60_000);
});
