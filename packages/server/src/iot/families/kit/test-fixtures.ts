import type { AddressInfo } from 'node:net';
import type { CommandRequest, RealtimePush } from '@sc/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import WebSocket from 'ws';
import { apiCaller } from '../../../test/caller.js';
import { createIotDevice, queryRows } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { connectTestDevice, eventually } from '../../test-device.js';

/** How a test device answers commands (null: never). */
export type Answer = Parameters<typeof connectTestDevice>[3];
/** A device the factories created. */
export type TestDevice = Awaited<ReturnType<typeof createIotDevice>>;

/** What a family's route suite runs on, filled in before its tests. */
export interface FamilySuite {
  t: TestApp;
  /** The admin's token. */
  admin: string;
  /** The MQTT broker's port (with `mqtt`). */
  port: number;
  /** The API as the console calls it (form bodies), as the admin unless told. */
  call: ReturnType<typeof apiCaller>;
  /** What the realtime hub pushed to the consoles, oldest first. */
  pushes: RealtimePush[];
  /** With `family`: its devices' type and the base of its calls in project 1 (`/api/pjts/1/iot/<slug>`). */
  type: string;
  base: string;
  /** Each call answers its expected status to `token` (a failure names the call). */
  expectStatuses(token: string, calls: ExpectedCall[]): Promise<void>;
  /**
   * With `family`: its device `id` unregistered (`delivered`: whether the device was told, being online)
   * and registered again.
   */
  expectReregistered(id: number, delivered?: boolean): Promise<void>;
}

/** A call as the console makes it (form body) and the status it must answer: `[status, method, url, body?]`. */
export type ExpectedCall = [number, Parameters<FamilySuite['call']>[0], string, Record<string, string>?];

/**
 * A family's route suite: before its tests a test app (with the MQTT broker when `mqtt`), the admin
 * signed in and the system settings `params` (command timeout and attempts, timezone…) stored; after
 * them the app closed. `family` (its manifest) gives the suite its devices' type and its calls' base.
 */
export function familySuite(
  options: { family?: { type: string; slug: string }; mqtt?: boolean; params?: Record<string, string> } = {},
): FamilySuite {
  const { family } = options;
  const suite = {
    admin: '',
    port: 0,
    pushes: [] as RealtimePush[],
    type: family?.type ?? '',
    base: family ? `/api/pjts/1/iot/${family.slug}` : '',
  } as FamilySuite;
  suite.call = apiCaller(
    () => suite.t,
    () => suite.admin,
  );
  suite.expectStatuses = async (token, calls) => {
    for (const [status, method, url, body] of calls)
      expect((await suite.call(method, url, body, token)).statusCode, `${method} ${url}`).toBe(status);
  };
  suite.expectReregistered = async (id, delivered = false) => {
    const off = await suite.call('POST', `${suite.base}/${id}/unregister`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id, registered: false, delivered });
    expect((await suite.call('POST', `${suite.base}/${id}/register`)).json()).toMatchObject({ registered: true });
  };
  beforeAll(async () => {
    suite.t = await createTestApp({}, { mqtt: options.mqtt ?? false });
    suite.admin = await suite.t.token();
    if (options.mqtt) suite.port = suite.t.app.iot.broker()!.port;
    suite.t.app.iot.hub.observe((p) => suite.pushes.push(p));
    const params = Object.entries(options.params ?? {});
    if (params.length === 0) return;
    const rows = sql.join(
      params.map(([key, value]) => sql`(${key}, ${value})`),
      sql`, `,
    );
    await suite.t.database.db.execute(
      sql`insert into web_params (key, value) values ${rows} on conflict (key) do update set value = excluded.value`,
    );
  });
  afterAll(() => suite.t.close());
  return suite;
}

/**
 * The route suite of a family whose devices are reached over MQTT (`familySuite` with its `family` and
 * the broker), with commands that give up soon: a silent device times out after 2 s, tried twice. The
 * settings screen keeps the timeout at 5 s or more; the suites set it below that directly, because every
 * silent-device case would otherwise wait 5 s on each of the two databases.
 */
export const commandSuite = (family: { type: string; slug: string }) =>
  familySuite({ family, mqtt: true, params: { httpTimeout: '2', commandAttempts: '2' } });

/** The API with JSON bodies, as the admin unless told (`token`), in `lang`. */
export const jsonCaller =
  (suite: FamilySuite) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = suite.admin, lang = 'en_US') =>
    suite.t.app.inject({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}token=${token}&lang=${lang}`,
      ...(body === undefined ? {} : { payload: body as object }),
    });

/**
 * A family's records created through its API: `create(more)` POSTs `build(more)` to `url` (which must
 * answer 200) and answers the created record as `A`.
 */
export const recordCreator =
  <I, A>(json: ReturnType<typeof jsonCaller>, url: string, build: (more: Partial<I>) => I) =>
  async (more: Partial<I> = {}) => {
    const res = await json('POST', url, build(more));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as A;
  };

/** Connects a device over MQTT, says it is there (a heartbeat) and waits until the platform sees it active. */
export async function connectOnline(suite: FamilySuite, d: TestDevice, answer?: Answer) {
  const device = await connectTestDevice(suite.port, d.equipmentId, d.key1, answer);
  await device.publish('heartbeat', {});
  await eventually(
    () => queryRows(suite.t.database.db, sql`select active_state from devices where id = ${d.id}`),
    (r) => r[0]?.active_state === 1,
  );
  return device;
}

/** A new device (`values` as the factory takes them) online: connected, seen active, answering as `answer`. */
export async function onlineDevice(suite: FamilySuite, values: Parameters<typeof createIotDevice>[1], answer?: Answer) {
  const d = await createIotDevice(suite.t.database.db, values);
  return { d, device: await connectOnline(suite, d, answer) };
}

/** A device's answer to every command: done, with the command and its arguments as the result. */
export const echo: Answer = (r) => ({ ok: true, result: { command: r.command, args: r.args } });

/** The rows of a list call's page (which must answer 200). */
export async function listOf(call: FamilySuite['call'], url: string) {
  const res = await call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().list as ({ id: number } & Record<string, unknown>)[];
}

/** Reads a device's firmware upgrade (`read`) until it is done (10 s at most): its last state. */
export const upgradeDone = (read: () => Promise<LightMyRequestResponse>) =>
  eventually(
    async () => (await read()).json(),
    (u) => u?.state === 'done',
    10_000,
  );

/**
 * An operator's live socket (`url`: ws://…?token=…): whether it opened (else the refusal's words), the
 * server's JSON messages and the binary frames as they come, and `next`, the first message that matches
 * within `ms`.
 */
export async function operatorSocket<M>(url: string) {
  const socket = new WebSocket(url);
  const messages: M[] = [];
  const frames: Uint8Array[] = [];
  socket.on('message', (data: Buffer, binary) => {
    if (binary) frames.push(new Uint8Array(data));
    else messages.push(JSON.parse(String(data)) as M);
  });
  let refused = '';
  const opened = await new Promise<boolean>((resolve) => {
    socket.on('open', () => resolve(true));
    socket.on('error', (error) => {
      refused = error.message;
      resolve(false);
    });
  });
  const next = (match: (m: M) => boolean, ms = 5000) =>
    eventually(
      async () => messages.find(match),
      (m) => m !== undefined,
      ms,
    );
  return { socket, opened, refused, messages, frames, next };
}

/** A family's live suite (`liveSuite`): its app listening, the commands its devices were told, its operators' sockets. */
export interface LiveSuite<M> extends FamilySuite {
  /** Where the app listens (`127.0.0.1:<port>`): the operators' sockets, a device's pull and upload. */
  origin: string;
  /** The commands told to the devices answering with `keeping`, oldest first. */
  told: CommandRequest[];
  /** A device's answer keeping each command in `told`, done with `result` of it. */
  keeping(result: (r: CommandRequest) => unknown): Answer;
  /** An operator's live socket (`<base>/live?<query>`, as the admin unless told, in en_US): `operatorSocket`. */
  operator(query: string, token?: string): ReturnType<typeof operatorSocket<M>>;
}

/**
 * The route suite of a family with live audio (`commandSuite`), its app listening on a port before the
 * file's own set-up, so that its devices reach it over HTTP and its operators over a socket; `M` is what
 * the server tells an operator's socket.
 */
export function liveSuite<M>(family: { type: string; slug: string }): LiveSuite<M> {
  const suite = commandSuite(family) as LiveSuite<M>;
  suite.told = [];
  suite.keeping = (result) => (r) => {
    suite.told.push(r);
    return { ok: true, result: result(r) };
  };
  suite.operator = (query, token = suite.admin) =>
    operatorSocket<M>(`ws://${suite.origin}${suite.base}/live?token=${token}&lang=en_US&${query}`);
  beforeAll(async () => {
    await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
    suite.origin = `127.0.0.1:${(suite.t.app.server.address() as AddressInfo).port}`;
  });
  return suite;
}
