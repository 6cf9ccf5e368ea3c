import {
  billCreateBody,
  billIdsBody,
  billPageQuery,
  billPatchBody,
  detailBatchCreateBody,
  detailBatchHandleBody,
  detailCreateBody,
  detailHandleBody,
  deviceMaintenancePage,
  idParam,
  MAINTENANCE_BASE,
  MAINTENANCE_LIMITS,
  maintenanceBillFull,
  maintenanceBillPage,
  maintenanceCountAnswer,
  maintenanceCounts,
  maintenanceMapDevices,
  maintenanceMessagesAnswer,
  maintenancePole,
  messageBatchBody,
  messageBody,
  msg,
  pageQuery,
  poleOrderPage,
  polePageQuery,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../platform/errors.js';
import { requestLang } from '../../platform/lang.js';
import { commonQuery, fileAnswer } from '../../platform/schemas.js';
import { actorOf } from '../logs/audit.service.js';
import type { MaintenanceService } from './maintenance.service.js';

const tags = ['maintenance'];

/** Spec 001 §7 "Maintenance": work orders under /api/pjts/{projectId}/maintenance.do. */
export function maintenanceRoutes(app: FastifyInstance, deps: { maintenance: MaintenanceService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.maintenance;
  const base = MAINTENANCE_BASE;
  const project = z.object({ projectId: idParam() });
  const bill = project.extend({ id: idParam() });
  const detail = bill.extend({ detailId: idParam() });
  const querystring = commonQuery;

  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: 'A page of work orders (keyword over no, title, creator; status 0, 10, -10)',
        params: project,
        querystring: commonQuery.extend(billPageQuery.shape),
        response: { 200: maintenanceBillPage },
      },
    },
    (req) => s.page(req.session!, req.params.projectId, req.query),
  );
  r.get(
    `${base}/counts`,
    {
      schema: {
        tags,
        summary: 'Open, in-process, finished and canceled work orders (dashboard)',
        params: project,
        querystring,
        response: { 200: maintenanceCounts },
      },
    },
    (req) => s.counts(req.session!, req.params.projectId),
  );
  r.get(
    `${base}/pole/pages`,
    {
      schema: {
        tags,
        summary: 'Work orders per pole (device group): filter all, process, finished, denied',
        params: project,
        querystring: commonQuery.extend(polePageQuery.shape),
        response: { 200: poleOrderPage },
      },
    },
    (req) => s.polePage(req.session!, req.params.projectId, req.query),
  );
  r.get(
    `${base}/poles/:groupId`,
    {
      schema: {
        tags,
        summary: 'A pole (device group): its devices with state and last alarm',
        params: project.extend({ groupId: idParam() }),
        querystring,
        response: { 200: maintenancePole },
      },
    },
    (req) => s.pole(req.session!, req.params.projectId, req.params.groupId),
  );
  r.get(
    `${base}/devices/located`,
    {
      schema: {
        tags,
        summary: `The project's devices with coordinates (at most ${MAINTENANCE_LIMITS.mapDevices}), for picking on the editor's map`,
        params: project,
        querystring,
        response: { 200: maintenanceMapDevices },
      },
    },
    (req) => s.locatedDevices(req.session!, req.params.projectId),
  );
  r.get(
    `${base}/devices/:id/pages`,
    {
      schema: {
        tags,
        summary: "A device's maintenance history: every work order line it had",
        params: bill,
        querystring: commonQuery.extend(pageQuery.shape),
        response: { 200: deviceMaintenancePage },
      },
    },
    (req) => s.deviceHistory(req.session!, req.params.projectId, req.params.id, req.query),
  );
  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'A work order with devices and messages',
        params: bill,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) => s.get(req.session!, req.params.projectId, req.params.id),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a work order (header); with deviceId (and alarmCode, alarmAt) when an alarm opens it',
        params: project,
        body: billCreateBody,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) => s.create(actorOf(req), req.params.projectId, req.body),
  );
  r.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Change the title of an editable order, or cancel it (status -10)',
        params: bill,
        body: billPatchBody,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) => s.patch(actorOf(req), req.params.projectId, req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an order being edited or canceled',
        params: bill,
        querystring,
        response: { 200: maintenanceCountAnswer },
      },
    },
    (req) => s.remove(actorOf(req), req.params.projectId, [req.params.id]),
  );
  r.delete(
    base,
    {
      schema: {
        tags,
        summary: 'Delete orders (ids), none approved',
        params: project,
        body: billIdsBody,
        querystring,
        response: { 200: maintenanceCountAnswer },
      },
    },
    (req) => s.remove(actorOf(req), req.params.projectId, req.body.ids),
  );
  r.patch(
    `${base}/approve`,
    {
      schema: {
        tags,
        summary: 'Approve orders being edited that have devices (check level)',
        params: project,
        body: billIdsBody,
        querystring,
        response: { 200: maintenanceCountAnswer },
      },
    },
    (req) => s.approve(actorOf(req), req.params.projectId, req.body.ids),
  );
  r.post(
    `${base}/:id/pdf`,
    {
      schema: {
        tags,
        summary: 'The order as a PDF (Chinese text in an embedded font)',
        params: bill,
        querystring,
        response: { 200: fileAnswer('PDF document', 'application/pdf') },
      },
    },
    async (req, reply) => {
      const pdf = await s.pdf(req.session!, req.params.projectId, req.params.id, requestLang(req));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.no}.pdf"`)
        .send(pdf.bytes);
    },
  );
  r.post(
    `${base}/:id/details`,
    {
      schema: {
        tags,
        summary: 'Add a device (with the alarm that calls for it)',
        params: bill,
        body: detailCreateBody,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) =>
      s.addDevices(actorOf(req), req.params.projectId, req.params.id, [req.body.deviceId], {
        alarmCode: req.body.alarmCode,
        alarmAt: req.body.alarmAt,
      }),
  );
  r.post(
    `${base}/:id/details/batch`,
    {
      schema: {
        tags,
        summary: 'Add devices (deviceIds), up to the cap setting',
        params: bill,
        body: detailBatchCreateBody,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) => s.addDevices(actorOf(req), req.params.projectId, req.params.id, req.body.deviceIds),
  );
  r.delete(
    `${base}/:id/details/:detailId`,
    {
      schema: {
        tags,
        summary: 'Remove a device from an editable order',
        params: detail,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) => s.removeDevices(actorOf(req), req.params.projectId, req.params.id, [req.params.detailId]),
  );
  r.delete(
    `${base}/:id/details`,
    {
      schema: {
        tags,
        summary: 'Remove devices (ids) from an editable order',
        params: bill,
        body: billIdsBody,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) => s.removeDevices(actorOf(req), req.params.projectId, req.params.id, req.body.ids),
  );
  r.patch(
    `${base}/:id/details/:detailId`,
    {
      schema: {
        tags,
        summary: 'Complete (1) or abandon (-1) a device of an approved order',
        params: detail,
        body: detailHandleBody,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) => s.handle(actorOf(req), req.params.projectId, req.params.id, [req.params.detailId], req.body),
  );
  r.patch(
    `${base}/:id/details`,
    {
      schema: {
        tags,
        summary: 'Complete or abandon devices (ids) of an approved order',
        params: bill,
        body: detailBatchHandleBody,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) => s.handle(actorOf(req), req.params.projectId, req.params.id, req.body.ids, req.body),
  );
  r.put(
    `${base}/:id/details/:detailId/photo`,
    {
      schema: {
        tags,
        summary: 'The site photo of a device: multipart field `file`, jpg or png (by content) up to 2 MB',
        consumes: ['multipart/form-data'],
        params: detail,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw fieldError('file', 'maintenance.errors.photoRequired');
      const file = await req.file({ limits: { fileSize: MAINTENANCE_LIMITS.photoBytes, files: 1 } });
      let bytes: Buffer | null = null;
      try {
        bytes = file ? await file.toBuffer() : null;
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw fieldError(
            'file',
            msg('maintenance.errors.photoSize', { max: MAINTENANCE_LIMITS.photoBytes / 1024 / 1024 }),
          );
        throw error;
      }
      return s.setPhoto(actorOf(req), req.params.projectId, req.params.id, req.params.detailId, bytes);
    },
  );
  r.get(
    `${base}/:id/details/:detailId/photo`,
    {
      schema: {
        tags,
        summary: 'The site photo of a device',
        params: detail,
        querystring,
        response: { 200: fileAnswer('JPEG or PNG image', 'image/jpeg', 'image/png') },
      },
    },
    async (req, reply) => {
      const photo = await s.photo(req.session!, req.params.projectId, req.params.id, req.params.detailId);
      return reply
        .header('content-type', photo.mime)
        .header('cache-control', 'private, max-age=60')
        .header('x-content-type-options', 'nosniff')
        .send(photo.bytes);
    },
  );
  r.post(
    `${base}/:id/messages`,
    {
      schema: {
        tags,
        summary: "A message on the order's header",
        params: bill,
        body: messageBody,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) => s.headerMessage(actorOf(req), req.params.projectId, req.params.id, req.body.content),
  );
  r.post(
    `${base}/messages`,
    {
      schema: {
        tags,
        summary: 'The same message on several orders (ids)',
        params: project,
        body: messageBatchBody,
        querystring,
        response: { 200: maintenanceMessagesAnswer },
      },
    },
    (req) => s.headerMessages(actorOf(req), req.params.projectId, req.body.ids, req.body.content),
  );
  r.post(
    `${base}/:id/details/:detailId/messages`,
    {
      schema: {
        tags,
        summary: 'A message on a device of the order',
        params: detail,
        body: messageBody,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) =>
      s.detailMessages(actorOf(req), req.params.projectId, req.params.id, [req.params.detailId], req.body.content),
  );
  r.post(
    `${base}/:id/details/messages`,
    {
      schema: {
        tags,
        summary: 'The same message on several devices (ids) of the order',
        params: bill,
        body: messageBatchBody,
        querystring,
        response: { 200: maintenanceBillFull },
      },
    },
    (req) => s.detailMessages(actorOf(req), req.params.projectId, req.params.id, req.body.ids, req.body.content),
  );
}
