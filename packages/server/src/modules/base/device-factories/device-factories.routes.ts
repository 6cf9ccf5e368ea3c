import {
  deviceFactoryBody,
  deviceFactoryList,
  deviceFactoryPage,
  deviceFactoryView,
  idParam,
  okAnswer,
  pageQuery,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { DeviceFactoriesService } from './device-factories.service.js';

const params = z.object({ id: idParam() });
const tags = ['base data'];
const base = '/api/bas/devicefactories.do';

/** Spec 000 §7 "Base data": /api/bas/devicefactories.do. */
export function deviceFactoriesRoutes(app: FastifyInstance, deps: { factories: DeviceFactoriesService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.factories;

  r.get(
    base,
    {
      schema: {
        tags,
        summary: "Global factories and those of the caller's projects",
        querystring: commonQuery,
        response: { 200: deviceFactoryList },
      },
    },
    (req) => s.list(req.session!),
  );
  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: 'A page of device factories',
        querystring: commonQuery.extend(pageQuery.shape),
        response: { 200: deviceFactoryPage },
      },
    },
    (req) => s.page(req.session!, req.query),
  );
  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'One device factory',
        params,
        querystring: commonQuery,
        response: { 200: deviceFactoryView },
      },
    },
    (req) => s.get(req.session!, req.params.id),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a device factory',
        body: deviceFactoryBody,
        querystring: commonQuery,
        response: { 200: deviceFactoryView },
      },
    },
    (req) => s.create(actorOf(req), req.body),
  );
  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a device factory',
        params,
        body: deviceFactoryBody,
        querystring: commonQuery,
        response: { 200: deviceFactoryView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a factory without models or devices',
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
