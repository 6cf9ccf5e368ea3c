import {
  deviceModelBody,
  deviceModelList,
  deviceModelPage,
  deviceModelView,
  idParam,
  okAnswer,
  pageQuery,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { DeviceModelsService } from './device-models.service.js';

const params = z.object({ id: idParam() });
const blank = (v: unknown) => (v === '' ? undefined : v);
export const modelFilter = z.object({
  factoryId: z.preprocess(blank, idParam().optional()),
  typeNo: z.preprocess(blank, z.string().trim().max(32).optional()),
});
const tags = ['base data'];
const base = '/api/bas/devicemodels.do';

/** Spec 000 §7 "Base data": /api/bas/devicemodels.do. */
export function deviceModelsRoutes(app: FastifyInstance, deps: { models: DeviceModelsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.models;

  r.get(
    base,
    {
      schema: {
        tags,
        summary: 'Device models (up to 1000), by factory and type',
        querystring: commonQuery.extend(modelFilter.shape),
        response: { 200: deviceModelList },
      },
    },
    (req) => s.list(req.session!, { factoryId: req.query.factoryId, typeNo: req.query.typeNo }),
  );
  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: 'A page of device models',
        querystring: commonQuery.extend(pageQuery.shape).extend(modelFilter.shape),
        response: { 200: deviceModelPage },
      },
    },
    (req) => s.page(req.session!, req.query),
  );
  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'One device model',
        params,
        querystring: commonQuery,
        response: { 200: deviceModelView },
      },
    },
    (req) => s.get(req.session!, req.params.id),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a device model',
        body: deviceModelBody,
        querystring: commonQuery,
        response: { 200: deviceModelView },
      },
    },
    (req) => s.create(actorOf(req), req.body),
  );
  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a device model',
        params,
        body: deviceModelBody,
        querystring: commonQuery,
        response: { 200: deviceModelView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a model no device or production item uses',
        params,
        querystring: commonQuery,
        response: { 200: okAnswer },
      },
    },
    async (req) => {
      await s.remove(actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );
}
