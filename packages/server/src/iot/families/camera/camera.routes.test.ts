import { cameraManifest } from '@sc/contract/families/camera';
import { describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { type Answer, commandSuite, echo, jsonCaller, listOf, onlineDevice } from '../kit/test-fixtures.js';

const suite = commandSuite(cameraManifest);
const { call, base, type: TYPE } = suite;
const json = jsonCaller(suite);

const PTZ = { streamMode: 'hls', ptzSupported: true, code: 'C-0001', serialNumber: 'SN123', dssChannel: 2 };
const fixed = () =>
  createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'dahuadss', props: { streamMode: 'rtsp' } });
const connected = (answer: Answer, props: Record<string, unknown> = PTZ) =>
  onlineDevice(suite, { type: TYPE, modelNo: 'dahuadss', props }, answer);

describe('cameras list', () => {
  it('pages the cameras with their codes, stream mode and PTZ; filters by PTZ and online state', async () => {
    const dome = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'dahuadss', props: PTZ });
    const bullet = await fixed();
    const list = await listOf(call, `${base}/pages?pageSize=100`);
    expect(list.find((x) => x.id === dome.id)).toMatchObject({
      name: dome.name,
      code: 'C-0001',
      serialNumber: 'SN123',
      streamMode: 'hls',
      ptzSupported: true,
      parentName: null,
      live: 'idle',
    });
    expect(list.find((x) => x.id === bullet.id)).toMatchObject({ ptzSupported: false, code: null, streamMode: 'rtsp' });
    const ptz = (await listOf(call, `${base}/pages?ptz=true&pageSize=100`)).map((x) => x.id);
    expect(ptz).toContain(dome.id);
    expect(ptz).not.toContain(bullet.id);
    const none = (await listOf(call, `${base}/pages?ptz=false&pageSize=100`)).map((x) => x.id);
    expect(none).toContain(bullet.id);
    expect(none).not.toContain(dome.id);
    const found = (await call('GET', `${base}/pages?keyword=${dome.no}`)).json().list;
    expect(found.map((x: { id: number }) => x.id)).toEqual([dome.id]);
    const zh = await call('GET', `${base}/pages?ptz=maybe`, undefined, suite.admin, 'zh_CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toContain('请输入有效的参数');
  });
});

describe('talking to a camera', () => {
  it('reboots, syncs its time with the server’s, takes snapshots (the setting by default) and moves', async () => {
    const { d, device } = await connected(echo);
    const reboot = await call('POST', `${base}/${d.id}/reboot`);
    expect(reboot.statusCode, reboot.body).toBe(200);
    expect(reboot.json()).toMatchObject({ command: 'reboot', ok: true });
    const before = Date.now();
    expect((await call('POST', `${base}/${d.id}/synctime`)).statusCode).toBe(200);
    const time = Date.parse(device.received.at(-1)!.args.time as string);
    expect(time).toBeGreaterThanOrEqual(before - 1000);
    expect((await call('POST', `${base}/${d.id}/snapshot`)).statusCode).toBe(200);
    expect(device.received.at(-1)).toMatchObject({ command: 'snapshot', args: { count: 4 } });
    expect((await json('POST', `${base}/${d.id}/snapshot`, { count: 16 })).statusCode).toBe(200);
    expect(device.received.at(-1)).toMatchObject({ args: { count: 16 } });
    const move = await json('POST', `${base}/${d.id}/ptz`, { action: 'left', speed: 6 });
    expect(move.statusCode, move.body).toBe(200);
    expect(device.received.at(-1)).toMatchObject({ command: 'ptz', args: { action: 'left', speed: 6 } });
    expect((await call('POST', `${base}/${d.id}/ptz`, { action: 'stop' })).statusCode).toBe(200);
    expect(device.received.at(-1)).toMatchObject({ command: 'ptz', args: { action: 'stop', speed: 4 } });
    expect((await json('POST', `${base}/${d.id}/preset`, { action: 'goto', index: 3 })).statusCode).toBe(200);
    expect(device.received.at(-1)).toMatchObject({ command: 'preset', args: { action: 'goto', index: 3 } });
    await device.close();
  });
  it.each([
    ['zh_CN', 'snapshot', { count: 0 }, '允许的取值范围：1 - 16'],
    ['en_US', 'snapshot', { count: 17 }, '16'],
    ['en_US', 'ptz', { action: 'spin' }, 'A valid parameter is required'],
    ['en_US', 'ptz', { action: 'left', speed: 9 }, '8'],
    ['zh_CN', 'preset', { action: 'goto', index: 256 }, '255'],
    ['en_US', 'preset', { action: 'goto' }, ''],
  ] as const)('refuses bad arguments in the caller’s language (%s %s %j)', async (lang, command, body, message) => {
    const d = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'dahuadss', props: PTZ });
    const res = await json('POST', `${base}/${d.id}/${command}`, body, suite.admin, lang);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
  });
  it('refuses PTZ and presets of a camera without PTZ, in the caller’s language', async () => {
    const d = await fixed();
    const zh = await json('POST', `${base}/${d.id}/ptz`, { action: 'left' }, suite.admin, 'zh_CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('该摄像机不支持云台控制');
    const en = await json('POST', `${base}/${d.id}/preset`, { action: 'set', index: 1 });
    expect(en.json().message).toBe('This camera has no PTZ');
  });
  it('answers 409 for an offline camera and 504 for a silent one', async () => {
    const away = await fixed();
    const offline = await call('POST', `${base}/${away.id}/reboot`, undefined, suite.admin, 'zh_CN');
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe('设备离线或通讯异常，请稍后重试');
    const { d, device } = await connected(() => null);
    expect((await json('POST', `${base}/${d.id}/ptz`, { action: 'up' })).statusCode).toBe(504);
    await device.close();
  });
  it('registers and unregisters a camera', async () => {
    await suite.expectReregistered((await fixed()).id);
  });
});

describe('permissions and scope', () => {
  it('lets a viewer read but not command', async () => {
    const d = await fixed();
    await suite.expectStatuses(await signInWith(suite.t, 1, { pjtdevicecameralist: 1 }), [
      [200, 'GET', `${base}/pages`],
      [403, 'POST', `${base}/${d.id}/reboot`],
    ]);
  });
  it("refuses another project's cameras", async () => {
    const d = await fixed();
    const other = await createProject(suite.t.database.db, 1, ['video']);
    const outsider = await signInWith(suite.t, other.id, { pjtdevicecameralist: 5 });
    expect((await call('POST', `${base}/${d.id}/reboot`, undefined, outsider)).statusCode).toBe(404);
    const own = `/api/pjts/${other.id}/iot/camera`;
    expect((await call('POST', `${own}/${d.id}/reboot`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('POST', `${own}/${d.id}/ptz`, { action: 'left' }, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${own}/pages`, undefined, outsider)).json().total).toBe(0);
  });
});
