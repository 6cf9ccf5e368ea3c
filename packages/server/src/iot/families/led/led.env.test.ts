import { peerOf } from '@sc/contract';
import { LED_ENV_COMMAND, type LedEnvReadings, type LedProgramInput, ledManifest } from '@sc/contract/families/led';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../test-device.js';
import { commandSuite, echo, jsonCaller, onlineDevice } from '../kit/test-fixtures.js';

const suite = commandSuite(ledManifest);
const { base, type: TYPE } = suite;
const json = jsonCaller(suite);
const ENV_MONITOR = peerOf(ledManifest, 'envMonitor');
let serial = 0;

/** A checked program with one env layer bound to `envDeviceId`. */
const envProgram = async (envDeviceId: number) => {
  const body: LedProgramInput = {
    name: '空气质量',
    no: `PE${++serial}`,
    width: 192,
    height: 96,
    durationSeconds: 30,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    startTime: '06:00',
    endTime: '22:00',
    layers: [{ type: 'env', left: 0, top: 0, width: 192, height: 96, envDeviceId }],
  };
  const res = await json('POST', `${base}/programs`, body);
  expect(res.statusCode, res.body).toBe(200);
  expect((await json('POST', `${base}/programs/${res.json().id}/check`)).statusCode).toBe(200);
  return res.json().id as number;
};
const publish = async (programId: number, ids: number[]) => {
  const res = await json('POST', `${base}/programs/${programId}/publish`, { ids });
  expect(res.statusCode, res.body).toBe(200);
  const done = await eventually(
    () => json('GET', `${base}/batches/${res.json().batchId}`).then((r) => r.json()),
    (s) => s.done,
  );
  expect(done.acknowledged).toBe(ids.length);
};
type Online = Awaited<ReturnType<typeof onlineDevice>>;
const envCommands = (s: Online) =>
  s.device.received.filter((r) => r.command === LED_ENV_COMMAND).map((r) => r.args as unknown as LedEnvReadings);

describe('LED env layers live on the screens', () => {
  it('sends each report of the bound monitor to the screens showing it, and a program carries the latest', async () => {
    const monitor = await onlineDevice(suite, { type: ENV_MONITOR, modelNo: 'envwifi' });
    const other = await onlineDevice(suite, { type: ENV_MONITOR, modelNo: 'envwifi' });
    const showing = await onlineDevice(suite, { type: TYPE, modelNo: 'ledxx', props: {} }, echo);
    const elsewhere = await onlineDevice(suite, { type: TYPE, modelNo: 'ledxx', props: {} }, echo);
    const programId = await envProgram(monitor.d.id);
    await publish(programId, [showing.d.id]);

    await monitor.device.publish('telemetry', { ts: Date.now(), values: { temperature: 21.5, pm25: 35 } });
    const [sent] = await eventually(
      async () => envCommands(showing),
      (list) => list.length > 0,
    );
    expect(sent).toMatchObject({ envDeviceId: monitor.d.id, values: { temperature: 21.5, pm25: 35 } });
    expect(Number.isNaN(Date.parse(sent!.at))).toBe(false);
    // Another monitor's report goes nowhere; a screen without the program gets none.
    await other.device.publish('telemetry', { ts: Date.now(), values: { temperature: 40 } });
    await monitor.device.publish('telemetry', { ts: Date.now(), values: { temperature: 22, noise: 48 } });
    await eventually(
      async () => envCommands(showing),
      (list) => list.length === 2,
    );
    expect(envCommands(showing).map((c) => c.values.temperature)).toEqual([21.5, 22]);
    expect(envCommands(elsewhere)).toEqual([]);

    // Published to the other screen now: its program command carries the latest readings, and the
    // next report reaches it too.
    await publish(programId, [elsewhere.d.id]);
    const given = elsewhere.device.received.filter((r) => r.command === 'program').at(-1)!;
    expect((given.args as { env: LedEnvReadings[] }).env).toMatchObject([
      { envDeviceId: monitor.d.id, values: { temperature: 22, noise: 48 } },
    ]);
    await monitor.device.publish('telemetry', { ts: Date.now(), values: { temperature: 23 } });
    await eventually(
      async () => envCommands(elsewhere),
      (list) => list.some((c) => c.values.temperature === 23),
    );
    for (const s of [monitor, other, showing, elsewhere]) await s.device.close();
  });
});
