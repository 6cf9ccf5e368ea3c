import { randomBytes } from 'node:crypto';
import { setImmediate as yieldNow } from 'node:timers/promises';
import {
  KEY1_MASK,
  PRODUCTION_CSV_COLUMNS,
  PRODUCTION_STATUS,
  type ProductionItemView,
  type productionAutoBody,
  productionItemBody,
  type productionPageQuery,
} from '@sc/contract';
import type { z } from 'zod';
import { AppError, conflict, conflictField, fieldError, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { References } from '../../../platform/references/references.service.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import { CsvReader, type CsvRecord, decodeCsvInSlices } from './csv.js';

/**
 * The import decodes, reads and checks a large file in slices, yielding to other calls between them
 * (issue 12: no event-loop delay over 100 ms): text in slices of 64 K characters, lines checked until
 * SLICE_MS have passed (looked at every 100 lines).
 */
const CSV_SLICE = 64 * 1024;
const SLICE_MS = 8;

/** A pause for other calls once `ms` have passed since the last one (call it often). */
function slicer(ms = SLICE_MS) {
  let since = performance.now();
  return async (always = false) => {
    if (!always && performance.now() - since < ms) return;
    await yieldNow();
    since = performance.now();
  };
}

const blank = (record: CsvRecord) => record.fields.every((f) => f.trim() === '');

import type { ProductionRepository, ProductionValues } from './production.repository.js';

type ItemBody = z.infer<typeof productionItemBody>;
type AutoBody = z.infer<typeof productionAutoBody>;
type PageQuery = z.infer<typeof productionPageQuery>;

/** Bad lines listed in an import answer; the rest are counted. */
export const IMPORT_ERROR_LINES = 200;

export interface ImportFailure {
  errors: { line: number; field: string; key: string }[];
  /** Lines with errors beyond the listed ones. */
  more: number;
  badLines: number;
}

/** Numbers following `startNo`: its trailing digits incremented, zero padding kept (LCU000123 → LCU000124). */
export function consecutiveNos(startNo: string, count: number): string[] | null {
  const m = /^(.*?)(\d+)$/.exec(startNo);
  if (!m) return null;
  const [, prefix, digits] = m as unknown as [string, string, string];
  const first = BigInt(digits);
  return Array.from(
    { length: count },
    (_, i) => `${prefix}${(first + BigInt(i)).toString().padStart(digits.length, '0')}`,
  );
}

/** key1 is a device's MQTT password: answers and logs carry the mask, never the key (issue 11). */
const hideKey = (v: ProductionItemView) => ({ ...v, key1: v.key1 ? KEY1_MASK : '' });

/** The terminal production library (spec 000 §2 bizproductionlib, §3, §5). */
export function createProductionService(deps: {
  production: ProductionRepository;
  settings: SettingsService;
  audit: AuditService;
  refs: References;
}) {
  const { production: repo, audit, refs } = deps;

  async function visible(session: SessionContext, id: number) {
    const row = await repo.find(id);
    if (!row?.projectPath.startsWith(session.project.path)) throw notFound();
    return row.item;
  }

  /** The project and model of an item: a project of the caller's subtree and a model it may use (platform/references). */
  async function references(session: SessionContext, body: { modelId?: number; projectId?: number }) {
    const project = await refs.project(session, body.projectId);
    const model = await refs.model(session, body.modelId, project.path);
    return { projectId: project.id, modelId: model.id };
  }

  async function checkNoFree(no: string, exceptId?: number) {
    const holder = await repo.findByNo(no);
    if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
  }

  /** Validates every data line; answers the rows to insert or every fault by line. */
  async function validateRows(session: SessionContext, records: CsvRecord[]) {
    const failures = new Map<number, { field: string; key: string }[]>();
    const fail = (line: number, field: string, key: string) => {
      const list = failures.get(line) ?? [];
      list.push({ field, key });
      failures.set(line, list);
    };
    const pause = slicer();
    const modelNos = new Set<string>();
    const projectNos = new Set<string>();
    for (let i = 0; i < records.length; i++) {
      if (i % 100 === 0) await pause();
      const { fields } = records[i]!;
      const modelNo = (fields[3] ?? '').trim();
      const projectNo = (fields[4] ?? '').trim();
      if (modelNo) modelNos.add(modelNo);
      if (projectNo) projectNos.add(projectNo);
    }
    const models = new Map((await refs.modelsByNo(session, [...modelNos])).map((m) => [m.no, m.id]));
    const projects = new Map((await refs.projectsByNo(session, [...projectNos])).map((p) => [p.no, p.id]));
    const shape = productionItemBody.shape;
    const firstLineOfNo = new Map<string, number>();
    // The rows to insert and, beside them, their lines (for the numbers found taken below).
    const rows: ProductionValues[] = [];
    const lines: number[] = [];
    for (let i = 0; i < records.length; i++) {
      // A 100,000-line file takes seconds to check: other calls are served in between.
      if (i % 100 === 0) await pause();
      const record = records[i]!;
      if (blank(record)) continue;
      const { line, fields } = record;
      if (fields.length !== PRODUCTION_CSV_COLUMNS.length) {
        fail(line, '', `registry.csvColumns|${JSON.stringify({ count: PRODUCTION_CSV_COLUMNS.length })}`);
        continue;
      }
      const [name, no, key1, modelNo, projectNo, description] = fields.map((f) => f.trim()) as string[];
      const check = <T>(field: string, schema: z.ZodType<T>, value: string): T | undefined => {
        const r = schema.safeParse(value);
        if (r.success) return r.data;
        fail(line, field, r.error.issues[0]?.message ?? 'validation.validParam');
        return undefined;
      };
      const okName = check('name', shape.name, name!);
      const okNo = check('no', shape.no, no!);
      const okKey = check('key1', shape.key1, key1!);
      const okDescription = check('description', shape.description, description!);
      const modelId = modelNo ? models.get(modelNo!) : undefined;
      if (!modelNo) fail(line, 'modelNo', 'validation.modelRequired');
      else if (!modelId) fail(line, 'modelNo', 'registry.csvModelNotFound');
      const projectId = projectNo ? projects.get(projectNo!) : undefined;
      if (!projectNo) fail(line, 'projectNo', 'validation.projectRequired');
      else if (!projectId) fail(line, 'projectNo', 'registry.csvProjectNotFound');
      if (okNo !== undefined) {
        const first = firstLineOfNo.get(okNo);
        if (first !== undefined) fail(line, 'no', `registry.csvDuplicateNo|${JSON.stringify({ line: first })}`);
        else firstLineOfNo.set(okNo, line);
      }
      if (failures.has(line)) continue;
      rows.push({
        name: okName!,
        no: okNo!,
        key1: okKey!,
        modelId: modelId!,
        projectId: projectId!,
        description: okDescription ?? '',
      });
      lines.push(line);
    }
    const taken = new Set(await repo.existingNos([...firstLineOfNo.keys()]));
    for (let i = 0; i < rows.length; i++) {
      if (i % 1000 === 0) await pause();
      if (taken.has(rows[i]!.no)) fail(lines[i]!, 'no', 'errors.duplicateNo');
    }
    return { rows, failures };
  }

  return {
    /** `keyLevel`: the caller edits the library, so a keyword may match key1 too. */
    async page(session: SessionContext, query: PageQuery, keyLevel = false) {
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const status =
        query.status === 'idle'
          ? PRODUCTION_STATUS.idle
          : query.status === 'occupied'
            ? PRODUCTION_STATUS.occupied
            : undefined;
      const { list, total } = await repo.page(
        session.project.path,
        { status, projectId: query.projectId, modelId: query.modelId },
        query.keyword,
        window,
        keyLevel,
      );
      return toPage(list.map(hideKey), total, window);
    },

    /** The key1 of one item, for the edit dialog (edit level only, by the catalogue). */
    async key1(session: SessionContext, id: number) {
      return { key1: (await visible(session, id)).key1 };
    },

    async create(actor: Actor, body: ItemBody) {
      const refs = await references(actor.session, body);
      await checkNoFree(body.no);
      const id = await repo.insert({
        name: body.name,
        no: body.no,
        key1: body.key1,
        description: body.description ?? '',
        ...refs,
      });
      const view = (await repo.view(id))!;
      await audit.manage(actor, {
        action: 'create',
        entity: 'productionItem',
        entityId: id,
        summary: view.no,
        changes: changedFields(null, hideKey(view)),
      });
      return hideKey(view);
    },

    /** Creates `count` items numbered on from `startNo`, with random keys: all or nothing. */
    async auto(actor: Actor, body: AutoBody) {
      const refs = await references(actor.session, body);
      const nos = consecutiveNos(body.startNo, body.count);
      if (!nos) throw fieldError('startNo', 'registry.startNoDigits');
      if (nos.some((no) => no.length > 64)) throw fieldError('startNo', 'validation.tooLongMax|{"count":64}');
      const taken = await repo.existingNos(nos);
      if (taken.length)
        throw new AppError(409, 'CONFLICT', 'registry.productionNosTaken', {
          nos: taken.slice(0, 5).join(', '),
          count: taken.length,
        });
      const digits = (no: string) => /(\d+)$/.exec(no)![1]!;
      const rows = nos.map((no) => ({
        name: `${body.name}${digits(no)}`.slice(0, 64),
        no,
        key1: randomBytes(16).toString('hex'),
        description: body.description ?? '',
        ...refs,
      }));
      const imported = await repo.insertAll(rows);
      await audit.manage(actor, {
        action: 'create',
        entity: 'productionItem',
        entityId: `${nos[0]}..${nos[nos.length - 1]}`,
        summary: `${imported}`,
        changes: { count: { from: null, to: imported }, nos: { from: null, to: `${nos[0]} - ${nos[nos.length - 1]}` } },
      });
      return { created: imported, firstNo: nos[0]!, lastNo: nos[nos.length - 1]! };
    },

    /**
     * Imports a CSV upload (≤ 10MB, UTF-8 or GBK): every line is checked first; one bad line and
     * nothing is inserted. Answers the count, or the faults by line.
     */
    async importCsv(actor: Actor, bytes: Uint8Array): Promise<{ imported: number } | ImportFailure> {
      const pause = slicer();
      const pieces = await decodeCsvInSlices(bytes, () => pause(true));
      if (pieces === null) throw fieldError('file', 'registry.csvEncoding');
      const records: CsvRecord[] = [];
      const reader = new CsvReader((r) => records.push(r));
      for (const piece of pieces)
        for (let at = 0; at < piece.length; at += CSV_SLICE) {
          reader.push(piece.slice(at, at + CSV_SLICE));
          await pause(true);
        }
      reader.end();
      const header = records.shift();
      const columns = PRODUCTION_CSV_COLUMNS.join(',');
      if (!header || header.fields.map((f) => f.trim()).join(',') !== columns)
        throw fieldError('file', `registry.csvHeader|${JSON.stringify({ columns })}`);
      if (records.every(blank)) throw fieldError('file', 'registry.csvEmpty');

      const { rows, failures } = await validateRows(actor.session, records);
      if (reader.unclosedQuoteLine !== null)
        failures.set(reader.unclosedQuoteLine, [{ field: '', key: 'registry.csvQuote' }]);
      if (failures.size) {
        const lines = [...failures.keys()].sort((a, b) => a - b);
        const listed = lines.slice(0, IMPORT_ERROR_LINES);
        return {
          errors: listed.flatMap((line) => failures.get(line)!.map((f) => ({ line, ...f }))),
          more: lines.length - listed.length,
          badLines: lines.length,
        };
      }
      const imported = await repo.insertAll(rows);
      await audit.manage(actor, {
        action: 'create',
        entity: 'productionItem',
        entityId: 'import',
        summary: `${imported}`,
        changes: { imported: { from: null, to: imported } },
      });
      return { imported };
    },

    async update(actor: Actor, id: number, body: ItemBody) {
      const current = await visible(actor.session, id);
      const refs = await references(actor.session, body);
      // The edit dialog sends the mask back when the key was not changed.
      const key1 = body.key1 === KEY1_MASK ? current.key1 : body.key1;
      if (
        current.status !== PRODUCTION_STATUS.idle &&
        (current.no !== body.no ||
          current.key1 !== key1 ||
          current.modelId !== refs.modelId ||
          current.projectId !== refs.projectId)
      )
        throw conflict('registry.productionItemLocked');
      await checkNoFree(body.no, id);
      const before = (await repo.view(id))!;
      await repo.update(id, {
        name: body.name,
        no: body.no,
        key1,
        description: body.description ?? '',
        ...refs,
      });
      const after = (await repo.view(id))!;
      await audit.manage(actor, {
        action: 'update',
        entity: 'productionItem',
        entityId: id,
        summary: after.no,
        changes: changedFields(hideKey(before), hideKey(after)),
      });
      return hideKey(after);
    },

    async remove(actor: Actor, id: number) {
      const current = await visible(actor.session, id);
      if (current.status !== PRODUCTION_STATUS.idle || !(await repo.deleteIdle(id)))
        throw conflict('registry.productionItemOccupied');
      await audit.manage(actor, { action: 'delete', entity: 'productionItem', entityId: id, summary: current.no });
    },
  };
}

export type ProductionService = ReturnType<typeof createProductionService>;
