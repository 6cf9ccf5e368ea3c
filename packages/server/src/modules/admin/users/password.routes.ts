import { changePasswordBody, idParam, okAnswer } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import { type AuditService, actorOf } from '../../logs/audit.service.js';
import type { PasswordService } from './password.service.js';

export function passwordRoutes(app: FastifyInstance, deps: { passwords: PasswordService; audit: AuditService }): void {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/users.do/:id/pwd',
    {
      schema: {
        tags: ['users'],
        summary: "Change a password: one's own with oldPassword, another user's with the edit level on users",
        params: z.object({ id: idParam() }),
        querystring: commonQuery,
        body: changePasswordBody,
        response: { 200: okAnswer },
      },
    },
    async (request) => {
      const { account } = await deps.passwords.change(
        request.session!,
        await request.levels(),
        request.params.id,
        request.body,
      );
      await deps.audit.manage(actorOf(request), {
        action: 'password',
        entity: 'user',
        entityId: request.params.id,
        summary: account,
      });
      return { ok: true as const };
    },
  );
}
