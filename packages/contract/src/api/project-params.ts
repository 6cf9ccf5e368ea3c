import { z } from 'zod';
import { DEFAULT_MAP, TIMEZONE } from '../constants.js';
import { intRange, latitude, longitude, mobileRule, optionalText, PATTERNS, text } from '../validation/rules.js';
import { isoTimeAnswer } from './paging.js';

/** Web and live ports of a project (spec 001 §5): 80-65534. */
export const PROJECT_PORT = { min: 80, max: 65534 } as const;
export const MAP_ZOOM = { min: 3, max: 18 } as const;

/** Server address of a project: an IPv4 address or a domain (spec 001 §5). */
export const projectHostRule = () =>
  text(1, 253, 'projectparams.serverAddressRequired').refine(
    (v) => PATTERNS.ipv4.test(v) || PATTERNS.domain.test(v),
    'projectparams.serverAddressRule',
  );

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET/POST /api/pjts/{projectId}/projectparams.do. */
export const projectParamsBody = z.object({
  serverAddress: projectHostRule(),
  webPort: intRange(PROJECT_PORT.min, PROJECT_PORT.max),
  livePort: intRange(PROJECT_PORT.min, PROJECT_PORT.max),
  mapLng: longitude(),
  mapLat: latitude(),
  mapZoom: intRange(MAP_ZOOM.min, MAP_ZOOM.max),
  timezone: intRange(TIMEZONE.min, TIMEZONE.max),
  contactName: optionalText(32),
  contactPhone: z.preprocess(blank, mobileRule().optional()).transform((v) => v ?? ''),
  remark: optionalText(200),
});
export type ProjectParamsBody = z.infer<typeof projectParamsBody>;

/** The answer of GET and POST: the parameters as stored (the body's fields, output side). */
export const projectParamsView = z.object({
  projectId: z.number().int(),
  serverAddress: z.string(),
  webPort: z.number().int(),
  livePort: z.number().int(),
  mapLng: z.number(),
  mapLat: z.number(),
  mapZoom: z.number().int(),
  timezone: z.number().int(),
  contactName: z.string(),
  contactPhone: z.string(),
  remark: z.string(),
  /** False while the project keeps the defaults (never saved). */
  saved: z.boolean(),
  updatedAt: isoTimeAnswer.nullable(),
});
export type ProjectParamsView = z.infer<typeof projectParamsView>;

/**
 * What a project that never saved its parameters answers: the platform's client address and ports,
 * the project's own location (else the default map centre) and the system timezone.
 */
export function defaultProjectParams(input: {
  serverAddress: string;
  timezone: number;
  lng: number | null;
  lat: number | null;
}): ProjectParamsBody {
  return {
    serverAddress: input.serverAddress,
    webPort: 8080,
    livePort: 8088,
    mapLng: input.lng ?? DEFAULT_MAP.lng,
    mapLat: input.lat ?? DEFAULT_MAP.lat,
    mapZoom: DEFAULT_MAP.zoom,
    timezone: input.timezone,
    contactName: '',
    contactPhone: '',
    remark: '',
  };
}
