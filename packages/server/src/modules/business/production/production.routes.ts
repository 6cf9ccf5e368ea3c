import { randomBytes } from 'node:crypto';
import {
  AUTH_LEVEL,
  idParam,
  okAnswer,
  PRODUCTION_CSV_COLUMNS,
  productionAutoBody,
  productionAutoResult,
  productionImportResult,
  productionItemBody,
  productionItemPage,
  productionItemView,
  productionKey1,
  productionPageQuery,
  translate,
  UPLOAD_LIMITS,
} from '@sc/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../../platform/errors.js';
import { sendTable } from '../../../platform/export/table-export.js';
import { requestLang } from '../../../platform/lang.js';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { ProductionService } from './production.service.js';

const tags = ['production'];
const params = z.object({ id: idParam() });
/** The catalogue function of these calls. */
const FUNCTION = 'bizproductionlib';

/** Spec 000 §7 "Business data": /api/biz/productionlib.do. */
export function productionRoutes(app: FastifyInstance, deps: { production: ProductionService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.production;
  const base = '/api/biz/productionlib.do';

  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary:
          'A page of production items: status all/idle/occupied, project, model, keyword over name/no (and key1 at edit level); key1 masked',
        querystring: commonQuery.extend(productionPageQuery.shape),
        response: { 200: productionItemPage },
      },
    },
    async (req) => s.page(req.session!, req.query, ((await req.levels()).get(FUNCTION) ?? 0) >= AUTH_LEVEL.modify),
  );
  r.get(
    `${base}/:id/key1`,
    {
      schema: {
        tags,
        summary: "One item's key1 (edit level)",
        params,
        querystring: commonQuery,
        response: { 200: productionKey1 },
      },
    },
    (req) => s.key1(req.session!, req.params.id),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a production item',
        body: productionItemBody,
        querystring: commonQuery,
        response: { 200: productionItemView },
      },
    },
    (req) => s.create(actorOf(req), req.body),
  );
  r.post(
    `${base}/auto`,
    {
      schema: {
        tags,
        summary: 'Create `count` items numbered on from startNo, with random keys (all or nothing)',
        body: productionAutoBody,
        querystring: commonQuery,
        response: { 200: productionAutoResult },
      },
    },
    (req) => s.auto(actorOf(req), req.body),
  );
  r.post(
    `${base}/upload`,
    {
      schema: {
        tags,
        summary: `Import a CSV (multipart field "file", under 10MB, UTF-8 or GBK; columns ${PRODUCTION_CSV_COLUMNS.join(',')}): all or nothing`,
        querystring: commonQuery,
        response: { 200: productionImportResult },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw fieldError('file', 'validation.csvRequired');
      const file = await req.file({ limits: { fileSize: UPLOAD_LIMITS.csv, files: 1 }, throwFileSizeLimit: false });
      if (file?.fieldname !== 'file') {
        if (file) await file.toBuffer().catch(() => undefined);
        throw fieldError('file', 'validation.csvRequired');
      }
      const chunks: Buffer[] = [];
      for await (const chunk of file.file) chunks.push(chunk as Buffer);
      if (file.file.truncated) throw fieldError('file', 'validation.fileSize');
      const result = await s.importCsv(actorOf(req), Buffer.concat(chunks));
      if ('imported' in result) return { imported: result.imported, errors: [] };
      const lang = requestLang(req);
      const errors = result.errors.map((e) => ({ line: e.line, field: e.field, message: translate(lang, e.key) }));
      if (result.more > 0)
        errors.push({ line: 0, field: '', message: translate(lang, 'registry.csvMoreErrors', { count: result.more }) });
      // An error body (docs/api.md) with the faults by line: not the 200 answer the schema describes.
      return (reply as FastifyReply).status(400).send({
        statusCode: 400,
        code: 'VALIDATION',
        message: translate(lang, 'registry.csvRowErrors', { count: result.badLines }),
        imported: 0,
        errors,
        more: result.more,
      });
    },
  );
  r.get(
    `${base}/template`,
    {
      schema: {
        tags,
        summary: 'The CSV import template (UTF-8 with BOM, header and one example line)',
        querystring: commonQuery,
        response: { 200: { content: { 'text/csv': { schema: z.string().describe('CSV text, UTF-8 with BOM') } } } },
      },
    },
    async (req, reply) => {
      const example = [
        '路灯控制器1',
        'LCU000001',
        randomBytes(16).toString('hex'),
        'lcunb',
        req.session!.project.no,
        '',
      ];
      // The import's own column names (it reads them back), through the one export of the product.
      return sendTable(reply, {
        format: 'csv',
        name: 'production-template',
        columns: PRODUCTION_CSV_COLUMNS.map((title) => ({ title })),
        rows: (async function* () {
          yield [example];
        })(),
        timezoneHours: 0,
      });
    },
  );
  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a production item',
        params,
        body: productionItemBody,
        querystring: commonQuery,
        response: { 200: productionItemView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an idle production item',
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
