import { deviceFactoryList, deviceModelList, deviceTypeList, idParam } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../platform/schemas.js';
import type { ProjectsRepository } from '../admin/projects/projects.repository.js';
import type { DeviceFactoriesService } from './device-factories/device-factories.service.js';
import { modelFilter } from './device-models/device-models.routes.js';
import type { DeviceModelsService } from './device-models/device-models.service.js';
import type { DeviceTypesService } from './device-types/device-types.service.js';
import { pathProject } from './path-project.js';

const project = z.object({ projectId: idParam() });
const tags = ['project base data'];
const base = '/api/pjts/:projectId';

/**
 * Spec 001 §7 "base lists" under /api/pjts/{projectId}/: read-only lists of what the project may use.
 * The path's project must be in the caller's subtree (404 otherwise).
 */
export function pjtBaseRoutes(
  app: FastifyInstance,
  deps: {
    types: DeviceTypesService;
    factories: DeviceFactoriesService;
    models: DeviceModelsService;
    projects: ProjectsRepository;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${base}/devicetypes.do`,
    {
      schema: {
        tags,
        summary: 'Device types',
        params: project,
        querystring: commonQuery,
        response: { 200: deviceTypeList },
      },
    },
    async (req) => {
      await pathProject(deps.projects, req.session!, req.params.projectId);
      return deps.types.list();
    },
  );
  r.get(
    `${base}/devicefactories.do`,
    {
      schema: {
        tags,
        summary: "Factories the project may use: global ones, its own and its ancestors'",
        params: project,
        querystring: commonQuery,
        response: { 200: deviceFactoryList },
      },
    },
    (req) => deps.factories.list(req.session!, req.params.projectId),
  );
  r.get(
    `${base}/devicemodels.do`,
    {
      schema: {
        tags,
        summary: 'Models of the factories the project may use',
        params: project,
        querystring: commonQuery.extend(modelFilter.shape),
        response: { 200: deviceModelList },
      },
    },
    (req) =>
      deps.models.list(
        req.session!,
        { factoryId: req.query.factoryId, typeNo: req.query.typeNo },
        req.params.projectId,
      ),
  );
  r.get(
    `${base}/types/:serial/devicemodels.do`,
    {
      schema: {
        tags,
        summary: 'Models of one device type (its code, e.g. lighting)',
        params: project.extend({ serial: z.string().trim().min(1).max(32) }),
        querystring: commonQuery,
        response: { 200: deviceModelList },
      },
    },
    (req) => deps.models.list(req.session!, { typeNo: req.params.serial }, req.params.projectId),
  );
}
