import type { HomeSummary } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { HomeRepository } from './home.repository.js';

/** GET /api/summary/home.do: figures of the home page, within the caller's projects. */
export function homeRoutes(app: FastifyInstance, deps: { home: HomeRepository }): void {
  app.get(
    '/api/summary/home.do',
    { schema: { tags: ['home'], summary: "Counts of projects, users and devices in the caller's projects" } },
    async (request): Promise<HomeSummary> => deps.home.counts(request.session!.project.path),
  );
}
