import { type HomeSummary, homeSummary } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HomeRepository } from './home.repository.js';

/** GET /api/summary/home.do: figures of the home page, within the caller's projects. */
export function homeRoutes(app: FastifyInstance, deps: { home: HomeRepository }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/summary/home.do',
    {
      schema: {
        tags: ['home'],
        summary: "Counts of projects, users and devices in the caller's projects",
        response: { 200: homeSummary },
      },
    },
    async (request): Promise<HomeSummary> => deps.home.counts(request.session!.project.path),
  );
}
