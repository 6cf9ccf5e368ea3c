import {
  activeBody,
  deviceGroupBody,
  deviceGroupList,
  deviceGroupPage,
  deviceGroupView,
  idParam,
  okAnswer,
  pageQuery,
  requiredLocationBody,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { GroupsService } from './groups.service.js';

const blank = (v: unknown) => (v === '' ? undefined : v);
const optionalId = () => z.preprocess(blank, idParam().optional());
const filter = z.object({ projectId: optionalId(), areaId: optionalId() });
const tags = ['business data'];
/** An empty body forces the default, active (1). */
const activeOrDefault = z.preprocess((v) => v ?? {}, activeBody);

/** Spec 000 §7 "Business data": /api/biz/devicegroups.do, with location and forced active state. */
export function groupsRoutes(app: FastifyInstance, deps: { groups: GroupsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.groups;
  const base = '/api/biz/devicegroups.do';
  const params = z.object({ id: idParam() });

  r.get(
    base,
    {
      schema: {
        tags,
        summary: "Device groups of the caller's projects (up to 1000), by project and area",
        querystring: commonQuery.extend(filter.shape),
        response: { 200: deviceGroupList },
      },
    },
    (req) => s.list(req.session!, { projectId: req.query.projectId, areaId: req.query.areaId }),
  );
  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: 'A page of device groups (keyword over name, no, description)',
        querystring: commonQuery.extend(pageQuery.shape).extend(filter.shape),
        response: { 200: deviceGroupPage },
      },
    },
    (req) => s.page(req.session!, req.query),
  );
  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'One device group',
        params,
        querystring: commonQuery,
        response: { 200: deviceGroupView },
      },
    },
    (req) => s.get(req.session!, req.params.id),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a device group',
        body: deviceGroupBody,
        querystring: commonQuery,
        response: { 200: deviceGroupView },
      },
    },
    (req) => s.create(actorOf(req), req.body),
  );
  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a device group',
        params,
        body: deviceGroupBody,
        querystring: commonQuery,
        response: { 200: deviceGroupView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body),
  );
  r.put(
    `${base}/:id/location`,
    {
      schema: {
        tags,
        summary: "Set a group's location",
        params,
        body: requiredLocationBody,
        querystring: commonQuery,
        response: { 200: deviceGroupView },
      },
    },
    (req) => s.setLocation(actorOf(req), req.params.id, req.body),
  );
  r.put(
    `${base}/:id/active`,
    {
      schema: {
        tags,
        summary: 'Force the active state (default 1, active); it may not reflect the field',
        params,
        body: activeOrDefault,
        querystring: commonQuery,
        response: { 200: deviceGroupView },
      },
    },
    (req) => s.setActive(actorOf(req), req.params.id, req.body.activeState),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a group without devices',
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

/** Spec 001 §7: /api/pjts/{projectId}/devicegroups.do, the path's project forced onto bodies and filters. */
export function pjtGroupsRoutes(app: FastifyInstance, deps: { groups: GroupsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.groups;
  const base = '/api/pjts/:projectId/devicegroups.do';
  const project = z.object({ projectId: idParam() });
  const params = project.extend({ id: idParam() });
  const body = deviceGroupBody.extend({ projectId: optionalId() });
  const areaFilter = z.object({ areaId: optionalId() });
  const tags = ['project business data'];

  r.get(
    base,
    {
      schema: {
        tags,
        summary: "The project's device groups, by area",
        params: project,
        querystring: commonQuery.extend(areaFilter.shape),
        response: { 200: deviceGroupList },
      },
    },
    (req) => s.list(req.session!, { areaId: req.query.areaId }, req.params.projectId),
  );
  r.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: "A page of the project's device groups",
        params: project,
        querystring: commonQuery.extend(pageQuery.shape).extend(areaFilter.shape),
        response: { 200: deviceGroupPage },
      },
    },
    (req) => s.page(req.session!, req.query, req.params.projectId),
  );
  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'One device group',
        params,
        querystring: commonQuery,
        response: { 200: deviceGroupView },
      },
    },
    (req) => s.get(req.session!, req.params.id, req.params.projectId),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a device group in the project',
        params: project,
        body,
        querystring: commonQuery,
        response: { 200: deviceGroupView },
      },
    },
    (req) => s.create(actorOf(req), req.body, req.params.projectId),
  );
  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a device group of the project',
        params,
        body,
        querystring: commonQuery,
        response: { 200: deviceGroupView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body, req.params.projectId),
  );
  r.put(
    `${base}/:id/location`,
    {
      schema: {
        tags,
        summary: "Set a group's location",
        params,
        body: requiredLocationBody,
        querystring: commonQuery,
        response: { 200: deviceGroupView },
      },
    },
    (req) => s.setLocation(actorOf(req), req.params.id, req.body, req.params.projectId),
  );
  r.put(
    `${base}/:id/active`,
    {
      schema: {
        tags,
        summary: 'Force the active state (default 1, active); it may not reflect the field',
        params,
        body: activeOrDefault,
        querystring: commonQuery,
        response: { 200: deviceGroupView },
      },
    },
    (req) => s.setActive(actorOf(req), req.params.id, req.body.activeState, req.params.projectId),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a group without devices',
        params,
        querystring: commonQuery,
        response: { 200: okAnswer },
      },
    },
    async (req) => {
      await s.remove(actorOf(req), req.params.id, req.params.projectId);
      return { ok: true as const };
    },
  );
}
