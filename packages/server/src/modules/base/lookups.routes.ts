import { LAYOUT_UNITS, layoutUnitList, MEDIA_TYPES, mediaTypeList, translate } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLang } from '../../platform/lang.js';
import { commonQuery } from '../../platform/schemas.js';

const tags = ['base data'];

/** Spec 000 §7 "Base data": media types (spec 000 §3) and dashboard layout units (spec 001 §3), localised. */
export function lookupsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/bas/mediatypes.do',
    {
      schema: {
        tags,
        summary: 'Media types: code and localised name',
        querystring: commonQuery,
        response: { 200: mediaTypeList },
      },
    },
    (req) => {
      const lang = requestLang(req);
      return MEDIA_TYPES.map((code) => ({ code, name: translate(lang, `base.mediaTypes.${code}`) }));
    },
  );
  r.get(
    '/api/bas/layoutunits.do',
    {
      schema: {
        tags,
        summary: 'Dashboard layout units: code, value and localised name',
        querystring: commonQuery,
        response: { 200: layoutUnitList },
      },
    },
    (req) => {
      const lang = requestLang(req);
      return Object.entries(LAYOUT_UNITS).map(([code, value]) => ({
        code,
        value,
        name: translate(lang, `base.layoutUnits.${code}`),
      }));
    },
  );
}
