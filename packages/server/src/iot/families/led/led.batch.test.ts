import { ledManifest } from '@sc/contract/families/led';
import { describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { commandSuite, jsonCaller, onlineDevice } from '../kit/test-fixtures.js';

const suite = commandSuite(ledManifest);
const { call, base, type: TYPE } = suite;
const json = jsonCaller(suite);

const screenAnswering = () =>
  onlineDevice(suite, { type: TYPE, modelNo: 'ledxx', props: {} }, (r) => ({ ok: true, result: r.args }));
const statusOf = (batchId: string) => call('GET', `${base}/batches/${batchId}`).then((r) => r.json());

describe('LED batches: power and brightness of many screens', () => {
  it('sends control to every screen, reports each result, and says which screen was offline', async () => {
    const a = await screenAnswering();
    const b = await screenAnswering();
    const away = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'ledxx', props: {} });
    const started = await json('POST', `${base}/batch/command`, {
      ids: [a.d.id, b.d.id, away.id],
      command: 'control',
      args: { brightness: 120, power: true },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ command: 'control', total: 3 });
    const status = await eventually(
      () => statusOf(started.json().batchId),
      (s) => s.done,
    );
    expect(status).toMatchObject({ total: 3, acknowledged: 2, failed: 1, state: 'done' });
    expect(status.results.find((r: { deviceId: number }) => r.deviceId === away.id)).toMatchObject({
      ok: false,
      error: 'offline',
    });
    for (const s of [a, b])
      expect(s.device.received.at(-1)).toMatchObject({ command: 'control', args: { brightness: 120, power: true } });
    await a.device.close();
    await b.device.close();
  });

  it.each([
    ['zh_CN', { ids: [], command: 'control', args: { power: true } }, '必填'],
    ['en_US', { ids: [1], command: 'reboot', args: {} }, 'A valid parameter is required'],
    ['zh_CN', { ids: [1], command: 'control', args: { brightness: 0 } }, '允许的取值范围：1 - 255'],
    ['en_US', { ids: [1], command: 'control', args: {} }, 'Set at least one of brightness, volume or power'],
  ] as const)('refuses a bad batch in the caller’s language (%s %j)', async (lang, body, message) => {
    const res = await json('POST', `${base}/batch/command`, body, suite.admin, lang);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("refuses a viewer, another project's screens, a device of another family and an unknown batch", async () => {
    const screen = await createIotDevice(suite.t.database.db, { type: TYPE, modelNo: 'ledxx', props: {} });
    const body = { ids: [screen.id], command: 'control', args: { power: false } };
    const viewer = await signInWith(suite.t, 1, { pjtdeviceledlist: 1 });
    expect((await json('POST', `${base}/batch/command`, body, viewer)).statusCode).toBe(403);
    const other = await createProject(suite.t.database.db, 1, ['led']);
    const outsider = await signInWith(suite.t, other.id, { pjtdeviceledlist: 5 });
    expect((await json('POST', `${base}/batch/command`, body, outsider)).statusCode).toBe(404);
    const own = `/api/pjts/${other.id}/iot/led`;
    expect((await json('POST', `${own}/batch/command`, body, outsider)).statusCode).toBe(404);
    const lamp = await createIotDevice(suite.t.database.db, { type: 'lighting', modelNo: 'lcunb' });
    expect((await json('POST', `${base}/batch/command`, { ...body, ids: [lamp.id] })).statusCode).toBe(404);
    const unknown = await call('GET', `${base}/batches/7b0e1d1e-9c41-4f0a-8a8e-3f1f9c1d2e3f`);
    expect(unknown.statusCode).toBe(404);
    // A batch's status (written as JSON by the database) is JSON on the wire like every answer.
    const started = (await json('POST', `${base}/batch/command`, body)).json();
    const status = await call('GET', `${base}/batches/${started.batchId}`);
    expect(status.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(status.json()).toMatchObject({ batchId: started.batchId, total: 1 });
  });
});
