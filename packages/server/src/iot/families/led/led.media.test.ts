import { createHash } from 'node:crypto';
import { type LedProgramFile, type LedProgramInput, ledManifest } from '@sc/contract/families/led';
import { describe, expect, it } from 'vitest';
import { createIotDevice } from '../../../test/factories.js';
import { eventually } from '../../test-device.js';
import { commandSuite, connectOnline, echo, jsonCaller, onlineDevice } from '../kit/test-fixtures.js';
import { createLedRepository } from './led.repository.js';
import { ledResources } from './led.tables.js';

const suite = commandSuite(ledManifest);
const { base, type: TYPE } = suite;
const json = jsonCaller(suite);
const db = () => suite.t.database.db;
let serial = 0;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3000, 7)]);
const repo = () => createLedRepository(db());
const resource = async (bytes: Buffer | null = PNG) => {
  const fields = { name: '图片', no: `RM${++serial}`, mediaType: 'image', description: '' };
  if (bytes) {
    const id = await repo().create(1, fields, { fileName: 'a.png', mime: 'image/png', bytes }, 'admin');
    return { id };
  }
  const [row] = await db()
    .insert(ledResources)
    .values({ projectId: 1, ...fields, creator: 'admin' })
    .returning();
  return row!;
};
const checkedProgram = async (resourceIds: number[]) => {
  const body: LedProgramInput = {
    name: '图片节目',
    no: `PM${++serial}`,
    width: 192,
    height: 96,
    durationSeconds: 30,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    startTime: '06:00',
    endTime: '22:00',
    layers: [{ type: 'image', left: 0, top: 0, width: 192, height: 96, resources: resourceIds }],
  };
  const res = await json('POST', `${base}/programs`, body);
  expect(res.statusCode, res.body).toBe(200);
  expect((await json('POST', `${base}/programs/${res.json().id}/check`)).statusCode).toBe(200);
  return res.json().id as number;
};
const screen = () => onlineDevice(suite, { type: TYPE, modelNo: 'ledxx', props: {} }, echo);
type Screen = Awaited<ReturnType<typeof screen>>;
/** The files of the last program command a screen received. */
const filesOf = (s: Screen) =>
  eventually(
    async () => s.device.received.filter((r) => r.command === 'program').at(-1),
    (r) => r !== undefined,
  ).then((r) => (r!.args as { files: LedProgramFile[] }).files);
const publish = async (programId: number, ids: number[]) => {
  const res = await json('POST', `${base}/programs/${programId}/publish`, { ids });
  expect(res.statusCode, res.body).toBe(200);
  await eventually(
    () => json('GET', `${base}/batches/${res.json().batchId}`).then((r) => r.json()),
    (s) => s.done,
  );
};
/** Fetches a file's URL as a screen does: no token, no session. */
const fetchFile = (url: string) => {
  const u = new URL(url);
  return suite.t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
};
const withQuery = (url: string, name: string, value: string) => {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
};
const bytesSent = async (screenId: number, programId: number) =>
  ((await json('GET', `${base}/${screenId}/programs`)).json() as { programId: number; bytesSent: number }[]).find(
    (r) => r.programId === programId,
  )?.bytesSent;

describe('LED media files fetched by the screens', () => {
  it('gives each screen keyed URLs of its publishing, serves the bytes and counts them per screen', async () => {
    const image = await resource();
    const programId = await checkedProgram([image.id]);
    const a = await screen();
    const b = await screen();
    await publish(programId, [a.d.id, b.d.id]);
    const [fileA] = await filesOf(a);
    const [fileB] = await filesOf(b);
    expect(fileA).toMatchObject({
      resourceId: image.id,
      size: PNG.length,
      mime: 'image/png',
      sha256: createHash('sha256').update(PNG).digest('hex'),
    });
    expect(fileA!.url).toMatch(/^https?:\/\/[^/]+\/api\/pub\/iot\/led\/media\//);
    expect(fileA!.url).not.toBe(fileB!.url);

    const got = await fetchFile(fileA!.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    await eventually(
      () => bytesSent(a.d.id, programId),
      (n) => n === PNG.length,
    );
    expect(await bytesSent(b.d.id, programId)).toBe(0);

    // Another screen's key, a made-up key, a resource not of the program: 404, nothing counted.
    const bKey = new URL(fileB!.url).searchParams.get('key')!;
    const other = await resource();
    for (const url of [
      withQuery(fileA!.url, 'key', bKey),
      withQuery(fileA!.url, 'key', '0'.repeat(32)),
      withQuery(fileA!.url, 'key', 'short'),
      fileA!.url.replace(`/media/${image.id}?`, `/media/${other.id}?`),
      withQuery(fileA!.url, 'program', String(programId + 1000)),
    ])
      expect((await fetchFile(url)).statusCode, url).toBe(404);
    expect(await bytesSent(a.d.id, programId)).toBe(PNG.length);

    // The program's screens, as the publish dialog and the history show them: each with its bytes.
    const screens = await json('GET', `${base}/programs/${programId}/screens`);
    expect(screens.statusCode, screens.body).toBe(200);
    expect(
      (screens.json() as { deviceId: number; bytesSent: number; delivered: boolean }[])
        .map((r) => [r.deviceId, r.bytesSent, r.delivered])
        .sort((x, y) => Number(x[0]) - Number(y[0])),
    ).toEqual([
      [a.d.id, PNG.length, true],
      [b.d.id, 0, true],
    ]);
    expect((await json('GET', `${base}/programs/${programId + 1000}/screens`)).statusCode).toBe(404);
    expect((await json('GET', `/api/pjts/2/iot/led/programs/${programId}/screens`)).statusCode).not.toBe(200);

    // A new publishing: new keys, the old ones good no more.
    await publish(programId, [a.d.id]);
    const [again] = await filesOf(a);
    expect(again!.url).not.toBe(fileA!.url);
    expect((await fetchFile(fileA!.url)).statusCode).toBe(404);
    expect((await fetchFile(again!.url)).statusCode).toBe(200);

    // The file replaced (removed, another put): the next fetch has the new bytes, not a kept copy.
    const replaced = Buffer.concat([PNG, Buffer.alloc(100, 1)]);
    await repo().removeFile(1, image.id);
    expect(await repo().putFile(1, image.id, { fileName: 'b.png', mime: 'image/png', bytes: replaced })).toBe(true);
    await publish(programId, [a.d.id]);
    const [fresh] = await filesOf(a);
    expect(fresh).toMatchObject({ size: replaced.length, sha256: createHash('sha256').update(replaced).digest('hex') });
    expect((await fetchFile(fresh!.url)).rawPayload.equals(replaced)).toBe(true);
    for (const s of [a, b]) await s.device.close();
  });

  it('gives an offline screen its files when it comes back, with the key of its publishing', async () => {
    const image = await resource();
    const bare = await resource(null);
    const programId = await checkedProgram([image.id, bare.id]);
    const away = await createIotDevice(db(), { type: TYPE, modelNo: 'ledxx', props: {} });
    await publish(programId, [away.id]);
    const device = await connectOnline(suite, away, echo);
    const sent = await eventually(
      async () => device.received.filter((r) => r.command === 'program').at(-1),
      (r) => r !== undefined,
    );
    // The resource without a file yet is not among them.
    const files = (sent!.args as { files: LedProgramFile[] }).files;
    expect(files.map((f) => f.resourceId)).toEqual([image.id]);
    expect((await fetchFile(files[0]!.url)).rawPayload.equals(PNG)).toBe(true);
    await device.close();
  });
});
