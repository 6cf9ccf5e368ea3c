import { type NscTaskInput, nscManifest } from '@sc/contract/families/nsc';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import {
  commandSuite,
  connectOnline,
  echo,
  jsonCaller,
  onlineDevice,
  recordCreator,
  type TestDevice,
} from '../kit/test-fixtures.js';
import { mediaIn } from './nsc.test-fixtures.js';

const suite = commandSuite(nscManifest);
const { base, type: TYPE } = suite;
const json = jsonCaller(suite);
let serial = 0;
let hall: TestDevice;
let gate: TestDevice;
let groupId: number;
let mediaGroupId: number;
let chime: number;
let other: { id: number };
let outsider: string;

const speaker = (props = {}) => createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'nscitc', props });
const mediaRow = (name: string, projectId = 1) => mediaIn(suite, name, projectId);

const task = (more: Partial<NscTaskInput> = {}): NscTaskInput => ({
  name: '早间广播',
  no: `T${++serial}`,
  beginDate: '2026-01-01',
  endDate: '2026-12-31',
  startTime: '08:00',
  priority: 3,
  volume: 60,
  playMode: 'cycle',
  durationSeconds: 600,
  dateMode: 'week',
  weekdays: [1, 3, 5],
  dates: [],
  targetMode: 'group',
  groupIds: [groupId],
  deviceIds: [],
  sourceMode: 'group',
  mediaGroupIds: [mediaGroupId],
  mediaIds: [],
  ...more,
});
const create = recordCreator<NscTaskInput, { id: number; no: string; state: string }>(json, `${base}/tasks`, task);
const checked = async (more: Partial<NscTaskInput> = {}) => {
  const t = await create(more);
  const res = await json('POST', `${base}/tasks/${t.id}/check`);
  expect(res.statusCode, res.body).toBe(200);
  return t;
};
const removeAll = async () => {
  for (const t of (await json('GET', `${base}/tasks?pageSize=100`)).json().list as {
    id: number;
    running: boolean;
    state: string;
  }[]) {
    if (t.state === 'checked') await json('POST', `${base}/tasks/${t.id}/uncheck`);
    await json('DELETE', `${base}/tasks/${t.id}`);
  }
};

beforeAll(async () => {
  hall = await speaker();
  gate = await speaker();
  const group = await suite.call('POST', `${base}/groups`, {
    name: 'Hall',
    no: 'TG-1',
    deviceIds: `${hall.id},${gate.id}`,
  });
  groupId = group.json().id;
  chime = await mediaRow('Chime');
  const bells = await mediaRow('Bells');
  const mg = await suite.call('POST', `${base}/mediagroups`, {
    groupId: '7',
    name: 'Morning',
    mediaIds: `${bells},${chime}`,
  });
  mediaGroupId = mg.json().id;
  other = await createProject(suite.t.database.db, 1, ['nsc']);
  outsider = await signInWith(suite.t, other.id, { pjtnsctasklist: 10 });
});

describe('timed tasks', () => {
  it('creates, lists, changes, checks, unchecks and deletes a task', async () => {
    const t = await create({ dateMode: 'week', weekdays: [5, 1, 3], dates: ['2026-02-02'] });
    const one = (await json('GET', `${base}/tasks/${t.id}`)).json();
    expect(one).toMatchObject({
      name: '早间广播',
      state: 'edit',
      running: false,
      weekdays: [1, 3, 5],
      dates: [],
      endTime: '08:10',
      targets: [{ id: groupId, name: 'Hall' }],
      sources: [{ id: mediaGroupId, name: 'Morning' }],
      speakers: expect.arrayContaining([{ id: hall.id, name: expect.any(String) }]),
      creator: 'admin',
    });
    expect(one.speakers).toHaveLength(2);
    const list = (await json('GET', `${base}/tasks`)).json();
    expect(list.list.map((r: { id: number }) => r.id)).toContain(t.id);
    const changed = await json(
      'PUT',
      `${base}/tasks/${t.id}`,
      task({ no: t.no, name: '晚间广播', targetMode: 'endpoint', deviceIds: [hall.id], durationSeconds: 90 }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: '晚间广播', groupIds: [], deviceIds: [hall.id], endTime: '08:01:30' });
    const check = await json('POST', `${base}/tasks/${t.id}/check`);
    expect(check.json()).toMatchObject({ state: 'checked', checkedBy: 'admin' });
    const locked = await json('PUT', `${base}/tasks/${t.id}`, task({ no: t.no }), suite.admin, 'zh_CN');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('已审核的任务不能修改或删除，请先取消审核');
    expect((await json('DELETE', `${base}/tasks/${t.id}`)).statusCode).toBe(409);
    expect((await json('POST', `${base}/tasks/${t.id}/check`)).json().message).toBe('The task is already checked');
    expect((await json('POST', `${base}/tasks/${t.id}/uncheck`)).json()).toMatchObject({
      state: 'edit',
      checkedBy: null,
    });
    expect((await json('DELETE', `${base}/tasks/${t.id}`)).statusCode).toBe(200);
    expect((await json('GET', `${base}/tasks/${t.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['weekdays', { dateMode: 'week', weekdays: [] }, 'Choose at least one weekday'],
    ['dates', { dateMode: 'date', dates: [] }, 'Choose at least one date'],
    ['dates', { dateMode: 'date', dates: ['2027-01-01'] }, 'Dates must lie between the begin and end dates'],
    ['endDate', { beginDate: '2026-05-01', endDate: '2026-04-01' }, 'The end date may not be before the begin date'],
    ['durationSeconds', { startTime: '23:50', durationSeconds: 601 }, 'A task ends the day it starts'],
    ['groupIds', { targetMode: 'group', groupIds: [] }, 'Choose at least one terminal group'],
    ['deviceIds', { targetMode: 'endpoint', deviceIds: [] }, 'Choose at least one speaker'],
    ['mediaGroupIds', { sourceMode: 'group', mediaGroupIds: [] }, 'Choose at least one media group'],
    ['mediaIds', { sourceMode: 'media', mediaIds: [] }, 'Choose at least one media file'],
    ['volume', { volume: 101 }, 'Allowed range: 0 - 100.'],
    ['startTime', { startTime: '25:00' }, ''],
    ['name', { name: 'a' }, ''],
  ] as const)('refuses a task whose %s breaks a rule', async (field, more, message) => {
    const res = await json('POST', `${base}/tasks`, task(more as Partial<NscTaskInput>));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors?.[0]?.field ?? field).toBe(field);
    expect(res.json().message).toContain(message);
  });

  it('says the rules in Chinese too', async () => {
    const res = await json('POST', `${base}/tasks`, task({ dateMode: 'week', weekdays: [] }), suite.admin, 'zh_CN');
    expect(res.json().message).toBe('请至少选择一个星期');
  });

  it('refuses groups, speakers and media not of the project, a taken no, and more than 10 tasks', async () => {
    const theirs = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'nscitc', projectId: other.id });
    const theirMedia = await mediaRow('Theirs', other.id);
    const cases = [
      [{ groupIds: [999_999] }, 'The terminal group does not exist or is not in this project'],
      [{ targetMode: 'endpoint', deviceIds: [theirs.id] }, 'The speaker does not exist or is not in this project'],
      [{ mediaGroupIds: [999_999] }, 'The media group does not exist or is not in this project'],
      [{ sourceMode: 'media', mediaIds: [theirMedia] }, 'The media does not exist or is not in this project'],
    ] as const;
    for (const [more, message] of cases) {
      const res = await json('POST', `${base}/tasks`, task(more as Partial<NscTaskInput>));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const first = await create();
    const dup = await json('POST', `${base}/tasks`, task({ no: first.no }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This project already has a timed task with this no');
    await removeAll();
    for (let i = 0; i < 10; i++) await create();
    const eleventh = await json('POST', `${base}/tasks`, task(), suite.admin, 'zh_CN');
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe('每个项目最多 10 个定时任务');
    await removeAll();
  });

  it("refuses another project's caller, and check without the check level", async () => {
    const t = await create();
    expect((await json('GET', `${base}/tasks/${t.id}`, undefined, outsider)).statusCode).toBe(404);
    expect((await json('POST', `${base}/tasks`, task(), outsider)).statusCode).toBe(404);
    expect((await json('POST', `${base}/tasks/${t.id}/check`, undefined, outsider)).statusCode).toBe(404);
    const theirs = `/api/pjts/${other.id}/iot/nsc`;
    expect((await json('GET', `${theirs}/tasks/${t.id}`, undefined, outsider)).statusCode).toBe(404);
    const editor = await signInWith(suite.t, 1, { pjtnsctasklist: 5 });
    expect((await json('POST', `${base}/tasks/${t.id}/check`, undefined, editor)).statusCode).toBe(403);
    expect((await json('GET', `${base}/tasks/${t.id}`, undefined, editor)).statusCode).toBe(200);
    await removeAll();
  });

  it('refuses to start an unchecked task, or stop one not started', async () => {
    const t = await create();
    const start = await json('POST', `${base}/tasks/${t.id}/start`, undefined, suite.admin, 'zh_CN');
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe('任务未审核，不能启动');
    expect((await json('POST', `${base}/tasks/${t.id}/stop`)).json().message).toBe('The task is not started');
    await removeAll();
  });

  it('starts a task on its speakers (an offline one gets it when it comes back), and stops it', async () => {
    const { d: live, device } = await onlineDevice(suite, { type: TYPE, modelNo: 'nscitc', props: {} }, echo);
    const away = await speaker();
    const t = await checked({ targetMode: 'endpoint', deviceIds: [live.id, away.id], volume: 45 });
    const res = await json('POST', `${base}/tasks/${t.id}/start`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json();
    expect(run.task).toMatchObject({ running: true });
    expect(Object.fromEntries(run.speakers.map((s: { id: number; outcome: string }) => [s.id, s.outcome]))).toEqual({
      [live.id]: 'sent',
      [away.id]: 'offline',
    });
    expect(device.received.at(-1)).toMatchObject({
      command: 'task',
      args: {
        taskId: t.id,
        startTime: '08:00',
        durationSeconds: 600,
        volume: 45,
        weekdays: [1, 3, 5],
        tz: expect.any(Number),
        media: [
          { name: 'Bells', duration: 5.22 },
          { name: 'Chime', duration: 5.22 },
        ],
      },
    });
    expect((await json('POST', `${base}/tasks/${t.id}/start`)).json().message).toBe('The task is already started');
    const back = await connectOnline(suite, away, echo);
    const synced = await eventually(
      async () => back.received.filter((r) => r.command === 'tasks'),
      (list) => list.length > 0,
    );
    expect(synced[0]!.args).toMatchObject({ tasks: [{ taskId: t.id, volume: 45 }] });
    await back.close();

    const stop = await json('POST', `${base}/tasks/${t.id}/stop`);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().task.running).toBe(false);
    expect(device.received.at(-1)).toMatchObject({ command: 'untask', args: { taskId: t.id } });
    await device.close();
    await removeAll();
  }, 40_000);

  it('answers silent for a speaker that does not reply and keeps the task for it', async () => {
    const { d, device } = await onlineDevice(suite, { type: TYPE, modelNo: 'nscitc', props: {} }, () => null);
    const t = await checked({ targetMode: 'endpoint', deviceIds: [d.id] });
    const res = await json('POST', `${base}/tasks/${t.id}/start`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().speakers).toEqual([{ id: d.id, name: expect.any(String), outcome: 'silent' }]);
    const rows = await queryRows(
      suite.t.database.db,
      sql`select command, delivered from nsc_task_speakers where device_id = ${d.id}`,
    );
    expect(rows).toEqual([{ command: 'task', delivered: false }]);
    await device.close();
    await removeAll();
  }, 40_000);

  it('finds conflicts on a shared speaker and shows the week of what plays where', async () => {
    const a = await create({ name: 'Morning', startTime: '08:00', durationSeconds: 1800, weekdays: [1] });
    await create({ name: 'Evening', startTime: '18:00', durationSeconds: 600, weekdays: [1] });
    const probe = (more: Partial<NscTaskInput>) => json('POST', `${base}/tasks/conflicts`, task(more));
    const clash = await probe({ startTime: '08:20', weekdays: [1, 2], targetMode: 'endpoint', deviceIds: [hall.id] });
    expect(clash.statusCode, clash.body).toBe(200);
    expect(clash.json()).toEqual([
      {
        taskId: a.id,
        name: 'Morning',
        no: expect.any(String),
        startTime: '08:00',
        endTime: '08:30',
        date: '2026-01-05',
        speakers: [{ id: hall.id, name: expect.any(String) }],
      },
    ]);
    expect((await probe({ startTime: '08:30', weekdays: [1] })).json()).toEqual([]);
    expect((await probe({ startTime: '08:00', weekdays: [2] })).json()).toEqual([]);
    expect(
      (
        await probe({ startTime: '08:00', weekdays: [1], targetMode: 'endpoint', deviceIds: [(await speaker()).id] })
      ).json(),
    ).toEqual([]);
    expect((await probe({ id: a.id, startTime: '08:00', weekdays: [1] } as Partial<NscTaskInput>)).json()).toEqual([]);
    expect(
      (await probe({ dateMode: 'date', dates: ['2026-03-02', '2026-03-03'], startTime: '08:29' })).json()[0],
    ).toMatchObject({ date: '2026-03-02' });

    await create({ name: 'Overlap', startTime: '08:15', durationSeconds: 60, weekdays: [1] });
    const week = (await json('GET', `${base}/tasks/week?from=2026-03-02`)).json();
    expect(week.from).toBe('2026-03-02');
    expect(week.days).toHaveLength(7);
    expect(week.days[0]).toMatchObject({ date: '2026-03-02', weekday: 1 });
    expect(week.days[0].entries.map((e: { name: string; conflict: boolean }) => [e.name, e.conflict])).toEqual([
      ['Morning', true],
      ['Overlap', true],
      ['Evening', false],
    ]);
    expect(week.days[1].entries).toEqual([]);
    expect((await json('GET', `${base}/tasks/week`)).json().today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await removeAll();
  });
});
