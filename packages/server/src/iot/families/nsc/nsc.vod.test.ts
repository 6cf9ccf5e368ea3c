import { type NscVodInput, nscVodBatchId } from '@sc/contract/families/nsc';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { eventually } from '../../test-device.js';
import { commandSuite, echo, jsonCaller, onlineDevice, recordCreator } from '../kit/test-fixtures.js';
import { mediaIn, otherProject, speakerIn } from './nsc.test-fixtures.js';

const suite = commandSuite({ type: 'nsc', slug: 'nsc' });
const { base } = suite;
const json = jsonCaller(suite);
let hall: { id: number };
let gate: { id: number };
let groupId: number;
let chime: number;
let bells: number;
let theirs: Awaited<ReturnType<typeof otherProject>>;
let outsider: string;
let viewer: string;

const vod = (more: Partial<NscVodInput> = {}): NscVodInput => ({
  name: '午间点播',
  deviceIds: [],
  groupIds: [groupId],
  mediaIds: [bells, chime],
  volume: 50,
  repeat: 2,
  ...more,
});
const create = recordCreator<NscVodInput, { id: number; state: string }>(json, `${base}/vod`, vod);
const stateOf = async (id: number) => (await json('GET', `${base}/vod/${id}`)).json().state as string;

beforeAll(async () => {
  hall = await speakerIn(suite);
  gate = await speakerIn(suite);
  const group = await suite.call('POST', `${base}/groups`, {
    name: 'Hall',
    no: 'VG-1',
    deviceIds: `${hall.id},${gate.id}`,
  });
  groupId = group.json().id;
  chime = await mediaIn(suite, 'Chime');
  bells = await mediaIn(suite, 'Bells');
  theirs = await otherProject(suite);
  outsider = await signInWith(suite.t, theirs.other.id, { pjtnsccontrolcenter: 5 });
  viewer = await signInWith(suite.t, 1, { pjtnsccontrolcenter: 1 });
});

describe('voice on demand', () => {
  it('creates, lists by state, changes and deletes an on-demand task', async () => {
    const t = await create();
    const one = (await json('GET', `${base}/vod/${t.id}`)).json();
    expect(one).toMatchObject({
      name: '午间点播',
      state: 'ready',
      volume: 50,
      repeat: 2,
      groups: [{ id: groupId, name: 'Hall' }],
      media: [
        { id: bells, name: 'Bells', duration: 5.22 },
        { id: chime, name: 'Chime', duration: 5.22 },
      ],
      durationSeconds: 20.88,
      createdBy: 'admin',
      startedAt: null,
      finishedAt: null,
    });
    expect(one.speakers.map((s: { id: number; state: null }) => [s.id, s.state]).sort()).toEqual(
      [
        [hall.id, null],
        [gate.id, null],
      ].sort(),
    );
    const ready = (await json('GET', `${base}/vod/pages?state=ready`)).json();
    expect(ready.list.map((r: { id: number }) => r.id)).toContain(t.id);
    expect((await json('GET', `${base}/vod/pages?state=finished`)).json().list).toEqual([]);
    const changed = await json('PUT', `${base}/vod/${t.id}`, vod({ groupIds: [], deviceIds: [hall.id], repeat: 1 }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ deviceIds: [hall.id], groupIds: [], repeat: 1, durationSeconds: 10.44 });
    expect((await json('DELETE', `${base}/vod/${t.id}`)).json()).toEqual({ id: t.id, deleted: true });
    expect((await json('GET', `${base}/vod/${t.id}`)).statusCode).toBe(404);
  });

  it.each([
    [
      'deviceIds',
      { groupIds: [], deviceIds: [] },
      'Choose at least one speaker or terminal group',
      '请至少选择一个广播终端或终端分组',
    ],
    ['mediaIds', { mediaIds: [] }, 'Choose at least one media file', '请至少选择一个媒体'],
    ['mediaIds', { mediaIds: [1, 1] }, 'A media file may be listed once only', '媒体不能重复'],
    ['volume', { volume: 101 }, 'Allowed range: 0 - 100.', ''],
    ['repeat', { repeat: 100 }, 'Allowed range: 1 - 99.', ''],
    ['name', { name: 'a' }, '', ''],
  ] as const)('refuses a task whose %s breaks a rule, in the caller language', async (field, more, en, zh) => {
    const res = await json('POST', `${base}/vod`, vod(more as Partial<NscVodInput>));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
    expect(res.json().message).toContain(en);
    const chinese = await json('POST', `${base}/vod`, vod(more as Partial<NscVodInput>), suite.admin, 'zh_CN');
    expect(chinese.json().message).toContain(zh);
  });

  it("refuses another project's speaker, media and groups, and another project's caller", async () => {
    const cases = [
      [{ deviceIds: [theirs.speaker.id] }, 'The speaker does not exist or is not in this project'],
      [{ mediaIds: [theirs.media] }, 'The media does not exist or is not in this project'],
      [{ groupIds: [999_999] }, 'The terminal group does not exist or is not in this project'],
    ] as const;
    for (const [more, message] of cases) {
      const res = await json('POST', `${base}/vod`, vod(more as Partial<NscVodInput>));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const t = await create();
    expect((await json('GET', `${base}/vod/${t.id}`, undefined, outsider)).statusCode).toBe(404);
    expect((await json('POST', `${base}/vod/${t.id}/play`, undefined, outsider)).statusCode).toBe(404);
    await json('DELETE', `${base}/vod/${t.id}`);
  });

  it('lets a viewer read the queue but not change or play it', async () => {
    const t = await create();
    expect((await json('GET', `${base}/vod/pages`, undefined, viewer)).statusCode).toBe(200);
    expect((await json('GET', `${base}/vod/${t.id}`, undefined, viewer)).statusCode).toBe(200);
    expect((await json('POST', `${base}/vod`, vod(), viewer)).statusCode).toBe(403);
    expect((await json('POST', `${base}/vod/${t.id}/play`, undefined, viewer)).statusCode).toBe(403);
    expect((await json('DELETE', `${base}/vod/${t.id}`, undefined, viewer)).statusCode).toBe(403);
    await json('DELETE', `${base}/vod/${t.id}`);
  });

  it('leaves a task ready when no speaker takes it, saying each is offline', async () => {
    const t = await create();
    const res = await json('POST', `${base}/vod/${t.id}/play`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vod.state).toBe('ready');
    expect(res.json().speakers.map((s: { outcome: string }) => s.outcome)).toEqual(['offline', 'offline']);
    await json('DELETE', `${base}/vod/${t.id}`);
  });

  it('plays, pauses, continues and turns a task up on its speakers, and finishes when they report the end', async () => {
    const { d: live, device } = await onlineDevice(suite, { type: 'nsc', modelNo: 'nscitc', props: {} }, echo);
    const t = await create({ groupIds: [], deviceIds: [live.id, hall.id], repeat: 3 });
    const play = await json('POST', `${base}/vod/${t.id}/play`);
    expect(play.statusCode, play.body).toBe(200);
    expect(play.json().vod).toMatchObject({ state: 'playing', startedAt: expect.any(String) });
    expect(
      Object.fromEntries(play.json().speakers.map((s: { id: number; outcome: string }) => [s.id, s.outcome])),
    ).toEqual({
      [live.id]: 'sent',
      [hall.id]: 'offline',
    });
    expect(device.received.at(-1)).toMatchObject({
      command: 'vod',
      args: {
        vodId: t.id,
        volume: 50,
        repeat: 3,
        media: [{ id: bells, name: 'Bells', duration: 5.22 }, { id: chime }],
      },
    });
    const parts = (await json('GET', `${base}/vod/${t.id}`)).json().speakers;
    expect(Object.fromEntries(parts.map((s: { id: number; state: string }) => [s.id, s.state]))).toEqual({
      [live.id]: 'playing',
      [hall.id]: 'missed',
    });

    const busy = await json('PUT', `${base}/vod/${t.id}`, vod(), suite.admin, 'zh_CN');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('点播任务正在播放或已暂停，不能修改或删除，请先停止');
    expect((await json('DELETE', `${base}/vod/${t.id}`)).statusCode).toBe(409);
    expect((await json('POST', `${base}/vod/${t.id}/play`)).json().message).toBe(
      'The on-demand task is playing or paused: stop it first',
    );
    expect((await json('POST', `${base}/vod/${t.id}/resume`)).json().message).toBe('The on-demand task is not paused');

    const pause = await json('POST', `${base}/vod/${t.id}/pause`);
    expect(pause.json().vod.state).toBe('paused');
    expect(pause.json().speakers).toEqual([{ id: live.id, name: expect.any(String), outcome: 'sent' }]);
    expect(device.received.at(-1)).toMatchObject({ command: 'vodpause', args: { vodId: t.id } });
    expect((await json('POST', `${base}/vod/${t.id}/resume`)).json().vod.state).toBe('playing');
    expect(device.received.at(-1)).toMatchObject({ command: 'vodresume' });
    const louder = await json('POST', `${base}/vod/${t.id}/volume`, { volume: 80 });
    expect(louder.json().vod.volume).toBe(80);
    expect(device.received.at(-1)).toMatchObject({ command: 'vodvolume', args: { vodId: t.id, volume: 80 } });

    // The speaker reports the end of the task: every speaker that took it is done.
    await device.publish('telemetry', { values: { status: 'idle', vodId: t.id, vodState: 'finished', vodRound: 3 } });
    expect(
      await eventually(
        () => stateOf(t.id),
        (s) => s === 'finished',
      ),
    ).toBe('finished');
    // The push follows the state's change (the server reads the parts once more to say how many are done).
    const finishedPush = (p: (typeof suite.pushes)[number]) =>
      p.kind === 'batch' && p.batchId === nscVodBatchId(t.id) && p.done;
    await eventually(async () => suite.pushes.some(finishedPush), Boolean);
    expect(suite.pushes.find(finishedPush)).toMatchObject({ acknowledged: 1, failed: 1, pending: 0 });
    const done = (await json('GET', `${base}/vod/pages?state=finished`)).json().list;
    expect(done.map((r: { id: number; finishedAt: string }) => [r.id, typeof r.finishedAt])).toContainEqual([
      t.id,
      'string',
    ]);

    // Played again, then stopped: finished at once, the speaker told.
    expect((await json('POST', `${base}/vod/${t.id}/play`)).json().vod.state).toBe('playing');
    const stop = await json('POST', `${base}/vod/${t.id}/stop`);
    expect(stop.json().vod.state).toBe('finished');
    expect(stop.json().speakers).toEqual([{ id: live.id, name: expect.any(String), outcome: 'sent' }]);
    expect(device.received.at(-1)).toMatchObject({ command: 'vodstop', args: { vodId: t.id } });
    expect((await json('POST', `${base}/vod/${t.id}/stop`)).json().message).toBe(
      'The on-demand task is neither playing nor paused',
    );

    // A speaker going away while it plays (the offline sweep's push): its part is over, and so is the task.
    expect((await json('POST', `${base}/vod/${t.id}/play`)).json().vod.state).toBe('playing');
    suite.t.app.iot.hub.publish({
      kind: 'state',
      deviceId: live.id,
      projectId: 1,
      activeState: 0,
      at: new Date().toISOString(),
    });
    expect(
      await eventually(
        () => stateOf(t.id),
        (s) => s === 'finished',
      ),
    ).toBe('finished');
    await device.close();
    expect((await json('DELETE', `${base}/vod/${t.id}`)).statusCode).toBe(200);
  }, 40_000);
});
