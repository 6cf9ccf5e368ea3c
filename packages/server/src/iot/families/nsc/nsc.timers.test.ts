import type { NscTimerInput } from '@sc/contract/families/nsc';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { eventually } from '../../test-device.js';
import { commandSuite, connectOnline, echo, jsonCaller, onlineDevice, recordCreator } from '../kit/test-fixtures.js';
import { mediaIn, otherProject, speakerIn } from './nsc.test-fixtures.js';

const suite = commandSuite({ type: 'nsc', slug: 'nsc' });
const { base } = suite;
const json = jsonCaller(suite);
let hall: Awaited<ReturnType<typeof speakerIn>>;
let chime: number;
let theirs: Awaited<ReturnType<typeof otherProject>>;
let outsider: string;
let viewer: string;

const timer = (more: Partial<NscTimerInput> = {}): NscTimerInput => ({
  name: '晨间广播',
  type: 'file',
  mode: 'week',
  weekdays: [5, 1],
  startTime: '07:30',
  durationSeconds: 900,
  volume: 55,
  deviceIds: [hall.id],
  groupIds: [],
  mediaIds: [chime],
  ...more,
});
const create = recordCreator<NscTimerInput, { id: number; enabled: boolean }>(json, `${base}/timers`, timer);
const removeAll = async () => {
  for (const t of (await json('GET', `${base}/timers/pages?pageSize=100`)).json().list as { id: number }[])
    await json('DELETE', `${base}/timers/${t.id}`);
};
const outcomes = (body: { speakers: { id: number; outcome: string }[] }) =>
  Object.fromEntries(body.speakers.map((s) => [s.id, s.outcome]));

beforeAll(async () => {
  hall = await speakerIn(suite);
  chime = await mediaIn(suite, 'Chime');
  theirs = await otherProject(suite);
  outsider = await signInWith(suite.t, theirs.other.id, { pjtnsccontrolcenter: 5 });
  viewer = await signInWith(suite.t, 1, { pjtnsccontrolcenter: 1 });
});

describe('timer broadcasts', () => {
  it('creates a timer disabled, keeps what its type and mode use, changes and deletes it', async () => {
    const t = await create({ date: '2026-05-01' });
    const one = (await json('GET', `${base}/timers/${t.id}`)).json();
    expect(one).toMatchObject({
      name: '晨间广播',
      enabled: false,
      startTime: '07:30:00',
      endTime: '07:45:00',
      weekdays: [1, 5],
      date: null,
      devices: [{ id: hall.id, name: expect.any(String) }],
      media: [{ id: chime, name: 'Chime', duration: 5.22 }],
      speakers: [{ id: hall.id, name: expect.any(String) }],
      createdBy: 'admin',
    });
    const mic = await json(
      'PUT',
      `${base}/timers/${t.id}`,
      timer({ type: 'mic', mode: 'single', date: '2026-05-01', startTime: '23:50:30', durationSeconds: 1200 }),
    );
    expect(mic.statusCode, mic.body).toBe(200);
    expect(mic.json()).toMatchObject({
      timer: { type: 'mic', mediaIds: [], weekdays: [], date: '2026-05-01', endTime: '00:10:30' },
      speakers: [],
    });
    expect((await json('GET', `${base}/timers/pages?enabled=false`)).json().list).toHaveLength(1);
    expect((await json('GET', `${base}/timers/pages?enabled=true`)).json().list).toHaveLength(0);
    expect((await json('DELETE', `${base}/timers/${t.id}`)).json()).toEqual({ id: t.id, deleted: true });
    expect((await json('GET', `${base}/timers/${t.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['weekdays', { mode: 'week', weekdays: [] }, 'Choose at least one weekday', '请至少选择一个星期'],
    ['date', { mode: 'single', date: '' }, 'Choose the date', '请选择日期'],
    [
      'mediaIds',
      { type: 'file', mediaIds: [] },
      'A file timer needs at least one media file',
      '文件类型须至少选择一个媒体',
    ],
    [
      'deviceIds',
      { deviceIds: [], groupIds: [] },
      'Choose at least one speaker or terminal group',
      '请至少选择一个广播终端或终端分组',
    ],
    ['startTime', { startTime: '24:00:00' }, 'Enter the start time as HH:mm:ss', '请输入时:分:秒格式的开始时间'],
    ['durationSeconds', { durationSeconds: 86_401 }, 'Allowed range: 1 - 86400.', ''],
    ['volume', { volume: -1 }, 'Allowed range: 0 - 100.', ''],
    ['type', { type: 'radio' as 'mic' }, '', ''],
  ] as const)('refuses a timer whose %s breaks a rule, in the caller language', async (field, more, en, zh) => {
    const res = await json('POST', `${base}/timers`, timer(more as Partial<NscTimerInput>));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
    expect(res.json().message).toContain(en);
    const chinese = await json('POST', `${base}/timers`, timer(more as Partial<NscTimerInput>), suite.admin, 'zh_CN');
    expect(chinese.json().message).toContain(zh);
  });

  it("refuses another project's speaker and media, another project's caller and a viewer's changes", async () => {
    for (const [more, message] of [
      [{ deviceIds: [theirs.speaker.id] }, 'The speaker does not exist or is not in this project'],
      [{ mediaIds: [theirs.media] }, 'The media does not exist or is not in this project'],
    ] as const) {
      const res = await json('POST', `${base}/timers`, timer(more));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const t = await create();
    expect((await json('GET', `${base}/timers/${t.id}`, undefined, outsider)).statusCode).toBe(404);
    expect((await json('GET', `${base}/timers/pages`, undefined, viewer)).statusCode).toBe(200);
    expect((await json('POST', `${base}/timers/${t.id}/enable`, undefined, viewer)).statusCode).toBe(403);
    expect((await json('POST', `${base}/timers`, timer(), viewer)).statusCode).toBe(403);
    await removeAll();
  });

  it('refuses the 51st timer of a project', async () => {
    for (let i = 0; i < 50; i++) await create();
    const res = await json('POST', `${base}/timers`, timer(), suite.admin, 'zh_CN');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('每个项目最多 50 个定时广播');
    await removeAll();
  }, 30_000);

  it('sends each speaker its enabled timers, resends on change, withdraws on disable; one offline gets them back', async () => {
    const { d: live, device } = await onlineDevice(suite, { type: 'nsc', modelNo: 'nscitc', props: {} }, echo);
    const away = await speakerIn(suite);
    const t = await create({ deviceIds: [live.id, away.id] });
    const other = await create({ name: '午间广播', deviceIds: [live.id], startTime: '12:00:00' });
    expect((await json('POST', `${base}/timers/${other.id}/enable`)).statusCode).toBe(200);

    const on = await json('POST', `${base}/timers/${t.id}/enable`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().timer.enabled).toBe(true);
    expect(outcomes(on.json())).toEqual({ [live.id]: 'sent', [away.id]: 'offline' });
    const sent = device.received.at(-1)!;
    expect(sent.command).toBe('timers');
    expect((sent.args as { timers: { timerId: number }[] }).timers.map((x) => x.timerId).sort()).toEqual(
      [t.id, other.id].sort(),
    );
    expect(sent.args).toMatchObject({
      timers: expect.arrayContaining([
        expect.objectContaining({
          timerId: t.id,
          type: 'file',
          mode: 'week',
          weekdays: [1, 5],
          startTime: '07:30:00',
          durationSeconds: 900,
          volume: 55,
          tz: expect.any(Number),
          media: [{ id: chime, name: 'Chime', duration: 5.22 }],
        }),
      ]),
    });
    const again = await json('POST', `${base}/timers/${t.id}/enable`, undefined, suite.admin, 'zh_CN');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('定时广播已启用');

    // Changed while enabled: sent again to its speakers, before and after.
    const louder = await json('PUT', `${base}/timers/${t.id}`, timer({ deviceIds: [live.id], volume: 90 }));
    expect(outcomes(louder.json())).toEqual({ [live.id]: 'sent', [away.id]: 'offline' });
    expect(device.received.at(-1)!.args).toMatchObject({
      timers: expect.arrayContaining([expect.objectContaining({ volume: 90 })]),
    });

    // The speaker that was away comes back: its list, now without the timer it lost.
    const back = await connectOnline(suite, away, echo);
    const synced = await eventually(
      async () => back.received.filter((r) => r.command === 'timers'),
      (list) => list.length > 0,
    );
    expect(synced[0]!.args).toEqual({ timers: [] });
    await back.close();

    const off = await json('POST', `${base}/timers/${t.id}/disable`);
    expect(off.json().timer.enabled).toBe(false);
    expect(outcomes(off.json())).toEqual({ [live.id]: 'sent' });
    expect((device.received.at(-1)!.args as { timers: { timerId: number }[] }).timers.map((x) => x.timerId)).toEqual([
      other.id,
    ]);
    // Deleting an enabled timer withdraws it too.
    await json('DELETE', `${base}/timers/${other.id}`);
    expect(device.received.at(-1)).toMatchObject({ command: 'timers', args: { timers: [] } });
    await device.close();
    await removeAll();
  }, 40_000);
});
