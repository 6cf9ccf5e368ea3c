import {
  deviceTypeBody,
  deviceTypeList,
  deviceTypePage,
  deviceTypeView,
  idParam,
  okAnswer,
  pageQuery,
  UPLOAD_LIMITS,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../../platform/errors.js';
import { commonQuery, fileAnswer } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { DeviceTypesService } from './device-types.service.js';

const params = z.object({ id: idParam() });
const tags = ['base data'];
const base = '/api/bas/devicetypes.do';

/** Spec 000 §7 "Base data": /api/bas/devicetypes.do and the type icon. */
export function deviceTypesRoutes(app: FastifyInstance, deps: { types: DeviceTypesService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.types;

  r.get(
    base,
    {
      schema: {
        tags,
        summary: 'Device types (up to 1000)',
        querystring: commonQuery,
        response: { 200: deviceTypeList },
      },
    },
    () => s.list(),
  );
  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: 'A page of device types',
        querystring: commonQuery.extend(pageQuery.shape),
        response: { 200: deviceTypePage },
      },
    },
    (req) => s.page(req.query),
  );
  r.get(
    `${base}/:id`,
    {
      schema: { tags, summary: 'One device type', params, querystring: commonQuery, response: { 200: deviceTypeView } },
    },
    (req) => s.get(req.params.id),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a device type',
        body: deviceTypeBody,
        querystring: commonQuery,
        response: { 200: deviceTypeView },
      },
    },
    (req) => s.create(actorOf(req), req.body),
  );
  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: "Update a device type (a built-in type's number stays)",
        params,
        body: deviceTypeBody,
        querystring: commonQuery,
        response: { 200: deviceTypeView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a device type no device or model uses (built-in ones stay)',
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
  r.put(
    `${base}/:id/icon`,
    {
      schema: {
        tags,
        summary: 'Upload the icon: multipart, one file field `file`, jpg or png (by content) under 100KB',
        consumes: ['multipart/form-data'],
        params,
        querystring: commonQuery,
        response: { 200: deviceTypeView },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw fieldError('file', 'base.iconRequired');
      const file = await req.file({ limits: { fileSize: UPLOAD_LIMITS.icon, files: 1 } });
      if (!file) throw fieldError('file', 'base.iconRequired');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw fieldError('file', 'validation.iconSize');
        throw error;
      }
      return s.setIcon(actorOf(req), req.params.id, bytes);
    },
  );
  r.get(
    `${base}/:id/icon`,
    {
      schema: {
        tags,
        summary: "A device type's icon (any signed-in user)",
        params,
        querystring: commonQuery.extend({ v: z.string().optional() }),
        response: { 200: fileAnswer('PNG or JPEG image', 'image/png', 'image/jpeg') },
      },
    },
    async (req, reply) => {
      const icon = await s.icon(req.params.id);
      return reply
        .header('content-type', icon.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(icon.bytes);
    },
  );
}
