import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  deviceAreas,
  deviceFactories,
  deviceGroups,
  deviceModels,
  devices,
  deviceTypes,
  productionItems,
  projects,
  publishedItem,
  roles,
  users,
} from '../../db/schema/index.js';

const first = <T>(rows: T[]): T | null => rows[0] ?? null;

/**
 * The SQL of the reference checker: each record an input can name, with the path of the project it
 * belongs to (null for shared, platform-wide records).
 */
export function createReferencesRepository(db: Db) {
  const factoryProject = alias(projects, 'factory_project');
  return {
    project: async (id: number) =>
      first(
        await db
          .select({ id: projects.id, path: projects.path, parentId: projects.parentId })
          .from(projects)
          .where(eq(projects.id, id)),
      ),

    factory: async (id: number) =>
      first(
        await db
          .select({ id: deviceFactories.id, projectId: deviceFactories.projectId, projectPath: projects.path })
          .from(deviceFactories)
          .leftJoin(projects, eq(projects.id, deviceFactories.projectId))
          .where(eq(deviceFactories.id, id)),
      ),

    model: async (id: number) =>
      first(
        await db
          .select({
            id: deviceModels.id,
            typeNo: deviceModels.typeNo,
            factoryId: deviceModels.factoryId,
            projectId: deviceFactories.projectId,
            projectPath: factoryProject.path,
          })
          .from(deviceModels)
          .innerJoin(deviceFactories, eq(deviceFactories.id, deviceModels.factoryId))
          .leftJoin(factoryProject, eq(factoryProject.id, deviceFactories.projectId))
          .where(eq(deviceModels.id, id)),
      ),

    modelsByNo: (nos: string[]) =>
      nos.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: deviceModels.id,
              no: deviceModels.no,
              projectId: deviceFactories.projectId,
              projectPath: factoryProject.path,
            })
            .from(deviceModels)
            .innerJoin(deviceFactories, eq(deviceFactories.id, deviceModels.factoryId))
            .leftJoin(factoryProject, eq(factoryProject.id, deviceFactories.projectId))
            .where(inArray(deviceModels.no, nos)),

    projectsByNo: (nos: string[]) =>
      nos.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: projects.id, no: projects.no, path: projects.path })
            .from(projects)
            .where(inArray(projects.no, nos)),

    area: async (id: number) =>
      first(
        await db
          .select({ id: deviceAreas.id, projectId: deviceAreas.projectId, projectPath: projects.path })
          .from(deviceAreas)
          .innerJoin(projects, eq(projects.id, deviceAreas.projectId))
          .where(eq(deviceAreas.id, id)),
      ),

    group: async (id: number) =>
      first(
        await db
          .select({
            id: deviceGroups.id,
            projectId: deviceGroups.projectId,
            areaId: deviceGroups.areaId,
            projectPath: projects.path,
          })
          .from(deviceGroups)
          .innerJoin(projects, eq(projects.id, deviceGroups.projectId))
          .where(eq(deviceGroups.id, id)),
      ),

    device: async (id: number) =>
      first(
        await db
          .select({ id: devices.id, projectId: devices.projectId, type: devices.type, projectPath: projects.path })
          .from(devices)
          .innerJoin(projects, eq(projects.id, devices.projectId))
          .where(eq(devices.id, id)),
      ),

    devices: (ids: number[]) =>
      ids.length
        ? db
            .select({ id: devices.id, projectId: devices.projectId, type: devices.type, projectPath: projects.path })
            .from(devices)
            .innerJoin(projects, eq(projects.id, devices.projectId))
            .where(inArray(devices.id, ids))
        : Promise.resolve([]),

    productionItem: async (no: string) =>
      first(
        await db
          .select({
            id: productionItems.id,
            status: productionItems.status,
            occupiedDeviceId: productionItems.occupiedDeviceId,
            projectId: productionItems.projectId,
            projectPath: projects.path,
          })
          .from(productionItems)
          .innerJoin(projects, eq(projects.id, productionItems.projectId))
          // An item of an import still being written does not exist yet.
          .where(and(eq(productionItems.no, no), publishedItem)),
      ),

    role: async (id: number) =>
      first(
        await db
          .select({ id: roles.id, projectId: roles.projectId, admin: roles.admin, projectPath: projects.path })
          .from(roles)
          .innerJoin(projects, eq(projects.id, roles.projectId))
          .where(eq(roles.id, id)),
      ),

    user: async (id: number) =>
      first(
        await db
          .select({ id: users.id, roleId: users.roleId, projectId: roles.projectId, projectPath: projects.path })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .innerJoin(projects, eq(projects.id, roles.projectId))
          .where(eq(users.id, id)),
      ),

    typeExists: async (no: string) =>
      Boolean(first(await db.select({ id: deviceTypes.id }).from(deviceTypes).where(eq(deviceTypes.no, no)))),
  };
}

export type ReferencesRepository = ReturnType<typeof createReferencesRepository>;
