import { AUTH_LEVEL, apiIndex, FAMILY_MANIFESTS, MODULES, PERMISSION_FUNCTIONS } from '@sc/contract';
import { silentMp3 } from '@sc/contract/families/nsc/media';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import {
  deviceAreas,
  deviceFactories,
  deviceGroups,
  deviceModels,
  devices,
  productionItems,
} from '../../db/schema/index.js';
import { familyBatches } from '../../iot/families/kit/batches/batch.tables.js';
import { createProject, createRole, createUser, queryRows } from '../../test/factories.js';
import { createTestApp, form, type TestApp } from '../../test/test-app.js';
import { maintenanceBills, maintenanceDetails } from '../maintenance/maintenance.tables.js';

/**
 * The cross-project walk (issue 11): every catalogue call, with ids of records of the caller's
 * project, of a sibling project and of the root project, as anonymous, view, edit, sibling edit and
 * administrator; and every reference a body or a filter can carry (project, area, group, model,
 * factory, parent device, production item, role, user) pointing into another project. A leak is a
 * success on another project's record or another project's name in an answer: there must be none.
 */

/** The records of one project, each with a name no other project has. */
interface World {
  tag: string;
  project: { id: number; name: string };
  factory: number;
  gwModel: number;
  envModel: number;
  area: number;
  group: number;
  gateway: number;
  device: number;
  /** A device of every family (by slug), for the family calls' `:id`. */
  family: Record<string, number>;
  /** The lighting calls' own records: a policy and an LCU group; an illumination group. */
  policy: number;
  /** A cabinet policy (MTC). */
  mtcPolicy: number;
  lcuGroup: number;
  /** A finished batch of every family (by slug). */
  batch: Record<string, string>;
  illumGroup: number;
  /** An LED media resource with its file. */
  ledResource: number;
  /** Network speakers: a terminal group, an mp3 and a media group holding it. */
  nscGroup: number;
  nscMedia: number;
  nscMediaGroup: number;
  ledProgram: number;
  nscTask: number;
  nscVod: number;
  nscTimer: number;
  /** An emergency call's recording (of the world's post's alarm). */
  eceRecording: number;
  /** A maintenance work order with the world's device (and a photo). */
  bill: number;
  billDetail: number;
  item: { id: number; no: string };
  role: number;
  user: number;
  /** Every name and number of the world's private records: none may appear in another project's answers. */
  secrets: string[];
}

let t: TestApp;
let own: World;
let sibling: World;
let root: World;
const tokens: Record<string, string> = {};
let seq = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${++seq}`;

async function seed(db: Db, projectId: number, projectName: string, tag: string): Promise<World> {
  const secrets = [projectName];
  const name = (kind: string) => {
    const n = `${tag}${kind}`;
    secrets.push(n);
    return n;
  };
  const id = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]!.id;
  const factory = await id(
    db
      .insert(deviceFactories)
      .values({ name: name('厂'), no: name('F'), projectId })
      .returning({ id: deviceFactories.id }),
  );
  const model = (typeNo: string, kind: string) =>
    id(
      db
        .insert(deviceModels)
        .values({ name: name(kind), no: name(`M${kind}`), factoryId: factory, typeNo })
        .returning({ id: deviceModels.id }),
    );
  const gwModel = await model('gateway', 'G');
  const envModel = await model('envmonitor', 'E');
  const area = await id(
    db
      .insert(deviceAreas)
      .values({ name: name('区'), no: name('A'), projectId })
      .returning({ id: deviceAreas.id }),
  );
  const group = await id(
    db
      .insert(deviceGroups)
      .values({ name: name('组'), no: name('GR'), projectId, areaId: area })
      .returning({ id: deviceGroups.id }),
  );
  const device = (type: string, modelId: number, parentId: number | null, kind: string) =>
    id(
      db
        .insert(devices)
        .values({ projectId, name: name(kind), no: name(`D${kind}`), type, modelId, factoryId: factory, parentId })
        .returning({ id: devices.id }),
    );
  const gateway = await device('gateway', gwModel, null, '网');
  const child = await device('envmonitor', envModel, gateway, '环');
  const family: Record<string, number> = { gateway, envmonitor: child };
  for (const m of FAMILY_MANIFESTS.filter((f) => !(f.slug in family)))
    family[m.slug] = await device(
      m.type,
      await model(m.type, `m${m.slug}`),
      m.parentTypes?.includes('gateway') ? gateway : null,
      `d${m.slug}`,
    );
  // A finished batch of every family (its progress call finds only its own family's).
  const batch: Record<string, string> = {};
  for (const m of FAMILY_MANIFESTS) {
    batch[m.slug] = crypto.randomUUID();
    await db.insert(familyBatches).values({
      id: batch[m.slug]!,
      projectId,
      type: m.type,
      command: 'poweron',
      deviceCommand: 'poweron',
      total: 0,
      state: 'done',
      leaseUntil: new Date(),
    });
  }
  const itemNo = name('PI');
  const item = await id(
    db
      .insert(productionItems)
      .values({ name: name('品'), no: itemNo, key1: name('KEY'), modelId: envModel, projectId })
      .returning({ id: productionItems.id }),
  );
  const bill = await id(
    db
      .insert(maintenanceBills)
      .values({ no: name('WO'), title: name('单'), projectId, creatorName: 'admin' })
      .returning({ id: maintenanceBills.id }),
  );
  const billDetail = await id(
    db
      .insert(maintenanceDetails)
      .values({ billId: bill, deviceId: child, photo: Buffer.from([0xff, 0xd8, 0xff, 0xe0]), photoMime: 'image/jpeg' })
      .returning({ id: maintenanceDetails.id }),
  );
  const [alarm] = await queryRows<{ id: number }>(
    db,
    sql`insert into ece_alarms (project_id, device_id, start_time, event_id, device_index_code, channel_index_code,
          channel_type, channel_name, event_type)
        values (${projectId}, ${family.ece}, now(), ${name('EV')}, 'D', 'C', 'intercom', 'N', 'CALL') returning id`,
  );
  const [recording] = await queryRows<{ id: number }>(
    db,
    sql`insert into ece_recordings (project_id, alarm_id, start_time, duration_ms, size, answered_by, stored)
        values (${projectId}, ${alarm!.id}, now(), 0, 0, 'admin', true) returning id`,
  );
  const role = await createRole(db, projectId);
  secrets.push(role.name, role.no);
  const user = await createUser(db, role.id);
  secrets.push(user.name);
  return {
    tag,
    project: { id: projectId, name: projectName },
    factory,
    gwModel,
    envModel,
    area,
    group,
    gateway,
    device: child,
    family,
    policy: 0,
    mtcPolicy: 0,
    lcuGroup: 0,
    batch,
    illumGroup: 0,
    ledResource: 0,
    nscGroup: 0,
    nscMedia: 0,
    nscMediaGroup: 0,
    ledProgram: 0,
    nscTask: 0,
    nscVod: 0,
    nscTimer: 0,
    eceRecording: Number(recording!.id),
    bill,
    billDetail,
    item: { id: item, no: itemNo },
    role: role.id,
    user: user.id,
    secrets,
  };
}

const everyLevel = (level: number) => Object.fromEntries(PERMISSION_FUNCTIONS.map((f) => [f.key, level]));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const a = await createProject(db, 1, [...MODULES]);
  const b = await createProject(db, 1, [...MODULES]);
  own = await seed(db, a.id, a.name, 'OWNX');
  sibling = await seed(db, b.id, b.name, 'SIBX');
  root = await seed(db, 1, 'ROOTPROJECTNAME-UNUSED', 'ROOTX');
  root.secrets = root.secrets.filter((s) => s !== 'ROOTPROJECTNAME-UNUSED');
  const make = async (who: string, projectId: number, level: number) => {
    const user = await createUser(db, (await createRole(db, projectId, everyLevel(level))).id);
    tokens[who] = await t.token(user.name, user.password);
  };
  await make('viewer', a.id, AUTH_LEVEL.view);
  await make('editor', a.id, AUTH_LEVEL.modify);
  await make('siblingEditor', b.id, AUTH_LEVEL.check);
  tokens.admin = await t.token();
  // Family records through their calls (the bodies are the contract's): lighting policy and LCU group, illumination group.
  for (const w of [own, sibling, root]) {
    const post = async (what: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/pjts/${w.project.id}/iot/${what}?token=${tokens.admin}`,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }).id;
    };
    w.policy = await post('lighting/policies', {
      name: `${w.tag}策略`,
      no: `${w.tag}P`,
      units: [{ type: 'on', start: { kind: 'sunset', offset: 15 } }],
      cycle: { mode: 'everyday' },
    });
    w.mtcPolicy = await post('mtc/policies', {
      name: `${w.tag}回路策略`,
      no: `${w.tag}MP`,
      timeMode: 'relative',
      units: [{ relativeTo: 'sunset', offset: 15, circuits: [1] }],
    });
    w.lcuGroup = await post('lighting/groups', {
      name: `${w.tag}灯组`,
      no: `${w.tag}LG`,
      lampIds: [w.family.lighting],
    });
    w.illumGroup = await post('illum/groups', {
      name: `${w.tag}照度组`,
      no: `${w.tag}IG`,
      gatewayId: w.gateway,
      sensorId: w.family.illum,
      childIds: [w.family.lighting],
    });
    const boundary = '----walk';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/pjts/${w.project.id}/iot/led/resources?token=${tokens.admin}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('name', `${w.tag}资源`)}${part('no', `${w.tag}R`)}${part('mediaType', 'text')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nnotice\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    w.ledResource = (upload.json() as { id: number }).id;
    w.nscGroup = await post('nsc/groups', {
      name: `${w.tag}广播组`,
      no: `${w.tag}NG`,
      deviceIds: String(w.family.nsc),
    });
    const mp3 = await t.app.inject({
      method: 'POST',
      url: `/api/pjts/${w.project.id}/iot/nsc/media?token=${tokens.admin}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `${part('name', `${w.tag}音频`)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
        ),
        Buffer.from(silentMp3(100)),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(mp3.statusCode, mp3.body).toBe(200);
    w.nscMedia = (mp3.json() as { id: number }).id;
    w.nscMediaGroup = await post('nsc/mediagroups', {
      groupId: '7',
      name: `${w.tag}节目组`,
      mediaIds: String(w.nscMedia),
    });
    w.ledProgram = await post('led/programs', {
      name: `${w.tag}节目`,
      no: `${w.tag}LP`,
      version: 'simple',
      priority: 1,
      repeatTimes: 1,
      language: 'zh_CN',
      description: '',
      width: 192,
      height: 96,
      durationSeconds: 30,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      startTime: '06:00',
      endTime: '22:00',
      filter: 'none',
      layers: [
        { type: 'text', left: 0, top: 0, width: 96, height: 32, text: { subtype: 'singleLine', content: '公告' } },
      ],
    });
    w.nscTask = await post('nsc/tasks', {
      name: `${w.tag}定时任务`,
      no: `${w.tag}NT`,
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
      groupIds: [w.nscGroup],
      deviceIds: [],
      sourceMode: 'media',
      mediaGroupIds: [],
      mediaIds: [w.nscMedia],
    });
    w.nscVod = await post('nsc/vod', {
      name: `${w.tag}点播任务`,
      groupIds: [w.nscGroup],
      mediaIds: [w.nscMedia],
      volume: 50,
    });
    w.nscTimer = await post('nsc/timers', {
      name: `${w.tag}定时广播`,
      type: 'file',
      mode: 'everyday',
      startTime: '07:00:00',
      durationSeconds: 60,
      volume: 50,
      groupIds: [w.nscGroup],
      mediaIds: [w.nscMedia],
    });
    w.secrets.push(
      `${w.tag}节目`,
      `${w.tag}定时任务`,
      `${w.tag}点播任务`,
      `${w.tag}定时广播`,
      `${w.tag}策略`,
      `${w.tag}回路策略`,
      `${w.tag}灯组`,
      `${w.tag}照度组`,
      `${w.tag}资源`,
      `${w.tag}广播组`,
      `${w.tag}音频`,
      `${w.tag}节目组`,
    );
  }
}, 60_000);
afterAll(() => t.close());

/** Catalogue routes this server has, DELETEs last. */
function routes() {
  const order = { GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 } as Record<string, number>;
  return [...apiIndex().keys()]
    .map((key) => ({ method: key.split(' ')[0]!, path: key.split(' ')[1]! }))
    .filter((r) => t.app.hasRoute({ method: r.method as 'GET', url: r.path }))
    .sort((x, y) => order[x.method]! - order[y.method]!);
}

/** The record a route's `:id` names, in world `w`; null when the route's records are not a project's. */
function idFor(path: string, w: World): number | null {
  if (/\/users\.do\//.test(path)) return w.user;
  if (/\/roles(\.do)?\//.test(path)) return w.role;
  if (/\/api\/projects\.do\/|authmodules\.do\/projects/.test(path)) return w.project.id;
  if (path.includes('devicefactories.do/')) return w.factory;
  if (path.includes('devicemodels.do/')) return w.gwModel;
  if (path.includes('deviceareas.do/')) return w.area;
  if (path.includes('devicegroups.do/')) return w.group;
  if (path.includes('productionlib.do/')) return w.item.id;
  if (path.includes('/iot/gateway/')) return w.gateway;
  if (path.includes('/iot/illum/groups/')) return w.illumGroup;
  if (path.includes('/iot/nsc/groups/')) return w.nscGroup;
  if (path.includes('/iot/nsc/media/')) return w.nscMedia;
  if (path.includes('/iot/nsc/mediagroups/')) return w.nscMediaGroup;
  if (path.includes('maintenance.do/devices/')) return w.device;
  if (path.includes('maintenance.do/:id')) return w.bill;
  const slug = /\/iot\/([a-z]+)\//.exec(path)?.[1];
  if (slug) return w.family[slug] ?? w.device;
  if (path.includes('devices.do/')) return w.device;
  return null;
}

/** A period a camera's records and replays are asked for: the last hour. */
const NOW = new Date().toISOString();
const HOUR_AGO = new Date(Date.parse(NOW) - 3_600_000).toISOString();

/** A concrete URL of a route in world `w` (its project, its record). */
function urlFor(path: string, w: World) {
  const id = idFor(path, w);
  return path
    .replace(':projectId', String(w.project.id))
    .replace(':id', String(id ?? 1))
    .replace(':roleId', String(w.role))
    .replace(':detailId', String(w.billDetail))
    .replace(':groupId', String(path.includes('maintenance.do/poles/') ? w.group : w.lcuGroup))
    .replace(':policyId', String(path.includes('/iot/mtc/') ? w.mtcPolicy : w.policy))
    .replace(':groupId', String(w.lcuGroup))
    .replace(':batchId', w.batch[/\/iot\/([^/]+)\//.exec(path)?.[1] ?? ''] ?? '')
    .replace(':resourceId', String(w.ledResource))
    .replace(':file', 'index.m3u8')
    .replace(':key', '1764300000000-1764303600000')
    .replace(':programId', String(w.ledProgram))
    .replace(':taskId', String(w.nscTask))
    .replace(':vodId', String(w.nscVod))
    .replace(':timerId', String(w.nscTimer))
    .replace(':recordingId', String(w.eceRecording))
    .replace(':type', 'envmonitor')
    .replace(':serial', 'envmonitor')
    .replace(':n', '1')
    .concat(path.endsWith('/batch') ? `?ids=${w.device},${w.gateway}` : '')
    .concat(path.endsWith('/preview') ? '?lng=116.4&lat=39.9' : '')
    .concat(/\/iot\/camera\/:id\/(records|replay)$/.test(path) ? `?from=${HOUR_AGO}&to=${NOW}` : '')
    .concat(path.endsWith('/iot/ece/recordings') ? `?from=${HOUR_AGO}&to=${NOW}` : '');
}

/** Whether a route names a record of a project (in its path): the walk targets those. */
const namesRecord = (path: string) =>
  path.includes(':projectId') || (path.includes(':id') && idFor(path, own) !== null);

const call = (method: string, url: string, token?: string, body?: Record<string, string>) =>
  t.app.inject({
    method: method as 'GET',
    url: token ? `${url}${url.includes('?') ? '&' : '?'}token=${token}&lang=en_US` : url,
    ...(body ? form(body) : {}),
  });

/** Bodies of the calls that carry references, built from world `w`'s records (valid for `w`'s callers). */
const bodies = {
  device: (w: World) => ({
    name: uniq('设'),
    no: uniq('DV'),
    type: 'envmonitor',
    projectId: String(w.project.id),
    modelId: String(w.envModel),
    factoryId: String(w.factory),
    areaId: String(w.area),
    groupId: String(w.group),
    parentId: String(w.gateway),
  }),
  item: (w: World) => ({
    name: uniq('品'),
    no: uniq('PI'),
    key1: 'k',
    modelId: String(w.envModel),
    projectId: String(w.project.id),
  }),
  auto: (w: World) => ({
    name: uniq('自'),
    startNo: `${uniq('AU')}001`,
    count: '1',
    modelId: String(w.envModel),
    projectId: String(w.project.id),
  }),
  model: (w: World) => ({ name: uniq('型'), no: uniq('MD'), factoryId: String(w.factory), typeNo: 'gateway' }),
  factory: (w: World) => ({ name: uniq('厂'), no: uniq('FC'), projectId: String(w.project.id) }),
  area: (w: World) => ({ name: uniq('区'), no: uniq('AR'), projectId: String(w.project.id) }),
  group: (w: World) => ({
    name: uniq('组'),
    no: uniq('GP'),
    projectId: String(w.project.id),
    areaId: String(w.area),
  }),
  user: (w: World) => ({
    name: uniq('usr').toLowerCase(),
    realName: '张三',
    phoneNo: '13800138000',
    password: 'Secret123',
    roleId: String(w.role),
  }),
  role: (w: World) => ({ name: uniq('角'), no: uniq('RL'), projectId: String(w.project.id) }),
  project: (w: World) => ({
    name: uniq('项'),
    no: uniq('PJ'),
    parentId: String(w.project.id),
    lng: '120.1',
    lat: '30.2',
  }),
};

/** A valid body for a PUT route (records of `w`), so that a refusal is the scope's, not validation's. */
function putBody(path: string, w: World): Record<string, string> {
  if (path.endsWith('/location')) return { lng: '120.1', lat: '30.2' };
  if (path.endsWith('/active')) return { activeState: '1' };
  if (path.includes('devices.do')) return bodies.device(w);
  if (path.includes('productionlib.do')) return bodies.item(w);
  if (path.includes('devicemodels.do')) return bodies.model(w);
  if (path.includes('devicefactories.do')) return bodies.factory(w);
  if (path.includes('deviceareas.do')) return bodies.area(w);
  if (path.includes('devicegroups.do')) return bodies.group(w);
  if (path.includes('users.do')) return { ...bodies.user(w), password: '' };
  if (path.includes('roles.do')) return bodies.role(w);
  if (path.includes('projects.do')) return { ...bodies.project(w), parentId: '1' };
  return {};
}

const leaks: string[] = [];
function expectNoSecrets(label: string, body: string, ...worlds: World[]) {
  for (const w of worlds) for (const secret of w.secrets) if (body.includes(secret)) leaks.push(`${label}: ${secret}`);
}
beforeEach(() => {
  leaks.length = 0;
});
const ok = (status: number) => status >= 200 && status < 300;

describe('the cross-project walk', () => {
  it('walks every catalogue route', () => {
    expect(routes().filter((r) => namesRecord(r.path)).length).toBeGreaterThan(40);
  });

  it('answers 401 to a caller without a token, on every route and record', async () => {
    for (const r of routes())
      for (const w of [own, sibling, root]) {
        const res = await call(r.method, urlFor(r.path, w));
        expect(res.statusCode, `${r.method} ${r.path}`).toBe(401);
      }
  });

  it("gives the administrator every project's records (the walk's ids are real)", async () => {
    for (const r of routes().filter((x) => x.method === 'GET' && namesRecord(x.path)))
      for (const w of [sibling, root]) {
        const res = await call('GET', urlFor(r.path, w), tokens.admin);
        expect(res.statusCode, `admin GET ${urlFor(r.path, w)} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        // Live video, a camera's records and replays need the camera (409 while it is away); playlists
        // and segments exist only while someone watches (404 otherwise).
        const onlyWhileLive = /\/(live|replay)(\/|$)|\/iot\/camera\/:id\/records$/.test(r.path);
        if (!r.path.includes('/key1') && !r.path.includes('/export') && !onlyWhileLive && res.statusCode !== 200)
          expect.soft(res.statusCode, `admin GET ${r.path}`).toBe(200);
      }
  });

  for (const [caller, home, foreign] of [
    ['viewer', () => own, () => [sibling, root]],
    ['editor', () => own, () => [sibling, root]],
    ['siblingEditor', () => sibling, () => [own, root]],
  ] as const) {
    it(`never gives ${caller} another project's record, on any route and verb`, async () => {
      for (const r of routes().filter((x) => namesRecord(x.path))) {
        for (const w of foreign()) {
          const url = urlFor(r.path, w);
          const body = r.method === 'PUT' ? putBody(r.path, home()) : r.method === 'GET' ? undefined : {};
          const res = await call(r.method, url, tokens[caller], body);
          const label = `${caller} ${r.method} ${url} (${w.tag}) → ${res.statusCode} ${res.body.slice(0, 160)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          if (ok(res.statusCode)) leaks.push(label);
          expectNoSecrets(label, res.body, w);
        }
      }
      expect(leaks).toEqual([]);
    });

    it(`lists nothing of another project to ${caller}, whatever the filters`, async () => {
      for (const r of routes().filter((x) => x.method === 'GET' && !x.path.includes(':id'))) {
        for (const w of foreign()) {
          const filters = new URLSearchParams({
            projectId: String(w.project.id),
            areaId: String(w.area),
            groupId: String(w.group),
            modelId: String(w.envModel),
            factoryId: String(w.factory),
            parentId: String(w.gateway),
            roleId: String(w.role),
            ids: `${w.device},${w.gateway}`,
            keyword: w.tag,
          });
          const url = `${urlFor(r.path, home()).split('?')[0]}?${filters}`;
          const res = await call('GET', url, tokens[caller]);
          const label = `${caller} GET ${url} (${w.tag}) → ${res.statusCode}`;
          expect(res.statusCode, label).toBeLessThan(500);
          expectNoSecrets(label, res.body, w);
        }
      }
      expect(leaks).toEqual([]);
    });
  }

  it("left every other project's record in place", async () => {
    for (const w of [own, sibling, root]) {
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select (select count(*) from devices where project_id = ${w.project.id})::int
          + (select count(*) from device_areas where project_id = ${w.project.id})::int
          + (select count(*) from device_groups where project_id = ${w.project.id})::int
          + (select count(*) from device_factories where project_id = ${w.project.id})::int
          + (select count(*) from roles where id = ${w.role})::int
          + (select count(*) from users where id = ${w.user})::int as n`,
      );
      // A device of every family, an area, a group, a factory, a role and a user.
      if (w !== own) expect(row!.n, w.tag).toBe(FAMILY_MANIFESTS.length + 5);
    }
    const [item] = await t.database.db
      .select({ status: productionItems.status, key1: productionItems.key1 })
      .from(productionItems)
      .where(eq(productionItems.id, sibling.item.id));
    expect(item).toEqual({ status: 0, key1: `${sibling.tag}KEY` });
  });
});

/**
 * References inside bodies: each call first succeeds with the caller's own records (so the body is
 * valid), then with one reference at a time pointing into the sibling project or the root's private
 * records, which must be refused as a record that does not exist, naming nothing of it.
 */
describe('references inside bodies', () => {
  type Case = {
    method: 'POST' | 'PUT';
    url: (w: World) => string;
    body: (w: World) => Record<string, string>;
    refs: [field: string, value: (w: World) => string][];
  };
  const projectRef: [string, (w: World) => string] = ['projectId', (w) => String(w.project.id)];
  const deviceRefs: [string, (w: World) => string][] = [
    projectRef,
    ['modelId', (w) => String(w.envModel)],
    ['factoryId', (w) => String(w.factory)],
    ['areaId', (w) => String(w.area)],
    ['groupId', (w) => String(w.group)],
    ['parentId', (w) => String(w.gateway)],
  ];
  const cases: Record<string, Case> = {
    'POST /api/biz/devices.do': {
      method: 'POST',
      url: () => '/api/biz/devices.do',
      body: bodies.device,
      refs: deviceRefs,
    },
    'PUT /api/biz/devices.do/:id': {
      method: 'PUT',
      url: (w) => `/api/biz/devices.do/${w.device}`,
      body: bodies.device,
      refs: deviceRefs,
    },
    'POST /api/pjts/:projectId/devices.do': {
      method: 'POST',
      url: (w) => `/api/pjts/${w.project.id}/devices.do`,
      body: bodies.device,
      refs: deviceRefs,
    },
    'PUT /api/pjts/:projectId/devices.do/:id': {
      method: 'PUT',
      url: (w) => `/api/pjts/${w.project.id}/devices.do/${w.device}`,
      body: bodies.device,
      refs: deviceRefs,
    },
    'POST /api/biz/productionlib.do': {
      method: 'POST',
      url: () => '/api/biz/productionlib.do',
      body: bodies.item,
      refs: [projectRef, ['modelId', (w) => String(w.envModel)]],
    },
    'POST /api/biz/productionlib.do/auto': {
      method: 'POST',
      url: () => '/api/biz/productionlib.do/auto',
      body: bodies.auto,
      refs: [projectRef, ['modelId', (w) => String(w.envModel)]],
    },
    'PUT /api/biz/productionlib.do/:id': {
      method: 'PUT',
      url: (w) => `/api/biz/productionlib.do/${w.item.id}`,
      body: (w) => ({ ...bodies.item(w), no: w.item.no, key1: '******' }),
      refs: [projectRef, ['modelId', (w) => String(w.envModel)]],
    },
    'POST /api/bas/devicemodels.do': {
      method: 'POST',
      url: () => '/api/bas/devicemodels.do',
      body: bodies.model,
      refs: [['factoryId', (w) => String(w.factory)]],
    },
    'PUT /api/bas/devicemodels.do/:id': {
      method: 'PUT',
      url: (w) => `/api/bas/devicemodels.do/${w.gwModel}`,
      body: bodies.model,
      refs: [['factoryId', (w) => String(w.factory)]],
    },
    'POST /api/bas/devicefactories.do': {
      method: 'POST',
      url: () => '/api/bas/devicefactories.do',
      body: bodies.factory,
      refs: [projectRef],
    },
    'PUT /api/bas/devicefactories.do/:id': {
      method: 'PUT',
      url: (w) => `/api/bas/devicefactories.do/${w.factory}`,
      body: bodies.factory,
      refs: [projectRef],
    },
    'POST /api/biz/deviceareas.do': {
      method: 'POST',
      url: () => '/api/biz/deviceareas.do',
      body: bodies.area,
      refs: [projectRef],
    },
    'POST /api/biz/devicegroups.do': {
      method: 'POST',
      url: () => '/api/biz/devicegroups.do',
      body: bodies.group,
      refs: [projectRef, ['areaId', (w) => String(w.area)]],
    },
    'PUT /api/biz/devicegroups.do/:id': {
      method: 'PUT',
      url: (w) => `/api/biz/devicegroups.do/${w.group}`,
      body: bodies.group,
      refs: [projectRef, ['areaId', (w) => String(w.area)]],
    },
    'POST /api/pjts/:projectId/devicegroups.do': {
      method: 'POST',
      url: (w) => `/api/pjts/${w.project.id}/devicegroups.do`,
      body: bodies.group,
      refs: [['areaId', (w) => String(w.area)]],
    },
    'POST /api/users.do': {
      method: 'POST',
      url: () => '/api/users.do',
      body: bodies.user,
      refs: [['roleId', (w) => String(w.role)]],
    },
    'POST /api/roles.do': { method: 'POST', url: () => '/api/roles.do', body: bodies.role, refs: [projectRef] },
    'POST /api/pjts/:projectId/users.do': {
      method: 'POST',
      url: (w) => `/api/pjts/${w.project.id}/users.do`,
      body: bodies.user,
      refs: [['roleId', (w) => String(w.role)]],
    },
    'POST /api/pjts/:projectId/roles.do': {
      method: 'POST',
      url: (w) => `/api/pjts/${w.project.id}/roles.do`,
      body: bodies.role,
      refs: [projectRef],
    },
    'POST /api/projects.do': {
      method: 'POST',
      url: () => '/api/projects.do',
      body: bodies.project,
      refs: [['parentId', (w) => String(w.project.id)]],
    },
  };

  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: refuses every reference into another project`, async () => {
      const okRes = await call(c.method, c.url(own), tokens.editor, c.body(own));
      expect(okRes.statusCode, `${name} with own records: ${okRes.body.slice(0, 300)}`).toBe(200);
      for (const [field, value] of c.refs)
        for (const w of [sibling, root]) {
          const res = await call(c.method, c.url(own), tokens.editor, { ...c.body(own), [field]: value(w) });
          const label = `${name} ${field} → ${w.tag}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect([400, 404], label).toContain(res.statusCode);
          expect(res.json().message, label).toBeTruthy();
          expectNoSecrets(label, res.body, w);
        }
      expect(leaks).toEqual([]);
    });
  }

  it("takes a device's production number of another project as an unknown one: the item stays idle", async () => {
    const res = await call('POST', '/api/biz/devices.do', tokens.editor, {
      ...bodies.device(own),
      productionNo: sibling.item.no,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The answer repeats the number the caller sent, and nothing else of the item.
    expectNoSecrets('productionNo', res.body.replaceAll(sibling.item.no, ''), sibling);
    const [item] = await t.database.db
      .select({ status: productionItems.status })
      .from(productionItems)
      .where(eq(productionItems.id, sibling.item.id));
    expect(item!.status).toBe(0);
    expect(leaks).toEqual([]);
  });

  it('forces the active state of no device of another project', async () => {
    const res = await call('POST', '/api/biz/devices.do/batch/active', tokens.editor, {
      ids: `${sibling.device},${root.device}`,
      activeState: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 0 });
  });
});
