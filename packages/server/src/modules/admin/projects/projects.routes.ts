import {
  idParam,
  locationBody,
  okAnswer,
  pageQuery,
  projectBody,
  projectList,
  projectPage,
  projectTrees,
  projectView,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { actorOf } from '../../logs/audit.service.js';
import type { ProjectsService } from './projects.service.js';

const params = z.object({ id: idParam() });
const tags = ['projects'];

/** Spec 000 §7 "Users, roles, projects": /api/projects.do. */
export function projectsRoutes(app: FastifyInstance, deps: { projects: ProjectsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.projects;

  r.get(
    '/api/projects.do',
    {
      schema: {
        tags,
        summary: "Projects in the caller's subtree (up to 1000)",
        querystring: commonQuery,
        response: { 200: projectList },
      },
    },
    (req) => s.list(req.session!),
  );
  r.get(
    '/api/projects.do/pages',
    {
      schema: {
        tags,
        summary: 'A page of projects, searchable',
        querystring: commonQuery.extend(pageQuery.shape),
        response: { 200: projectPage },
      },
    },
    (req) => s.page(req.session!, req.query),
  );
  r.get(
    '/api/projects.do/trees',
    {
      schema: { tags, summary: "The caller's project tree", querystring: commonQuery, response: { 200: projectTrees } },
    },
    (req) => s.trees(req.session!),
  );
  r.get(
    '/api/projects.do/:id/childrenprojects',
    {
      schema: {
        tags,
        summary: 'Direct children of a project',
        params,
        querystring: commonQuery,
        response: { 200: projectList },
      },
    },
    (req) => s.children(req.session!, req.params.id),
  );
  r.get(
    '/api/projects.do/:id',
    { schema: { tags, summary: 'One project', params, querystring: commonQuery, response: { 200: projectView } } },
    (req) => s.get(req.session!, req.params.id),
  );
  r.post(
    '/api/projects.do',
    {
      schema: {
        tags,
        summary: 'Create a project under a parent',
        body: projectBody,
        querystring: commonQuery,
        response: { 200: projectView },
      },
    },
    (req) => s.create(actorOf(req), req.body),
  );
  r.put(
    '/api/projects.do/:id',
    {
      schema: {
        tags,
        summary: 'Update (and possibly move) a project',
        params,
        body: projectBody,
        querystring: commonQuery,
        response: { 200: projectView },
      },
    },
    (req) => s.update(actorOf(req), req.params.id, req.body),
  );
  r.put(
    '/api/projects.do/:id/location',
    {
      schema: {
        tags,
        summary: "Set a project's location",
        params,
        body: locationBody,
        querystring: commonQuery,
        response: { 200: projectView },
      },
    },
    (req) => s.setLocation(actorOf(req), req.params.id, req.body),
  );
  r.delete(
    '/api/projects.do/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project that has no children, roles, users or devices',
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
