import { mediaProblemParams, NSC_MEDIA_MAX_BYTES } from '@sc/contract/families/nsc/media';
import type { FastifyRequest } from 'fastify';
import { fieldError } from '../../../platform/errors.js';

/**
 * A media upload's multipart parts: its text fields (`name`, `description`, before the file) and the file
 * `file` read up to 10 MB (a larger one is refused as too large, without reading the rest).
 */
export async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw fieldError('file', 'nsc.media.missing');
  const fields: Record<string, unknown> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  for await (const part of request.parts({ limits: { fileSize: NSC_MEDIA_MAX_BYTES, files: 1, fields: 10 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    try {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') file = { name: part.filename, bytes };
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw fieldError('file', 'nsc.media.tooLarge', 'VALIDATION', mediaProblemParams);
      throw error;
    }
  }
  return { fields, file };
}
