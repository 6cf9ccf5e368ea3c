import { Readable } from 'node:stream';
import {
  LED_MEDIA_MAX_BYTES,
  type LedMediaType,
  type LedResourceBody,
  ledMediaParams,
  ledMediaProblem,
  ledResourceBody,
  textMimeOf,
} from '@sc/contract/families/led';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, conflictField, fieldError, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import type { PageWindow } from '../kit/device-list.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import type { ProjectReach } from '../kit/project-reach.js';
import { createLedRepository, type StoredFile } from './led.repository.js';

const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const powerOf = (v: unknown) => (v === null || v === undefined ? null : Number(v) === 1);

/**
 * The one range of a `Range: bytes=…` header within a file of `size` bytes, end exclusive (null: none
 * asked, or not one this answers, so the whole file; 'unsatisfiable': it starts past the end).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const last = Math.min(Number(m[2]), size);
    return last > 0 ? { start: size - last, end: size } : 'unsatisfiable';
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size : Math.min(Number(m[2]) + 1, size);
  if (start >= size) return 'unsatisfiable';
  return end > start ? { start, end } : null;
}

/** What a file's bytes are: a signature file-type knows, else html or plain text, else nothing known. */
export async function mediaMimeOf(bytes: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? found.mime : textMimeOf(bytes);
}

/** The multipart upload of a call: its file within the limit and its fields (the limit's refusal in words). */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw fieldError('file', 'led.rules.fileRequired');
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: LED_MEDIA_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        file = { fileName: part.filename.slice(-255), bytes };
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('file', 'led.rules.tooLarge', 'VALIDATION', ledMediaParams('image'));
    throw error;
  }
  return { fields, file };
}

/** Checks a file against a media type by its content and size (spec 001 §5); answers it as stored. */
async function checkedFile(mediaType: LedMediaType, file: { fileName: string; bytes: Buffer } | null) {
  if (!file) throw fieldError('file', 'led.rules.fileRequired');
  const mime = file.bytes.length > 0 ? await mediaMimeOf(file.bytes) : null;
  const problem = ledMediaProblem(mediaType, mime, file.bytes.length);
  if (problem) throw fieldError('file', `led.rules.${problem}`, 'VALIDATION', ledMediaParams(mediaType));
  return { fileName: file.fileName, mime: mime!, bytes: file.bytes } satisfies StoredFile;
}

function parsedFields(input: unknown): LedResourceBody {
  const parsed = ledResourceBody.safeParse(input);
  if (!parsed.success)
    throw badRequest(
      'errors.badRequest',
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), key: i.message })),
    );
  return parsed.data;
}

/** The screens' list and runtime, and the project's media resources with their rules. */
export function createLedService(ctx: FamilyContext) {
  const repo = ctx.repository(createLedRepository);
  const project = (session: SessionContext, projectId: number) => ctx.devices.project(session, projectId);

  async function resource(projectId: number, id: number) {
    const row = await repo.resource(projectId, id);
    if (!row) throw notFound();
    return { ...row, mediaType: row.mediaType as LedMediaType, createdAt: row.createdAt.toISOString() };
  }
  async function noFree(projectId: number, no: string, exceptId?: number) {
    const holder = await repo.holderOfNo(projectId, no);
    if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
  }
  const audit = (actor: Actor, action: 'create' | 'update' | 'delete', id: number, summary: string) =>
    ctx.audit.manage(actor, { action, entity: 'ledResource', entityId: id, summary });

  return {
    async page(reach: number | ProjectReach, filter: { words: string[]; activeState?: number }, window: PageWindow) {
      const { rows, total } = await repo.page(reach, filter, window);
      const list = rows.map(({ props, lastActiveAt, reportedAt, ...d }) => {
        const own = (props ?? {}) as Record<string, unknown>;
        return {
          ...d,
          screenWidth: numberOrNull(own.screenWidth),
          screenHeight: numberOrNull(own.screenHeight),
          brightness: numberOrNull(d.brightness),
          volume: numberOrNull(d.volume),
          power: powerOf(d.power),
          playing: d.playing ?? null,
          lastActiveAt: lastActiveAt?.toISOString() ?? null,
          reportedAt: reportedAt?.toISOString() ?? null,
        };
      });
      return { rows: list, total };
    },

    async runtime(screen: FamilyDevice) {
      const s = await repo.state(screen.id);
      return {
        id: screen.id,
        at: s?.at.toISOString() ?? null,
        brightness: numberOrNull(s?.brightness),
        volume: numberOrNull(s?.volume),
        power: powerOf(s?.power),
        playing: s?.playing ?? null,
      };
    },

    async resources(
      session: SessionContext,
      projectId: number,
      query: { page: number; pageSize?: number; keyword: string[]; mediaType?: string },
    ) {
      await project(session, projectId);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.resources(projectId, query.keyword, query.mediaType, window);
      const list = rows.map((r) => ({
        ...r,
        mediaType: r.mediaType as LedMediaType,
        createdAt: r.createdAt.toISOString(),
      }));
      return toPage(list, total, window);
    },

    /** A new resource from a multipart upload: its fields by the contract's rules, its file by its content. */
    async create(actor: Actor, projectId: number, request: FastifyRequest) {
      await project(actor.session, projectId);
      const upload = await readUpload(request);
      const fields = parsedFields(upload.fields);
      const file = await checkedFile(fields.mediaType, upload.file);
      await noFree(projectId, fields.no);
      const id = await repo.create(projectId, fields, file, actor.session.user.name);
      await audit(actor, 'create', id, `${fields.name} (${fields.mediaType}, ${file.fileName})`);
      return resource(projectId, id);
    },

    /** Changes the fields; a new media type must be the file's own (or the file removed first). */
    async update(actor: Actor, projectId: number, id: number, body: LedResourceBody) {
      await project(actor.session, projectId);
      const before = await resource(projectId, id);
      if (before.mime && body.mediaType !== before.mediaType && ledMediaProblem(body.mediaType, before.mime, 1))
        throw fieldError('mediaType', 'led.rules.mediaMismatch');
      await noFree(projectId, body.no, id);
      await repo.update(projectId, id, body);
      await audit(actor, 'update', id, body.name);
      return resource(projectId, id);
    },

    async remove(actor: Actor, projectId: number, id: number) {
      await project(actor.session, projectId);
      const before = await resource(projectId, id);
      await repo.remove(projectId, id);
      await audit(actor, 'delete', id, before.name);
      return { id, deleted: true as const };
    },

    /** A file for a resource without one; one that has a file is refused (spec: remove it first). */
    async putFile(actor: Actor, projectId: number, id: number, request: FastifyRequest) {
      await project(actor.session, projectId);
      const before = await resource(projectId, id);
      if (before.size !== null) throw fieldError('file', 'led.rules.removeFirst');
      const upload = await readUpload(request);
      const file = await checkedFile(before.mediaType, upload.file);
      if (!(await repo.putFile(projectId, id, file))) throw fieldError('file', 'led.rules.removeFirst');
      await audit(actor, 'update', id, `${before.name}: file ${file.fileName}`);
      return resource(projectId, id);
    },

    async removeFile(actor: Actor, projectId: number, id: number) {
      await project(actor.session, projectId);
      const before = await resource(projectId, id);
      await repo.removeFile(projectId, id);
      await audit(actor, 'update', id, `${before.name}: file ${before.fileName ?? ''} removed`);
      return resource(projectId, id);
    },

    /**
     * The file as its own type for the preview: html and text in a sandbox (no script, nothing fetched),
     * never sniffed as something else. Sent as it is read, a chunk at a time; a `Range` of bytes (the
     * video player seeking) answers 206 with those bytes, an unsatisfiable one 416.
     */
    async file(session: SessionContext, projectId: number, id: number, request: FastifyRequest, reply: FastifyReply) {
      await project(session, projectId);
      const file = await repo.file(projectId, id);
      if (!file) throw notFound();
      const text = file.mime.startsWith('text/');
      if (text)
        reply.header(
          'content-security-policy',
          "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
        );
      reply
        .header('content-type', text ? `${file.mime}; charset=utf-8` : file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .header('accept-ranges', 'bytes')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      const range = byteRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${file.size}`).send();
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end - 1}/${file.size}`);
        return reply.header('content-length', range.end - range.start).send(Readable.from(file.chunks(range)));
      }
      return reply.header('content-length', file.size).send(Readable.from(file.chunks()));
    },
  };
}
export type LedService = ReturnType<typeof createLedService>;
