import { DEFAULT_MAP, MODULES } from '@sc/contract';
import {
  AREAS_PER_DISTRICT,
  DEMO_CITY,
  DEMO_DISTRICTS,
  GROUPS_PER_AREA,
  type PlannedDevice,
  planDevices,
} from '@sc/contract/demo';
import { demoKey } from '@sc/contract/demo-key';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  deviceAreas,
  deviceGroups,
  deviceModels,
  devices,
  productionItems,
  projectModules,
  projects,
} from '../db/schema/index.js';
import { refreshStatistics } from '../db/statistics.js';
import { seedDemoPolicies } from './demo-policies.js';
import { demoDeviceSecret } from './demo-secret.js';

const BATCH = 1000;

async function ensureProject(
  db: Db,
  parent: { id: number; path: string },
  values: { name: string; no: string; lng: number; lat: number },
) {
  const [found] = await db
    .select({ id: projects.id, path: projects.path })
    .from(projects)
    .where(eq(projects.no, values.no));
  if (found) return found;
  const [row] = await db
    .insert(projects)
    .values({ ...values, parentId: parent.id, description: '演示数据' })
    .returning({ id: projects.id });
  const path = `${parent.path}${row!.id}/`;
  await db.update(projects).set({ path }).where(eq(projects.id, row!.id));
  await db
    .insert(projectModules)
    .values(MODULES.map((module) => ({ projectId: row!.id, module })))
    .onConflictDoNothing();
  return { id: row!.id, path };
}

/**
 * Creates (or completes) the demo project tree and brings it to `deviceCount` devices; running it
 * again with a larger size adds the difference. Direct batched inserts: 100,000 devices in seconds.
 */
export async function seedDemo(db: Db, deviceCount: number, log: (line: string) => void = () => {}) {
  const [root] = await db
    .select({ id: projects.id, path: projects.path })
    .from(projects)
    .where(isNull(projects.parentId));
  if (!root) throw new Error('no root project: start the server once first');
  const city = await ensureProject(db, root, { ...DEMO_CITY, lng: DEFAULT_MAP.lng, lat: DEFAULT_MAP.lat });
  const { secret, created } = await demoDeviceSecret(db);
  if (created) await rekeyDemoItems(db, secret);

  const groupIds: number[][][] = [];
  const areaIds: number[][] = [];
  const districtIds: number[] = [];
  for (const [d, district] of DEMO_DISTRICTS.entries()) {
    const p = await ensureProject(db, city, {
      name: district.name,
      no: district.no,
      lng: DEFAULT_MAP.lng + district.dLng,
      lat: DEFAULT_MAP.lat + district.dLat,
    });
    districtIds.push(p.id);
    areaIds.push([]);
    groupIds.push([]);
    for (let a = 0; a < AREAS_PER_DISTRICT; a++) {
      const areaNo = `${district.no}-A${a + 1}`;
      let [area] = await db.select({ id: deviceAreas.id }).from(deviceAreas).where(eq(deviceAreas.no, areaNo));
      area ??= (
        await db
          .insert(deviceAreas)
          .values({
            projectId: p.id,
            name: `${district.name}${a + 1}片区`,
            no: areaNo,
            lng: DEFAULT_MAP.lng + district.dLng + (a - 1.5) * 0.008,
            lat: DEFAULT_MAP.lat + district.dLat,
          })
          .returning({ id: deviceAreas.id })
      )[0]!;
      areaIds[d]!.push(area.id);
      groupIds[d]!.push([]);
      for (let g = 0; g < GROUPS_PER_AREA; g++) {
        const groupNo = `${areaNo}-G${g + 1}`;
        let [group] = await db.select({ id: deviceGroups.id }).from(deviceGroups).where(eq(deviceGroups.no, groupNo));
        group ??= (
          await db
            .insert(deviceGroups)
            .values({
              projectId: p.id,
              areaId: area.id,
              name: `${district.name}${a + 1}区${g + 1}组`,
              no: groupNo,
              lng: DEFAULT_MAP.lng + district.dLng + (a - 1.5) * 0.008,
              lat: DEFAULT_MAP.lat + district.dLat + (g - 2) * 0.002,
              activeState: 1,
            })
            .returning({ id: deviceGroups.id })
        )[0]!;
        groupIds[d]![a]!.push(group.id);
      }
    }
  }

  const models = new Map(
    (
      await db
        .select({ id: deviceModels.id, no: deviceModels.no, factoryId: deviceModels.factoryId })
        .from(deviceModels)
    ).map((m) => [m.no, m]),
  );
  const [{ existing }] = (await db
    .select({ existing: sql<number>`count(*)::int` })
    .from(devices)
    .innerJoin(projects, eq(projects.id, devices.projectId))
    .where(and(sql`${projects.path} like ${`${city.path}%`}`))) as [{ existing: number }];

  const started = Date.now();
  const rowOf = (d: PlannedDevice, parentId: number | null) => {
    const model = d.modelNo ? models.get(d.modelNo) : undefined;
    return {
      projectId: districtIds[d.district]!,
      areaId: areaIds[d.district]![d.area]!,
      groupId: groupIds[d.district]![d.area]![d.group]!,
      name: d.name,
      no: d.no,
      type: d.type,
      modelId: model?.id ?? null,
      factoryId: model?.factoryId ?? null,
      parentId,
      equipmentId: d.equipmentId,
      lng: d.lng,
      lat: d.lat,
      activeState: d.activeState,
      registered: d.registered,
      protocolVersion: 2,
      props: d.props,
    };
  };
  for (let from = existing; from < deviceCount; from += BATCH) {
    const plan = planDevices(from, Math.min(deviceCount, from + BATCH));
    // Parents (gateways) come before their children: insert those without a parent first, then
    // look the parents up (this batch or an earlier one) and insert the children.
    const inserted = await db
      .insert(devices)
      .values(plan.filter((d) => !d.parentEquipmentId).map((d) => rowOf(d, null)))
      .returning({ id: devices.id, equipmentId: devices.equipmentId });
    const ids = new Map(inserted.map((r) => [r.equipmentId!, r.id]));
    const children = plan.filter((d) => d.parentEquipmentId);
    const missing = [...new Set(children.map((d) => d.parentEquipmentId!))].filter((e) => !ids.has(e));
    if (missing.length)
      for (const r of await db
        .select({ id: devices.id, equipmentId: devices.equipmentId })
        .from(devices)
        .where(inArray(devices.equipmentId, missing)))
        ids.set(r.equipmentId!, r.id);
    if (children.length)
      for (const r of await db
        .insert(devices)
        .values(children.map((d) => rowOf(d, ids.get(d.parentEquipmentId!) ?? null)))
        .returning({ id: devices.id, equipmentId: devices.equipmentId }))
        ids.set(r.equipmentId!, r.id);
    // The production item each device occupies: its key1 (demoKey) lets the simulator sign in.
    const now = new Date();
    const items = plan.flatMap((d) => {
      const model = d.modelNo ? models.get(d.modelNo) : undefined;
      const deviceId = ids.get(d.equipmentId);
      if (!model || !deviceId) return [];
      const projectId = districtIds[d.district]!;
      return [
        {
          name: d.name,
          no: d.equipmentId,
          key1: demoKey(secret, d.equipmentId),
          modelId: model.id,
          projectId,
          description: '演示数据',
          status: 1,
          occupiedProjectId: projectId,
          occupiedDeviceId: deviceId,
          occupiedAt: now,
        },
      ];
    });
    if (items.length) await db.insert(productionItems).values(items).onConflictDoNothing();
    if ((from / BATCH) % 10 === 0) log(`  ${Math.min(deviceCount, from + BATCH)} / ${deviceCount} devices`);
  }
  const added = Math.max(0, deviceCount - existing);
  const { lamps } = await seedDemoPolicies(db, districtIds);
  // After a bulk load, without waiting for autovacuum (PGlite has none): fresh planner statistics, and
  // the search indexes' pending lists merged (rows inserted in bulk wait there unsorted, and every
  // search read them all: 11 ms instead of 1 ms per search).
  if (added > 0) await refreshStatistics(db, [devices, productionItems], { vacuum: true });
  log(
    `Demo: ${DEMO_DISTRICTS.length} districts, ${DEMO_DISTRICTS.length * AREAS_PER_DISTRICT} areas, ${DEMO_DISTRICTS.length * AREAS_PER_DISTRICT * GROUPS_PER_AREA} groups, ${added} devices added in ${((Date.now() - started) / 1000).toFixed(1)} s (${Math.max(existing, deviceCount)} in all), ${lamps} lamps on the night policy`,
  );
  return { added, total: Math.max(existing, deviceCount), secret };
}

/** Demo items keyed before the installation had a secret (by a public hash) get keys from the secret. */
async function rekeyDemoItems(db: Db, secret: string) {
  const items = await db
    .select({ id: productionItems.id, no: productionItems.no })
    .from(productionItems)
    .where(like(productionItems.no, 'DEMO%'));
  for (let i = 0; i < items.length; i += BATCH) {
    const part = items.slice(i, i + BATCH);
    const rows = sql.join(
      part.map((r) => sql`(${r.id}::int, ${demoKey(secret, r.no)}::text)`),
      sql`, `,
    );
    await db.execute(
      sql`update production_items p set key1 = k.key1 from (values ${rows}) as k(id, key1) where p.id = k.id`,
    );
  }
}
