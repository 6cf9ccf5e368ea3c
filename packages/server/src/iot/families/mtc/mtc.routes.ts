import { MTC_API, MTC_COMMANDS, MTC_FIRMWARE, MTC_POLICY_API, mtcManifest, mtcPolicyBody } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { type EndpointHandler, mountTable } from '../../../platform/endpoints/mount.js';
import { badRequest } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { FamilyContext } from '../family-handler.js';
import { firmwareHandlers, linkHandlers, locationHandlers } from '../kit/link-traits.js';
import { checkedPolicyBody } from '../kit/policy-store.js';
import { childrenHandlers, eventHandlers, fedHandlers, readingsHandlers, registrationHandlers } from '../kit/traits.js';
import { createMtcService } from './mtc.service.js';

const manifest = mtcManifest;
type CommandName = (typeof MTC_COMMANDS)[number]['name'];

/**
 * Spec 001 §7 "mtc": registration, events, children and readings from the traits; commands (circuit
 * checks, the cabinet's time), the lists, settings, firmware and policies from the service.
 */
export function mtcRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const s = createMtcService(ctx);
  const repo = s.repo;

  /** A bare POST is the command's defaults (or a 400 when it needs arguments). */
  const command =
    (name: CommandName): EndpointHandler<(typeof MTC_API)[CommandName]> =>
    async ({ actor, params, body }) => {
      const args = MTC_COMMANDS.find((c) => c.name === name)!.args;
      let given = body;
      if (given === null || given === undefined) {
        const defaults = args.safeParse({});
        if (!defaults.success) throw badRequest('validation.required', [{ field: 'body', key: 'validation.required' }]);
        given = defaults.data;
      }
      return s.command(actor, params.projectId, params.id, name, given);
    };
  const commands = Object.fromEntries(MTC_COMMANDS.map((c) => [c.name, command(c.name)])) as Record<
    CommandName,
    ReturnType<typeof command>
  >;

  /** The body is checked against the policy-units maximum of the settings at the time of the call. */
  const policyBody = (body: unknown) => checkedPolicyBody(ctx, mtcPolicyBody, body);

  mountTable(app, MTC_API, {
    ...registrationHandlers(ctx, manifest),
    ...commands,
    ...eventHandlers(ctx, manifest),
    ...childrenHandlers(ctx, manifest),
    ...fedHandlers(ctx, manifest),
    ...readingsHandlers(ctx, manifest, repo.readings, { csvName: 'mtc' }),
    cabinets: async ({ session, params, query }) => {
      const project = await ctx.devices.reach(session, params.projectId, query.includeChildren);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.page(project, query, window.limit, window.offset);
      return toPage(rows, total, window);
    },
    map: async ({ session, params, query }) =>
      repo.map(await ctx.devices.reach(session, params.projectId, query.includeChildren)),
    lastRuntime: ({ session, params }) => s.runtime(session, params.projectId, params.id),
    config: ({ session, params }) => s.settings.read(session, params.projectId, params.id, 'config'),
    setConfig: ({ actor, params, body }) => s.settings.write(actor, params.projectId, params.id, 'config', body),
    alarmConfig: ({ session, params }) => s.settings.read(session, params.projectId, params.id, 'alarm_config'),
    setAlarmConfig: ({ actor, params, body }) =>
      s.settings.write(actor, params.projectId, params.id, 'alarm_config', body),
    ...linkHandlers(ctx, manifest, s.settings),
    ...locationHandlers(ctx, manifest),
    ...firmwareHandlers(ctx, manifest, MTC_FIRMWARE),
    cabinetPolicies: ({ session, params }) => s.cabinetPolicies(session, params.projectId, params.id),
  });

  mountTable(app, MTC_POLICY_API, {
    policies: async ({ session, params, query }) => {
      await ctx.devices.project(session, params.projectId);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.policyPage(params.projectId, window.limit, window.offset, query.keyword ?? []);
      return toPage(rows, total, window);
    },
    policy: async ({ session, params }) => {
      await ctx.devices.project(session, params.projectId);
      return s.policyOr404(params.projectId, params.policyId);
    },
    createPolicy: async ({ actor, params, body }) => s.savePolicy(actor, params.projectId, await policyBody(body)),
    updatePolicy: async ({ actor, params, body }) =>
      s.savePolicy(actor, params.projectId, await policyBody(body), params.policyId),
    deletePolicy: ({ actor, params }) => s.deletePolicy(actor, params.projectId, params.policyId),
    usePolicy: ({ actor, params, body }) =>
      s.usePolicy(actor, params.projectId, params.policyId, body.cabinetIds, false),
    removePolicy: ({ actor, params, body }) =>
      s.usePolicy(actor, params.projectId, params.policyId, body.cabinetIds, true),
    preview: async ({ session, params, query }) => {
      await ctx.devices.project(session, params.projectId);
      return s.preview(params.projectId, params.policyId, query);
    },
  });
}
