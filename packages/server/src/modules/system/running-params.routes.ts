import {
  DEFAULT_LANG,
  DEFAULT_MAP,
  DEVICE_SEARCH_WORD_LIMIT,
  healthAnswer,
  healthUnavailable,
  MESSAGE_DURATION_MS,
  PARENT_LIST_SIZE,
  POLICY_UNITS_MAX_DEFAULT,
  PREVENT_DOUBLE_CLICK_MS,
  PRODUCT_VERSION,
  REQUEST_TIMEOUT_MS,
  type RunningParams,
  runningParams,
  SEARCH_WORD_LIMIT,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SettingsService } from './settings.service.js';

export interface RunningParamsDeps {
  settings: SettingsService;
  identifyCode: boolean;
  map: { tileUrl: string; tileAttribution: string };
  /** Answers whether the database is reachable, for the health check. */
  ping: () => Promise<void>;
  /** The device side (iot/runtime.ts uplinkHealth): not ok answers 503 with what is wrong. */
  uplink?: () => {
    ok: boolean;
    mode: string;
    state: string;
    devices?: number;
    silentSeconds?: number;
    shed?: number;
  } | null;
}

/** What the console needs before sign-in, and the health check of load balancers. */
export function runningParamsRoutes(app: FastifyInstance, deps: RunningParamsDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/pub/runningparams.do',
      { schema: { tags: ['system'], summary: 'Running parameters (no sign-in)', response: { 200: runningParams } } },
      async (): Promise<RunningParams> => {
        const s = await deps.settings.all();
        return {
          version: PRODUCT_VERSION,
          defaultLang: DEFAULT_LANG,
          timezone: s.timezone,
          identifyCode: deps.identifyCode,
          map: { lng: DEFAULT_MAP.lng, lat: DEFAULT_MAP.lat, zoom: DEFAULT_MAP.zoom, ...deps.map },
          pageSize: s.pageSize,
          logPageSize: s.logPageSize,
          parentListSize: PARENT_LIST_SIZE,
          requestTimeout: REQUEST_TIMEOUT_MS,
          preventDoubleClick: PREVENT_DOUBLE_CLICK_MS,
          messageDuration: MESSAGE_DURATION_MS,
          liveHeartbeat: s.liveHeartbeat,
          searchWordLimit: SEARCH_WORD_LIMIT,
          deviceSearchWordLimit: DEVICE_SEARCH_WORD_LIMIT,
          watermark: { enabled: s.watermarkEnabled, text: s.watermarkText },
          policyUnitsMax: Number(s.policyUnitsMax) || POLICY_UNITS_MAX_DEFAULT,
        };
      },
    );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness, database and device uplink check',
        response: { 200: healthAnswer, 503: healthUnavailable },
      },
    },
    async (_request, reply) => {
      await deps.ping();
      const mqtt = deps.uplink?.();
      if (mqtt && !mqtt.ok) return reply.status(503).send({ status: 'degraded' as const, mqtt });
      return mqtt ? { status: 'ok' as const, mqtt } : { status: 'ok' as const };
    },
  );
}
