import {
  activeBody,
  batchActiveBody,
  deviceActiveView,
  deviceBody,
  deviceFilter,
  deviceList,
  deviceListPage,
  deviceOptionList,
  devicePageQuery,
  deviceTypeModelList,
  deviceView,
  idParam,
  idsBody,
  okAnswer,
  projectTreeQuery,
  requiredLocationBody,
  updatedAnswer,
} from '@sc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../../platform/paging.js';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { DeviceScope, DevicesService } from './devices.service.js';

const tags = ['devices'];
const params = z.object({ id: idParam() });
const projectParams = z.object({ projectId: idParam() });
const projectIdParams = projectParams.extend({ id: idParam() });
const typeField = z.string().trim().min(1, 'validation.typeRequired').max(32);

/** Spec 000 §7 "Business data": /api/biz/devices.do. */
export function devicesRoutes(app: FastifyInstance, deps: { devices: DevicesService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.devices;
  const base = '/api/biz/devices.do';
  const scope = (req: FastifyRequest) => s.sessionScope(req.session!);

  r.get(
    base,
    {
      schema: {
        tags,
        summary: 'Devices for pickers: id, name, no and type (up to 1000)',
        querystring: commonQuery.extend(deviceFilter.shape),
        response: { 200: deviceOptionList },
      },
    },
    (req) => {
      const { token: _t, lang: _l, ...filter } = req.query;
      return s.options(scope(req), filter);
    },
  );
  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: 'A page of devices, newest first, searchable over name, no, equipment id and ip',
        querystring: commonQuery.extend(devicePageQuery.shape),
        response: { 200: deviceListPage },
      },
    },
    async (req, reply) => {
      const { token: _t, lang: _l, ...query } = req.query;
      return sendJsonText(reply, await s.page(scope(req), query));
    },
  );
  r.get(
    `${base}/:id`,
    { schema: { tags, summary: 'One device', params, querystring: commonQuery, response: { 200: deviceView } } },
    (req) => s.get(scope(req), req.params.id),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a device',
        body: deviceBody,
        querystring: commonQuery,
        response: { 200: deviceView },
      },
    },
    (req) => s.create(actorOf(req), scope(req), req.body),
  );
  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a device',
        params,
        body: deviceBody,
        querystring: commonQuery,
        response: { 200: deviceView },
      },
    },
    (req) => s.update(actorOf(req), scope(req), req.params.id, req.body),
  );
  r.put(
    `${base}/:id/location`,
    {
      schema: {
        tags,
        summary: "Set a device's location",
        params,
        body: requiredLocationBody,
        querystring: commonQuery,
        response: { 200: deviceView },
      },
    },
    (req) => s.setLocation(actorOf(req), scope(req), req.params.id, req.body),
  );
  r.put(
    `${base}/:id/active`,
    {
      schema: {
        tags,
        summary: 'Force the active state',
        params,
        body: activeBody,
        querystring: commonQuery,
        response: { 200: deviceView },
      },
    },
    (req) => s.setActive(actorOf(req), scope(req), req.params.id, req.body.activeState),
  );
  r.post(
    `${base}/batch/active`,
    {
      schema: {
        tags,
        summary: 'Force the active state of several devices (those in scope); answers {updated}',
        body: batchActiveBody,
        querystring: commonQuery,
        response: { 200: updatedAnswer },
      },
    },
    (req) => s.setActiveMany(actorOf(req), scope(req), req.body.ids, req.body.activeState),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a device without children',
        params,
        querystring: commonQuery,
        response: { 200: okAnswer },
      },
    },
    async (req) => {
      await s.remove(actorOf(req), scope(req), req.params.id);
      return { ok: true as const };
    },
  );
}

/** Spec 001 §7: /api/pjts/{projectId}/devices.do, the same rules inside one project (404 when out of scope). */
export function projectDevicesRoutes(app: FastifyInstance, deps: { devices: DevicesService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.devices;
  const base = '/api/pjts/:projectId/devices.do';
  const scope = (req: { session: FastifyRequest['session']; params: { projectId: number } }): Promise<DeviceScope> =>
    s.projectScope(req.session!, req.params.projectId);
  /** A body without a project takes the path's. */
  const projectFromPath = async (req: FastifyRequest) => {
    const body = req.body as Record<string, unknown> | undefined;
    const projectId = (req.params as { projectId?: string }).projectId;
    if (body && typeof body === 'object' && (body.projectId === undefined || body.projectId === ''))
      body.projectId = projectId;
  };

  r.get(
    `${base}/one/:id`,
    {
      schema: {
        tags,
        summary: 'One device of the project',
        params: projectIdParams,
        querystring: commonQuery,
        response: { 200: deviceView },
      },
    },
    async (req) => s.get(await scope(req), req.params.id),
  );
  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: 'A page of the project’s devices',
        params: projectParams,
        querystring: commonQuery.extend(devicePageQuery.shape),
        response: { 200: deviceListPage },
      },
    },
    async (req, reply) => {
      const { token: _t, lang: _l, ...query } = req.query;
      return sendJsonText(reply, await s.page(await scope(req), query));
    },
  );
  r.get(
    `${base}/family`,
    {
      schema: {
        tags,
        summary: 'Devices of a type in the project (family lists, up to 1000)',
        params: projectParams,
        querystring: commonQuery.extend({ type: typeField.optional() }).extend(projectTreeQuery.shape),
        response: { 200: deviceList },
      },
    },
    async (req) => s.family(await scope(req), req.query.type, req.query.includeChildren),
  );
  r.get(
    `${base}/children/:id`,
    {
      schema: {
        tags,
        summary: 'Children of a device',
        params: projectIdParams,
        querystring: commonQuery,
        response: { 200: deviceList },
      },
    },
    async (req) => s.children(await scope(req), req.params.id),
  );
  r.get(
    `${base}/batch`,
    {
      schema: {
        tags,
        summary: 'Several devices by id (?ids=1,2,3); ids out of the project are left out',
        params: projectParams,
        querystring: commonQuery.extend(idsBody.shape),
        response: { 200: deviceList },
      },
    },
    async (req) => s.batch(await scope(req), req.query.ids),
  );
  r.get(
    `${base}/types/:type/models`,
    {
      schema: {
        tags,
        summary: 'Models of a device type',
        params: projectParams.extend({ type: typeField }),
        querystring: commonQuery,
        response: { 200: deviceTypeModelList },
      },
    },
    async (req) => {
      return s.modelsOfType(await scope(req), req.params.type);
    },
  );
  r.post(
    base,
    {
      preValidation: projectFromPath,
      schema: {
        tags,
        summary: 'Create a device',
        params: projectParams,
        body: deviceBody,
        querystring: commonQuery,
        response: { 200: deviceView },
      },
    },
    async (req) => s.create(actorOf(req), await scope(req), req.body),
  );
  r.put(
    `${base}/:id`,
    {
      preValidation: projectFromPath,
      schema: {
        tags,
        summary: 'Update a device',
        params: projectIdParams,
        body: deviceBody,
        querystring: commonQuery,
        response: { 200: deviceView },
      },
    },
    async (req) => s.update(actorOf(req), await scope(req), req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a device without children',
        params: projectIdParams,
        querystring: commonQuery,
        response: { 200: okAnswer },
      },
    },
    async (req) => {
      await s.remove(actorOf(req), await scope(req), req.params.id);
      return { ok: true as const };
    },
  );
  r.put(
    `${base}/:id/location`,
    {
      schema: {
        tags,
        summary: 'Set the location of a device of the project',
        params: projectIdParams,
        body: requiredLocationBody,
        querystring: commonQuery,
        response: { 200: deviceView },
      },
    },
    async (req) => s.setLocation(actorOf(req), await scope(req), req.params.id, req.body),
  );
  r.get(
    `${base}/:id/active`,
    {
      schema: {
        tags,
        summary: 'Active state of a device',
        params: projectIdParams,
        querystring: commonQuery,
        response: { 200: deviceActiveView },
      },
    },
    async (req) => s.getActive(await scope(req), req.params.id),
  );
  r.put(
    `${base}/:id/active`,
    {
      schema: {
        tags,
        summary: 'Force the active state',
        params: projectIdParams,
        body: activeBody,
        querystring: commonQuery,
        response: { 200: deviceView },
      },
    },
    async (req) => s.setActive(actorOf(req), await scope(req), req.params.id, req.body.activeState),
  );
  r.post(
    `${base}/batch/active`,
    {
      schema: {
        tags,
        summary: 'Force the active state of several devices of the project; answers {updated}',
        params: projectParams,
        body: batchActiveBody,
        querystring: commonQuery,
        response: { 200: updatedAnswer },
      },
    },
    async (req) => s.setActiveMany(actorOf(req), await scope(req), req.body.ids, req.body.activeState),
  );
}
