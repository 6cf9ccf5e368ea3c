import {
  idParam,
  MTC_FIRMWARE,
  type MTC_RESPONSES,
  mtcAlarmConfigBody,
  mtcCalls,
  mtcCommBody,
  mtcConfigBody,
  mtcListFilter,
  mtcLocationBody,
  mtcManifest,
  mtcPeripheralsBody,
  mtcPolicyBody,
  mtcPolicyTargetsBody,
  mtcPreviewQuery,
  pageQuery,
  projectTreeQuery,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, fieldError } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import { commonQuery } from '../../../platform/schemas.js';
import type { FamilyContext } from '../family-handler.js';
import { actorOf } from '../family-handler.js';
import { familyParams, familyRoutes } from '../kit/routes.js';
import { createMtcService } from './mtc.service.js';

const manifest = mtcManifest;
const R = manifest.responses as typeof MTC_RESPONSES;
const tags = [manifest.slug];
const calls = mtcCalls;

const projectParams = z.object({ projectId: idParam() });
const policyParams = z.object({ projectId: idParam(), policyId: idParam() });

/** Spec 001 §7 "mtc": every call of the family (the list is in the contract's mtc/index.ts). Thin: rules in the service. */
export function mtcRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createMtcService(ctx);
  const repo = service.repo;

  // Registration, events, children and readings from the kit; commands are answered here (circuit checks, time).
  familyRoutes(
    app,
    ctx,
    { ...manifest, commands: [] },
    { events: 'own', children: true, readings: repo.readings, csvName: 'mtc' },
  );

  for (const command of manifest.commands) {
    r.post(
      calls.path(`:id/${command.name}`),
      {
        schema: {
          tags,
          summary: `Send ${command.name} to a cabinet and await its reply (409 offline, 504 silent)`,
          params: familyParams,
          querystring: commonQuery,
          body: command.args.nullish(),
          response: { 200: R.command },
        },
      },
      async (req) => {
        let body = req.body as Record<string, unknown> | null | undefined;
        if (body === null || body === undefined) {
          const defaults = command.args.safeParse({});
          if (!defaults.success)
            throw badRequest('validation.required', [{ field: 'body', key: 'validation.required' }]);
          body = defaults.data;
        }
        return service.command(actorOf(req), req.params.projectId, req.params.id, command.name, body);
      },
    );
  }

  // ── Lists

  r.get(
    calls.path('pages'),
    {
      schema: {
        tags,
        summary: 'A page of cabinets: online state, mode, circuits at a glance, alarm status, version, last report',
        params: projectParams,
        querystring: commonQuery.extend(pageQuery.shape).extend(mtcListFilter.shape).extend(projectTreeQuery.shape),
        response: { 200: R.cabinets },
      },
    },
    async (req) => {
      const project = await ctx.devices.reach(req.session as never, req.params.projectId, req.query.includeChildren);
      const window = pageWindow(req.query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.page(project, req.query, window.limit, window.offset);
      return toPage(rows, total, window);
    },
  );

  r.get(
    calls.path('map'),
    {
      schema: {
        tags,
        summary: 'Every cabinet of the project (with includeChildren, of its child projects too) with coordinates',
        params: projectParams,
        querystring: commonQuery.extend(projectTreeQuery.shape),
        response: { 200: R.map },
      },
    },
    async (req) =>
      repo.map(await ctx.devices.reach(req.session as never, req.params.projectId, req.query.includeChildren)),
  );

  // ── One cabinet

  r.get(
    calls.path(':id/runtime'),
    {
      schema: {
        tags,
        summary: "A cabinet's last report: circuits, phases, peripherals, alarm statuses (live as realtime telemetry)",
        params: familyParams,
        querystring: commonQuery,
        response: { 200: R.runtime },
      },
    },
    async (req) => service.runtime(req.session as never, req.params.projectId, req.params.id),
  );

  const settings = [
    ['config', 'config', mtcConfigBody, R.config, 'address and up link (server, port 1024-65535, protocol)'],
    ['comm', 'comm', mtcCommBody, R.comm, 'up and down comm args'],
    ['peripherals', 'peripherals', mtcPeripheralsBody, R.peripherals, 'peripheral args'],
    ['alarmconfig', 'alarm_config', mtcAlarmConfigBody, R.alarmConfig, 'alarm thresholds and the same-event interval'],
  ] as const;
  for (const [sub, part, body, response, what] of settings) {
    r.get(
      calls.path(`:id/${sub}`),
      {
        schema: {
          tags,
          summary: `A cabinet's ${what}`,
          params: familyParams,
          querystring: commonQuery,
          response: { 200: response },
        },
      },
      async (req) => service.readSettings(req.session as never, req.params.projectId, req.params.id, part),
    );
    r.put(
      calls.path(`:id/${sub}`),
      {
        schema: {
          tags,
          summary: `Store a cabinet's ${what}, then tell it when connected (\`delivered\`)`,
          params: familyParams,
          querystring: commonQuery,
          body,
          response: { 200: response },
        },
      },
      // The stored value is what the body schema of this setting parsed: the answer's shape.
      async (req) =>
        (await service.writeSettings(
          actorOf(req),
          req.params.projectId,
          req.params.id,
          part,
          req.body as Record<string, unknown>,
        )) as never,
    );
  }

  r.put(
    calls.path(':id/location'),
    {
      schema: {
        tags,
        summary: "Set the cabinet's coordinates (its astronomical times follow them)",
        params: familyParams,
        querystring: commonQuery,
        body: mtcLocationBody,
        response: { 200: R.location },
      },
    },
    async (req) =>
      service.setLocation(req.session as never, req.params.projectId, req.params.id, req.body.lng, req.body.lat),
  );

  r.post(
    calls.path(':id/firmware'),
    {
      schema: {
        tags,
        summary: `Upgrade a cabinet's firmware: multipart field \`file\`, a ${MTC_FIRMWARE.extension} image of 1 KiB to 4 MiB starting with ${MTC_FIRMWARE.magic} and its MTCx.x.xx version; progress and result as realtime \`firmware\` pushes`,
        consumes: ['multipart/form-data'],
        params: familyParams,
        querystring: commonQuery,
        response: { 200: R.upgrade },
      },
    },
    async (req) => {
      await service.cabinet(req.session as never, req.params.projectId, req.params.id);
      if (!req.isMultipart()) throw fieldError('file', 'mtc.firmware.missing');
      const file = await req.file({ limits: { fileSize: MTC_FIRMWARE.maxBytes, files: 1 } });
      if (!file) throw fieldError('file', 'mtc.firmware.missing');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw fieldError('file', 'mtc.firmware.tooLarge');
        throw error;
      }
      return service.upgrade(actorOf(req), req.params.projectId, req.params.id, file.filename, bytes);
    },
  );

  r.get(
    calls.path(':id/firmware'),
    {
      schema: {
        tags,
        summary: "A cabinet's last firmware upgrade with its progress (null: none yet)",
        params: familyParams,
        querystring: commonQuery,
        response: { 200: R.lastUpgrade },
      },
    },
    async (req) => service.lastUpgrade(req.session as never, req.params.projectId, req.params.id),
  );

  r.get(
    calls.path(':id/policies'),
    {
      schema: {
        tags,
        summary: 'The policies a cabinet runs',
        params: familyParams,
        querystring: commonQuery,
        response: { 200: R.cabinetPolicies },
      },
    },
    async (req) => service.cabinetPolicies(req.session as never, req.params.projectId, req.params.id),
  );

  // ── Policies

  /** The body is checked against the policy-units maximum of the settings at the time of the call. */
  const policyBody = async (body: unknown) => {
    const parsed = mtcPolicyBody(Number(await ctx.settings.get('policyUnitsMax')) || undefined).safeParse(body);
    if (!parsed.success)
      throw badRequest(
        'errors.badRequest',
        parsed.error.issues.map((i) => ({ field: i.path.join('.'), key: i.message })),
      );
    return parsed.data;
  };
  const policyInput = z
    .record(z.string(), z.unknown())
    .describe('mtcPolicyBody (contract): name, no, description, timeMode, units, cycle, inUse');

  r.get(
    calls.path('policies'),
    {
      schema: {
        tags,
        summary: 'A page of cabinet policies',
        params: projectParams,
        querystring: commonQuery.extend(pageQuery.shape),
        response: { 200: R.policies },
      },
    },
    async (req) => {
      await ctx.devices.project(req.session as never, req.params.projectId);
      const window = pageWindow(req.query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.policyPage(
        req.params.projectId,
        window.limit,
        window.offset,
        (req.query as { keyword?: string[] }).keyword ?? [],
      );
      return toPage(rows, total, window);
    },
  );

  r.get(
    calls.path('policies/:policyId'),
    {
      schema: {
        tags,
        summary: 'One cabinet policy',
        params: policyParams,
        querystring: commonQuery,
        response: { 200: R.policy },
      },
    },
    async (req) => {
      await ctx.devices.project(req.session as never, req.params.projectId);
      return service.policyOr404(req.params.projectId, req.params.policyId);
    },
  );

  r.post(
    calls.path('policies'),
    {
      schema: {
        tags,
        summary: 'Create a cabinet policy (absolute clock times, or relative to midnight, sunrise or sunset)',
        params: projectParams,
        querystring: commonQuery,
        body: policyInput,
        response: { 200: R.policy },
      },
    },
    async (req) => {
      const body = await policyBody(req.body);
      return service.savePolicy(actorOf(req), req.params.projectId, body);
    },
  );

  r.put(
    calls.path('policies/:policyId'),
    {
      schema: {
        tags,
        summary: 'Change a cabinet policy',
        params: policyParams,
        querystring: commonQuery,
        body: policyInput,
        response: { 200: R.policy },
      },
    },
    async (req) => {
      const body = await policyBody(req.body);
      return service.savePolicy(actorOf(req), req.params.projectId, body, req.params.policyId);
    },
  );

  r.delete(
    calls.path('policies/:policyId'),
    {
      schema: {
        tags,
        summary: 'Delete a cabinet policy (refused while cabinets use it)',
        params: policyParams,
        querystring: commonQuery,
        response: { 200: R.deleted },
      },
    },
    async (req) => service.deletePolicy(actorOf(req), req.params.projectId, req.params.policyId),
  );

  for (const [sub, remove] of [
    ['use', false],
    ['remove', true],
  ] as const) {
    r.post(
      calls.path(`policies/:policyId/${sub}`),
      {
        schema: {
          tags,
          summary: `${remove ? 'Stop using' : 'Use'} a policy on cabinets of the project; each connected cabinet is sent its policies`,
          params: policyParams,
          querystring: commonQuery,
          body: mtcPolicyTargetsBody,
          response: { 200: R.policyUse },
        },
      },
      async (req) =>
        service.usePolicy(actorOf(req), req.params.projectId, req.params.policyId, req.body.cabinetIds, remove),
    );
  }

  r.get(
    calls.path('policies/:policyId/preview'),
    {
      schema: {
        tags,
        summary:
          "Which circuits a policy has on, and when, at a cabinet's place (or given coordinates): a day (date) and/or a year (year)",
        params: policyParams,
        querystring: commonQuery.extend(mtcPreviewQuery.shape),
        response: { 200: R.preview },
      },
    },
    async (req) => {
      await ctx.devices.project(req.session as never, req.params.projectId);
      return service.preview(req.params.projectId, req.params.policyId, req.query);
    },
  );
}
