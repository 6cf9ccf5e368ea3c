import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../../test/caller.js';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { familySuite, listOf, type TestDevice } from '../kit/test-fixtures.js';

const suite = familySuite();
const { call } = suite;
let viewer: string;
let outsider: string;
let other: { id: number };
const base = '/api/pjts/1/iot/illum';
type Device = TestDevice;
let gw: Device;
let sensor: Device;
let quiet: Device;
let lamps: Device[];
let foreignGw: Device;
let foreignSensor: Device;

beforeAll(async () => {
  const db = suite.t.database.db;
  gw = await createIotDevice(db, { type: 'gateway', modelNo: 'gws' });
  sensor = await createIotDevice(db, {
    type: 'illumination',
    modelNo: 'illumrs485',
    parentId: gw.id,
    props: { threshold: 8, peripheralIndex: 2, enabled: true },
  });
  quiet = await createIotDevice(db, { type: 'illumination', modelNo: 'illumrs485' });
  lamps = [];
  for (let i = 0; i < 3; i++)
    lamps.push(await createIotDevice(db, { type: 'lighting', modelNo: 'lcunb', parentId: gw.id }));
  // Three readings of the sensor: the list shows the newest.
  await db.execute(sql`
    insert into illum_readings (device_id, project_id, at, illuminance)
    values (${sensor.id}, 1, now() - interval '2 hours', 40), (${sensor.id}, 1, now() - interval '1 hour', 20.5),
           (${sensor.id}, 1, now() - interval '10 minutes', 3.25)`);
  viewer = await signInWith(suite.t, 1, { pjtdeviceillumlist: 1, pjtdeviceillumgroup: 1 });
  other = await createProject(db, 1, ['illum']);
  outsider = await signInWith(suite.t, other.id, { pjtdeviceillumlist: 5, pjtdeviceillumgroup: 5 });
  foreignGw = await createIotDevice(db, { type: 'gateway', modelNo: 'gws', projectId: other.id });
  foreignSensor = await createIotDevice(db, { type: 'illumination', modelNo: 'illumrs485', projectId: other.id });
});

describe('illumination sensors', () => {
  it('lists the sensors with their latest value (KLux), threshold and parent gateway', async () => {
    const list = await listOf(call, `${base}/pages?pageSize=100`);
    const mine = list.find((s) => s.id === sensor.id)!;
    expect(mine).toMatchObject({
      name: sensor.name,
      threshold: 8,
      peripheralIndex: 2,
      enabled: true,
      illuminance: 3.25,
      parentId: gw.id,
      parentName: gw.name,
    });
    expect(Date.now() - Date.parse(mine.at as string)).toBeLessThan(11 * 60_000);
    expect(list.find((s) => s.id === quiet.id)).toMatchObject({ illuminance: null, at: null });
    const found = (await call('GET', `${base}/pages?keyword=${encodeURIComponent(sensor.no)}`)).json();
    expect(found.list.map((s: { id: number }) => s.id)).toEqual([sensor.id]);
  });

  it('reads and sets the configuration; an offline sensor is told later', async () => {
    expect((await call('GET', `${base}/${sensor.id}/config`)).json()).toEqual({
      threshold: 8,
      peripheralIndex: 2,
      enabled: true,
    });
    const saved = await call('PUT', `${base}/${sensor.id}/config`, { threshold: '12.5', peripheralIndex: '3' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ threshold: 12.5, peripheralIndex: 3, enabled: true, delivered: false });
    const [log] = await queryRows(
      suite.t.database.db,
      sql`select entity, changes from manage_logs where entity = 'device' and entity_id = ${String(sensor.id)} order by id desc limit 1`,
    );
    expect(log!.changes).toMatchObject({ threshold: { from: 8, to: 12.5 }, peripheralIndex: { from: 2, to: 3 } });
  });

  it('enables and disables a sensor', async () => {
    const off = await call('PUT', `${base}/${sensor.id}/inuse`, { enabled: 'false' });
    expect(off.json()).toMatchObject({ enabled: false, delivered: false });
    expect((await call('GET', `${base}/${sensor.id}/config`)).json().enabled).toBe(false);
    expect((await call('PUT', `${base}/${sensor.id}/inuse`, { enabled: 'true' })).json().enabled).toBe(true);
  });

  it("refuses bad input with the field's message in the caller's language", async () => {
    const zh = await call('PUT', `${base}/${sensor.id}/config`, { threshold: '300' }, suite.admin, 'zh_CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().errors).toEqual([{ field: 'threshold', message: '允许的取值范围：0 - 200。' }]);
    const en = await call('PUT', `${base}/${sensor.id}/config`, { threshold: '' });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0].field).toBe('threshold');
    expect(en.json().errors[0].message).toMatch(/required/i);
    const flag = await call('PUT', `${base}/${sensor.id}/inuse`, { enabled: 'maybe' }, suite.admin, 'zh_CN');
    expect(flag.statusCode).toBe(400);
    expect(flag.json().errors[0].message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers 400 for a device of another family and 404 for a device of another project', async () => {
    expect((await call('GET', `${base}/${gw.id}/config`)).statusCode).toBe(400);
    // A project's screens reach its child projects' devices (issue 13), never a device outside its subtree.
    expect((await call('GET', `/api/pjts/${other.id}/iot/illum/${sensor.id}/config`)).statusCode).toBe(404);
    expect((await call('GET', `/api/pjts/1/iot/illum/${foreignSensor.id}/config`)).statusCode).toBe(200);
    expect((await call('GET', `/api/pjts/1/iot/illum/${sensor.id}/config`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${base}/pages`, undefined, outsider)).statusCode).toBe(404);
  });

  it('lets a viewer read but not change', async () => {
    expect((await call('GET', `${base}/pages`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('PUT', `${base}/${sensor.id}/config`, { threshold: '5' }, viewer)).statusCode).toBe(403);
    expect((await call('PUT', `${base}/${sensor.id}/inuse`, { enabled: 'false' }, viewer)).statusCode).toBe(403);
    expect((await call('POST', `${base}/groups`, { name: 'x' }, viewer)).statusCode).toBe(403);
  });

  it('pages readings and logs through the kit; realdata of an offline sensor is refused', async () => {
    const readings = (await call('GET', `${base}/${sensor.id}/reports.do`)).json();
    expect(readings).toMatchObject({ total: 3 });
    expect(readings.list[0].illuminance).toBe(3.25);
    expect((await call('GET', `${base}/${sensor.id}/events`)).json()).toMatchObject({ list: [], total: 0 });
    const realdata = await call('POST', `${base}/${sensor.id}/realdata`, undefined, suite.admin, 'zh_CN');
    expect(realdata.statusCode).toBe(409);
    expect(realdata.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('illumination groups', () => {
  let seq = 0;
  const group = (extra: Record<string, string | undefined> = {}) =>
    Object.fromEntries(
      Object.entries({
        name: `照度组${++seq}`,
        no: `IG-${seq}-${Date.now() % 100000}`,
        gatewayId: String(gw.id),
        sensorId: String(sensor.id),
        childIds: `${lamps[0]!.id},${lamps[1]!.id}`,
        description: '路口',
        ...extra,
      }).filter(([, v]) => v !== undefined),
    ) as Record<string, string>;

  it('creates, pages, reads, updates and deletes a group; the sensor shows its lamp controllers', async () => {
    const created = await call('POST', `${base}/groups`, group({ name: '东门照度组' }));
    expect(created.statusCode, created.body).toBe(200);
    const g = created.json();
    expect(g).toMatchObject({
      name: '东门照度组',
      projectId: 1,
      gateway: { id: gw.id, name: gw.name },
      sensor: { id: sensor.id, name: sensor.name },
      description: '路口',
    });
    expect(g.lamps.map((c: { id: number }) => c.id).sort()).toEqual([lamps[0]!.id, lamps[1]!.id].sort());

    const page = (await call('GET', `${base}/groups/pages?keyword=${encodeURIComponent(g.no)}`)).json();
    expect(page).toMatchObject({ total: 1, page: 1 });
    expect((await call('GET', `${base}/groups/${g.id}`)).json().name).toBe('东门照度组');

    const sensorLamps = (await call('GET', `${base}/${sensor.id}/lamps`)).json();
    expect(sensorLamps.map((l: { id: number; groupName: string }) => [l.id, l.groupName]).sort()).toEqual(
      [
        [lamps[0]!.id, '东门照度组'],
        [lamps[1]!.id, '东门照度组'],
      ].sort(),
    );

    const updated = await call(
      'PUT',
      `${base}/groups/${g.id}`,
      group({ no: g.no, name: '西门照度组', childIds: String(lamps[2]!.id) }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: '西门照度组', lamps: [{ id: lamps[2]!.id }] });

    const options = (await call('GET', `${base}/groups/options`)).json();
    expect(options.gateways.map((d: { id: number }) => d.id)).toContain(gw.id);
    expect(options.sensors.map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining([sensor.id, quiet.id]));
    expect(options.lamps.map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining(lamps.map((l) => l.id)));
    expect(options.gateways.map((d: { id: number }) => d.id)).not.toContain(foreignGw.id);

    expect((await call('DELETE', `${base}/groups/${g.id}`)).json()).toEqual({ deleted: 1 });
    expect((await call('GET', `${base}/groups/${g.id}`)).statusCode).toBe(404);
    expect((await call('GET', `${base}/${sensor.id}/lamps`)).json()).toEqual([]);
  });

  it('deletes several groups at once', async () => {
    const one = (await call('POST', `${base}/groups`, group({ childIds: '' }))).json();
    const two = (
      await call('POST', `${base}/groups`, group({ childIds: undefined, sensorId: String(quiet.id) }))
    ).json();
    expect(one.lamps).toEqual([]);
    const res = await call('DELETE', `${base}/groups`, { ids: `${one.id},${two.id}` });
    expect(res.json()).toEqual({ deleted: 2 });
  });

  it('applies the rules: name and no, required gateway and sensor, one group per lamp controller, unique no', async () => {
    const bad = await call(
      'POST',
      `${base}/groups`,
      group({ name: 'x', no: '', gatewayId: '', sensorId: undefined }),
      suite.admin,
      'zh_CN',
    );
    expect(bad.statusCode).toBe(400);
    const fields = Object.fromEntries(
      bad.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(fields).toMatchObject({ name: '2-32 个字符', gatewayId: '请选择网关', sensorId: '请选择照度传感器' });
    expect(fields.no).toBeTruthy();

    const wrongKind = await call('POST', `${base}/groups`, group({ gatewayId: String(sensor.id) }));
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errors).toEqual([
      { field: 'gatewayId', message: 'The gateway does not exist or is not in this project' },
    ]);
    const lampAsSensor = await call('POST', `${base}/groups`, group({ sensorId: String(lamps[0]!.id) }));
    expect(lampAsSensor.json().errors[0].field).toBe('sensorId');
    const sensorAsChild = await call('POST', `${base}/groups`, group({ childIds: String(quiet.id) }));
    expect(sensorAsChild.json().errors[0].field).toBe('childIds');
    const foreignLamp = await createIotDevice(suite.t.database.db, {
      type: 'lighting',
      modelNo: 'lcunb',
      projectId: other.id,
    });
    const outOfProject = await call('POST', `${base}/groups`, group({ childIds: `${lamps[0]!.id},${foreignLamp.id}` }));
    expect(outOfProject.json().errors).toEqual([
      { field: 'childIds', message: 'A lamp controller does not exist or is not in this project' },
    ]);
    const twice = await call('POST', `${base}/groups`, group({ childIds: `${lamps[0]!.id},${lamps[0]!.id}` }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0]).toEqual({ field: 'childIds', message: 'A lamp controller is listed twice' });
    // A group's lamps are reached through its gateway: one behind another gateway of the project is refused.
    const otherGw = await createIotDevice(suite.t.database.db, { type: 'gateway', modelNo: 'gws' });
    const strayLamp = await createIotDevice(suite.t.database.db, {
      type: 'lighting',
      modelNo: 'lcunb',
      parentId: otherGw.id,
    });
    const stray = await call(
      'POST',
      `${base}/groups`,
      group({ childIds: `${lamps[0]!.id},${strayLamp.id}` }),
      suite.admin,
      'zh_CN',
    );
    expect(stray.statusCode).toBe(400);
    expect(stray.json().errors).toEqual([{ field: 'childIds', message: `灯控器 ${strayLamp.name} 不在所选网关下` }]);
    const behindOther = await call(
      'POST',
      `${base}/groups`,
      group({ gatewayId: String(otherGw.id), childIds: String(strayLamp.id) }),
    );
    expect(behindOther.statusCode, behindOther.body).toBe(200);
    await call('DELETE', `${base}/groups/${behindOther.json().id}`);

    const first = (await call('POST', `${base}/groups`, group({ childIds: String(lamps[0]!.id) }))).json();
    const taken = await call(
      'POST',
      `${base}/groups`,
      group({ childIds: `${lamps[1]!.id},${lamps[0]!.id}` }),
      suite.admin,
      'zh_CN',
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      `灯控器 ${lamps[0]!.name} 已在分组 ${first.name} 中，一个灯控器只跟随一个照度传感器`,
    );
    const dupNo = await call('POST', `${base}/groups`, group({ no: first.no, childIds: '' }));
    expect(dupNo.statusCode).toBe(409);
    expect(dupNo.json().errors[0].field).toBe('no');
    // Saving a group with its own children and number again is fine.
    expect(
      (await call('PUT', `${base}/groups/${first.id}`, group({ no: first.no, childIds: String(lamps[0]!.id) })))
        .statusCode,
    ).toBe(200);
    await call('DELETE', `${base}/groups/${first.id}`);
  });

  it("refuses another project's gateway, sensor and lamp controllers, and keeps its groups out of reach", async () => {
    for (const [field, value] of [
      ['gatewayId', foreignGw.id],
      ['sensorId', foreignSensor.id],
      ['childIds', foreignGw.id],
    ] as const) {
      const res = await call('POST', `${base}/groups`, group({ [field]: String(value) }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
    }
    // The other project's user names this project's devices from their own project: refused as unknown.
    const theirs = await call(
      'POST',
      `/api/pjts/${other.id}/iot/illum/groups`,
      group({ gatewayId: String(gw.id), sensorId: String(foreignSensor.id), childIds: '' }),
      outsider,
    );
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors[0].field).toBe('gatewayId');
    const mine = (await call('POST', `${base}/groups`, group({ childIds: '' }))).json();
    expect(
      (await call('GET', `/api/pjts/${other.id}/iot/illum/groups/${mine.id}`, undefined, outsider)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/pjts/${other.id}/iot/illum/groups/${mine.id}`, undefined, outsider)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${base}/groups/${mine.id}`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${base}/groups/${mine.id}`)).statusCode).toBe(200);
  });

  it('goes with its sensor when the sensor is deleted', async () => {
    const doomed = await createIotDevice(suite.t.database.db, { type: 'illumination', modelNo: 'illumrs485' });
    const g = (await call('POST', `${base}/groups`, group({ sensorId: String(doomed.id), childIds: '' }))).json();
    await suite.t.database.db.execute(sql`delete from production_items where occupied_device_id = ${doomed.id}`);
    await suite.t.database.db.execute(sql`delete from devices where id = ${doomed.id}`);
    expect((await call('GET', `${base}/groups/${g.id}`)).statusCode).toBe(404);
  });
});
