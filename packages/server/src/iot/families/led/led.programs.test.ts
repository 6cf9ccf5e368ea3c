import { type LedProgramInput, ledManifest } from '@sc/contract/families/led';
import { describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { commandSuite, connectOnline, echo, jsonCaller, onlineDevice, recordCreator } from '../kit/test-fixtures.js';
import { ledResources } from './led.tables.js';

const suite = commandSuite(ledManifest);
const { base, type: TYPE } = suite;
const json = jsonCaller(suite);
let serial = 0;

const textLayer = {
  type: 'text',
  left: 0,
  top: 0,
  width: 96,
  height: 32,
  text: { subtype: 'singleLine', content: '欢迎' },
};
const clockLayer = { type: 'text', left: 96, top: 0, width: 96, height: 32, text: { subtype: 'digitalClock' } };
const program = (more: Partial<LedProgramInput> = {}): LedProgramInput => ({
  name: '城市公告',
  no: `PG${++serial}`,
  version: 'advanced',
  priority: 3,
  repeatTimes: 2,
  language: 'zh_CN',
  description: '早间公告',
  width: 192,
  height: 96,
  durationSeconds: 30,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  startTime: '06:00',
  endTime: '22:00',
  filter: 'week',
  weekdays: [1, 3, 5],
  layers: [textLayer, clockLayer] as LedProgramInput['layers'],
  ...more,
});
const create = recordCreator<LedProgramInput, { id: number; state: string }>(json, `${base}/programs`, program);
const checked = async () => {
  const p = await create();
  expect((await json('POST', `${base}/programs/${p.id}/check`)).statusCode).toBe(200);
  return p;
};
const screen = () =>
  onlineDevice(suite, { type: TYPE, modelNo: 'ledxx', props: { screenWidth: 192, screenHeight: 96 } }, echo);
const statusOf = (batchId: string) => json('GET', `${base}/batches/${batchId}`).then((r) => r.json());

describe('LED programs', () => {
  it('creates, lists, changes, checks, unchecks and deletes a program', async () => {
    const p = await create();
    const one = (await json('GET', `${base}/programs/${p.id}`)).json();
    expect(one).toMatchObject({
      name: '城市公告',
      state: 'edit',
      filter: 'week',
      weekdays: [1, 3, 5],
      days: [],
      layers: [
        { type: 'text', text: { subtype: 'singleLine', content: '欢迎', align: 'left' }, entryEffect: 'none' },
        { type: 'text', text: { subtype: 'digitalClock', timeZone: 8 } },
      ],
    });
    const list = (await json('GET', `${base}/programs?keyword=城市`)).json();
    expect(list.list.find((r: { id: number }) => r.id === p.id)).toMatchObject({ layerCount: 2, screens: 0 });
    const changed = await json(
      'PUT',
      `${base}/programs/${p.id}`,
      program({ no: one.no, name: '晚间公告', filter: 'none' }),
    );
    expect(changed.json()).toMatchObject({ name: '晚间公告', weekdays: [] });
    const check = await json('POST', `${base}/programs/${p.id}/check`);
    expect(check.json()).toMatchObject({ state: 'checked', checkedBy: expect.any(String) });
    const locked = await json('PUT', `${base}/programs/${p.id}`, program({ no: one.no }), suite.admin, 'zh_CN');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('节目已审核，请先取消审核再修改');
    expect((await json('DELETE', `${base}/programs/${p.id}`)).statusCode).toBe(409);
    expect((await json('POST', `${base}/programs/${p.id}/uncheck`)).json()).toMatchObject({
      state: 'edit',
      checkedBy: null,
    });
    expect((await json('POST', `${base}/programs/${p.id}/uncheck`)).statusCode).toBe(409);
    expect((await json('DELETE', `${base}/programs/${p.id}`)).json()).toEqual({ id: p.id, deleted: true });
    expect((await json('GET', `${base}/programs/${p.id}`)).statusCode).toBe(404);
  });

  const countdown = { ...textLayer, text: { subtype: 'countdown' } };
  const layer = (more: Record<string, unknown>) => ({ ...textLayer, ...more });
  it.each([
    ['name', { name: 'x' }, '2-32 个字符', '2-32'],
    [
      'screen size',
      { width: undefined },
      '请填写屏幕的宽度和高度（像素）',
      'Enter the screen’s width and height in pixels',
    ],
    ['duration', { durationSeconds: undefined }, '请填写播放时长（秒）', 'Enter the duration in seconds'],
    [
      'date range',
      { startDate: '2026-05-02', endDate: '2026-05-01' },
      '结束日期不能早于开始日期',
      'The end date cannot be before the start date',
    ],
    [
      'time range',
      { startTime: '22:00', endTime: '06:00' },
      '结束时间必须晚于开始时间',
      'The end time must be after the start time',
    ],
    [
      'weekdays',
      { filter: 'week', weekdays: [] },
      '按周播放时至少选择一天',
      'Choose at least one weekday when playing by week',
    ],
    ['days', { filter: 'month', days: [] }, '按月播放时至少选择一天', 'Choose at least one day when playing by month'],
    ['no layer', { layers: [] }, '节目至少需要一个图层', 'A program needs at least one layer'],
    ['media type', { layers: [layer({ type: 'gif' })] }, '请选择图层的媒体类型', 'Choose the layer’s media type'],
    [
      'text subtype',
      { layers: [layer({ text: { subtype: 'marquee' } })] },
      '请选择文本类型',
      'Choose the kind of text',
    ],
    [
      'text',
      { layers: [layer({ text: { subtype: 'multiLine', content: ' ' } })] },
      '请输入文本图层的文字',
      'Enter the text of the text layer',
    ],
    ['deadline', { layers: [countdown] }, '倒计时需要截止时间', 'A countdown needs its deadline'],
    [
      'resource',
      { layers: [layer({ type: 'image', text: undefined })] },
      '该图层至少需要一个资源',
      'This layer needs at least one resource',
    ],
    [
      'env device',
      { layers: [layer({ type: 'env', text: undefined })] },
      '环境图层需要选择一个环境监测设备',
      'An environment layer needs an environment monitor',
    ],
    [
      'sole layer',
      { layers: [layer({ type: 'html', resources: [1] }), textLayer] },
      'HTML 或环境节目只能有一个图层',
      'An HTML or environment program holds one layer only',
    ],
    [
      'outside',
      { layers: [layer({ left: 150, width: 96 })] },
      '图层超出屏幕范围（192 × 96 像素）',
      'The layer goes beyond the screen (192 × 96 px)',
    ],
    [
      'colour',
      { layers: [layer({ text: { subtype: 'singleLine', content: 'a', color: 'red' } })] },
      '颜色格式为 #RRGGBB',
      'Colours are written #RRGGBB',
    ],
  ] as const)('refuses a program breaking the rule of the %s, in both languages', async (_, more, zh, en) => {
    for (const [lang, message] of [
      ['zh_CN', zh],
      ['en_US', en],
    ] as const) {
      const res = await json('POST', `${base}/programs`, program(more as Partial<LedProgramInput>), suite.admin, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it("refuses resources and env monitors that are not the project's, and takes those that are", async () => {
    const db = suite.t.database.db;
    const other = await createProject(db, 1, ['led']);
    const [mine] = await db
      .insert(ledResources)
      .values({ projectId: 1, name: '图', no: `R${++serial}`, mediaType: 'image', creator: 'admin' })
      .returning();
    const [theirs] = await db
      .insert(ledResources)
      .values({ projectId: other.id, name: '图', no: `R${++serial}`, mediaType: 'image', creator: 'admin' })
      .returning();
    const image = (id: number) => ({ layers: [{ ...textLayer, type: 'image', text: undefined, resources: [id] }] });
    const refused = await json('POST', `${base}/programs`, program(image(theirs!.id) as never), suite.admin, 'zh_CN');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('资源不存在或不在当前项目中');
    expect((await json('POST', `${base}/programs`, program(image(mine!.id) as never))).statusCode).toBe(200);
    const monitor = await createIotDevice(db, { type: 'envmonitor', modelNo: 'envwifi' });
    const env = (id: number) => ({ layers: [{ ...textLayer, type: 'env', text: undefined, envDeviceId: id }] });
    const lamp = await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb' });
    const notEnv = await json('POST', `${base}/programs`, program(env(lamp.id) as never), suite.admin, 'en_US');
    expect(notEnv.body).toContain('The environment monitor does not exist or is not in the current project');
    expect((await json('POST', `${base}/programs`, program(env(monitor.id) as never))).statusCode).toBe(200);
  });

  it('refuses another project, a check below the check level, and a duplicate number', async () => {
    const p = await create();
    const other = await createProject(suite.t.database.db, 1, ['led']);
    const outsider = await signInWith(suite.t, other.id, { pjtledprogramlist: 10 });
    expect((await json('GET', `${base}/programs/${p.id}`, undefined, outsider)).statusCode).toBe(404);
    expect((await json('POST', `${base}/programs/${p.id}/check`, undefined, outsider)).statusCode).toBe(404);
    const ownBase = `/api/pjts/${other.id}/iot/led`;
    expect((await json('GET', `${ownBase}/programs/${p.id}`, undefined, outsider)).statusCode).toBe(404);
    const editor = await signInWith(suite.t, 1, { pjtledprogramlist: 5 });
    expect((await json('GET', `${base}/programs/${p.id}`, undefined, editor)).statusCode).toBe(200);
    expect((await json('POST', `${base}/programs/${p.id}/check`, undefined, editor)).statusCode).toBe(403);
    const same = await json('POST', `${base}/programs`, {
      ...program(),
      no: (await json('GET', `${base}/programs/${p.id}`)).json().no,
    });
    expect(same.statusCode).toBe(409);
  });

  it('refuses to publish a program that is not checked', async () => {
    const p = await create();
    const s = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'ledxx', props: {} });
    for (const [lang, message] of [
      ['zh_CN', '节目尚未审核，不能发布'],
      ['en_US', 'The program is not checked yet: it cannot be published'],
    ] as const) {
      const res = await json('POST', `${base}/programs/${p.id}/publish`, { ids: [s.id] }, suite.admin, lang);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const none = await json('POST', `${base}/programs/${p.id}/publish`, { ids: [] }, suite.admin, 'zh_CN');
    expect(none.body).toContain('请至少选择一块屏幕');
  });

  it('publishes a checked program to two screens with per-screen progress, and keeps the history', async () => {
    const p = await checked();
    const a = await screen();
    const b = await screen();
    const res = await json('POST', `${base}/programs/${p.id}/publish`, { ids: [a.d.id, b.d.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ command: 'publish', total: 2 });
    const status = await eventually(
      () => statusOf(res.json().batchId),
      (s) => s.done,
    );
    expect(status).toMatchObject({ total: 2, acknowledged: 2, failed: 0 });
    for (const s of [a, b])
      expect(s.device.received.at(-1)).toMatchObject({
        command: 'program',
        args: {
          programId: p.id,
          width: 192,
          height: 96,
          layers: [{ text: { content: '欢迎' } }, { text: { subtype: 'digitalClock' } }],
        },
      });
    await eventually(
      async () => suite.pushes.some((x) => x.kind === 'batch' && x.batchId === res.json().batchId && x.done),
      (seen) => seen,
    );
    const history = (await json('GET', `${base}/publishes?programId=${p.id}`)).json();
    expect(history.list).toEqual([expect.objectContaining({ programId: p.id, total: 2, batchId: res.json().batchId })]);
    const row = (await json('GET', `${base}/programs`)).json().list.find((r: { id: number }) => r.id === p.id);
    expect(row.screens).toBe(2);
    const lamp = await createIotDevice(suite.t.database.db, { type: 'lighting', modelNo: 'lcunb' });
    expect((await json('POST', `${base}/programs/${p.id}/publish`, { ids: [lamp.id] })).statusCode).toBe(404);
    // Each screen's page lists what was published to it, acknowledged.
    const given = (await json('GET', `${base}/${a.d.id}/programs`)).json();
    expect(given).toEqual([
      expect.objectContaining({ programId: p.id, name: '城市公告', delivered: true, deliveredAt: expect.any(String) }),
    ]);
    // Not a screen: refused as its runtime is.
    const notScreen = (await json('GET', `${base}/${lamp.id}/programs`)).statusCode;
    expect(notScreen).toBe((await json('GET', `${base}/${lamp.id}/runtime`)).statusCode);
    expect(notScreen).toBeGreaterThanOrEqual(400);
    await a.device.close();
    await b.device.close();
  });

  it('sends the program to a screen that was offline once it comes back, once', async () => {
    const p = await checked();
    const away = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'ledxx', props: {} });
    const res = await json('POST', `${base}/programs/${p.id}/publish`, { ids: [away.id] });
    const status = await eventually(
      () => statusOf(res.json().batchId),
      (s) => s.done,
    );
    expect(status.results[0]).toMatchObject({ ok: false, error: 'offline' });
    expect((await json('GET', `${base}/${away.id}/programs`)).json()).toEqual([
      expect.objectContaining({ programId: p.id, delivered: false, deliveredAt: null }),
    ]);
    const device = await connectOnline(suite, away, echo);
    const received = await eventually(
      async () => device.received.filter((r) => r.command === 'program'),
      (list) => list.length > 0,
    );
    expect(received[0]).toMatchObject({ args: { programId: p.id, name: '城市公告' } });
    await device.publish('heartbeat', {});
    await new Promise((r) => setTimeout(r, 1000));
    expect(device.received.filter((r) => r.command === 'program')).toHaveLength(1);
    expect((await json('GET', `${base}/${away.id}/programs`)).json()[0]).toMatchObject({ delivered: true });
    await device.close();
  });
});
