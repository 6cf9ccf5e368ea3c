import { type LedProgramInput, ledManifest } from '@sc/contract/families/led';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceGroups, devices } from '../../../db/schema/index.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { commandSuite, echo, jsonCaller, onlineDevice } from '../kit/test-fixtures.js';

const suite = commandSuite(ledManifest);
const { base, type: TYPE } = suite;
const json = jsonCaller(suite);
const db = () => suite.t.database.db;
let serial = 0;

const program: LedProgramInput = {
  name: '分组公告',
  no: 'PGG1',
  width: 192,
  height: 96,
  durationSeconds: 30,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  startTime: '06:00',
  endTime: '22:00',
  layers: [{ type: 'text', left: 0, top: 0, width: 96, height: 32, text: { subtype: 'singleLine', content: '欢迎' } }],
};
const checkedProgram = async () => {
  const res = await json('POST', `${base}/programs`, { ...program, no: `PGG${++serial}` });
  expect(res.statusCode, res.body).toBe(200);
  expect((await json('POST', `${base}/programs/${res.json().id}/check`)).statusCode).toBe(200);
  return res.json().id as number;
};
const group = async (name: string, projectId = 1) => {
  const [g] = await db()
    .insert(deviceGroups)
    .values({ projectId, name, no: `LEDG${++serial}` })
    .returning();
  return g!;
};
const into = (groupId: number, ids: number[]) => db().update(devices).set({ groupId }).where(inArray(devices.id, ids));
const screen = () => onlineDevice(suite, { type: TYPE, modelNo: 'ledxx', props: {} }, echo);
const publish = (programId: number, body: unknown, lang = 'en_US') =>
  json('POST', `${base}/programs/${programId}/publish`, body, suite.admin, lang);

describe('LED programs published to device groups', () => {
  it('unfolds groups to their screens, each screen once, with per-screen progress', async () => {
    const programId = await checkedProgram();
    const a = await screen();
    const b = await screen();
    const c = await screen();
    const lamp = await createIotDevice(db(), { type: 'lighting', modelNo: 'lcunb' });
    const north = await group('北区屏幕');
    const south = await group('南区屏幕');
    await into(north.id, [a.d.id, b.d.id, lamp.id]);
    await into(south.id, [c.d.id]);

    // The dialog's groups: those holding screens, with how many (the lamp is not counted).
    const offered = (await json('GET', `${base}/programs/groups`)).json();
    expect(offered).toEqual(
      expect.arrayContaining([
        { id: north.id, name: '北区屏幕', no: north.no, screens: 2 },
        { id: south.id, name: '南区屏幕', no: south.no, screens: 1 },
      ]),
    );

    // a chosen by itself and through its group, the group twice: three screens, each once.
    const res = await publish(programId, { ids: [a.d.id], groupIds: [north.id, south.id, north.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ command: 'publish', total: 3 });
    const status = await eventually(
      () => json('GET', `${base}/batches/${res.json().batchId}`).then((r) => r.json()),
      (s) => s.done,
    );
    expect(status).toMatchObject({ total: 3, acknowledged: 3, failed: 0 });
    expect(status.results.map((r: { deviceId: number }) => r.deviceId).sort()).toEqual([a.d.id, b.d.id, c.d.id].sort());
    for (const s of [a, b, c]) {
      const programs = s.device.received.filter((r) => r.command === 'program');
      expect(programs).toHaveLength(1);
      expect(programs[0]).toMatchObject({ args: { programId } });
    }
    const history = (await json('GET', `${base}/publishes?programId=${programId}`)).json();
    expect(history.list[0]).toMatchObject({ total: 3 });
    for (const s of [a, b, c]) await s.device.close();
  });

  it('refuses a group without screens in the caller’s language, and nothing chosen', async () => {
    const programId = await checkedProgram();
    const lamp = await createIotDevice(db(), { type: 'lighting', modelNo: 'lcunb' });
    const lamps = await group('路灯组');
    await into(lamps.id, [lamp.id]);
    const bare = await group('空分组');
    for (const [g, lang, message] of [
      [lamps, 'zh_CN', '分组“路灯组”中没有 LED 屏幕'],
      [bare, 'en_US', 'Group “空分组” holds no LED screens'],
    ] as const) {
      const res = await publish(programId, { groupIds: [g.id] }, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const offered = (await json('GET', `${base}/programs/groups`)).json() as { id: number }[];
    expect(offered.map((g) => g.id)).not.toContain(lamps.id);
    expect(offered.map((g) => g.id)).not.toContain(bare.id);
    for (const [body, lang, message] of [
      [{}, 'en_US', 'Choose at least one screen or group'],
      [{ ids: [], groupIds: [] }, 'zh_CN', '请至少选择一块屏幕或一个分组'],
      [{ groupIds: [0] }, 'en_US', 'A valid parameter is required'],
    ] as const) {
      const res = await publish(programId, body, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it("refuses another project's group and an unknown one, and lists only the project's groups", async () => {
    const programId = await checkedProgram();
    const other = await createProject(db(), null, ['led']);
    const theirs = await createIotDevice(db(), { type: TYPE, modelNo: 'ledxx', projectId: other.id, props: {} });
    const foreign = await group('外部分组', other.id);
    await into(foreign.id, [theirs.id]);
    expect((await publish(programId, { groupIds: [foreign.id] })).statusCode).toBe(404);
    expect((await publish(programId, { groupIds: [999_999] })).statusCode).toBe(404);
    const offered = (await json('GET', `${base}/programs/groups`)).json() as { id: number }[];
    expect(offered.map((g) => g.id)).not.toContain(foreign.id);
    // Nothing was sent or assigned to the other project's screen.
    expect((await json('GET', `${base}/${theirs.id}/programs`)).statusCode).toBe(404);
  });
});
