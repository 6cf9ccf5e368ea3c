import type {} from '@fastify/cookie';
import { loginBody, okAnswer, sessionUser } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError, unauthorized } from '../../platform/errors.js';
import { requestToken } from '../../platform/request-token.js';
import { commonQuery } from '../../platform/schemas.js';
import type { AuditService } from '../logs/audit.service.js';
import type { IdentifyCodeService } from './identify-code.service.js';
import type { SessionService } from './session.service.js';

export const IDENTIFY_COOKIE = 'sc_ic';

export interface LoginRouteDeps {
  sessions: SessionService;
  codes: IdentifyCodeService;
  audit: AuditService;
  identifyCode: boolean;
  loginRateLimit: { max: number; timeWindow: number };
  /** Identity images per client address: each one writes a row. */
  imageRateLimit: { max: number; timeWindow: number };
}

/** Spec 000 §7 "Session": identity image, sign-in, automatic sign-in, sign-out. */
export function loginRoutes(app: FastifyInstance, deps: LoginRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/code/getloginidentifyimage.do',
    {
      schema: {
        tags: ['session'],
        summary: 'Identity-code image (SVG) bound to this browser by cookie, single use',
        response: { 200: { content: { 'image/svg+xml': { schema: z.string().describe('SVG image') } } } },
      },
      config: { rateLimit: deps.imageRateLimit },
    },
    async (request, reply) => {
      const { browserId, svg } = await deps.codes.issue(request.cookies[IDENTIFY_COOKIE]);
      reply.setCookie(IDENTIFY_COOKIE, browserId, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto' });
      return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
    },
  );

  r.post(
    '/api/login.do',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign in with account, password and identity code',
        body: loginBody,
        querystring: commonQuery,
        response: { 200: sessionUser },
      },
      config: { rateLimit: deps.loginRateLimit },
    },
    async (request) => {
      const body = request.body;
      if (deps.identifyCode && !(await deps.codes.check(request.cookies[IDENTIFY_COOKIE], body.identifyCode))) {
        throw fieldError('identifyCode', 'errors.wrongIdentifyCode', 'WRONG_IDENTIFY_CODE');
      }
      try {
        const { user, context } = await deps.sessions.login(body, {
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        });
        request.session = context;
        await deps.audit.visit(request, 'login');
        return user;
      } catch (error) {
        if (error instanceof AppError) {
          await deps.audit.visit(request, 'login_failed', error.code, {
            userId: null,
            projectId: null,
            account: body.account,
          });
        }
        throw error;
      }
    },
  );

  r.get(
    '/api/login.do',
    {
      schema: {
        tags: ['session'],
        summary: 'Automatic sign-in with the stored token',
        querystring: commonQuery,
        response: { 200: sessionUser },
      },
    },
    async (request) => {
      const token = requestToken(request);
      if (!token) throw unauthorized();
      const { user, context } = await deps.sessions.autoLogin(token);
      request.session = context;
      await deps.audit.visit(request, 'auto_login');
      return user;
    },
  );

  r.delete(
    '/api/login.do',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign out: revokes the token on the server',
        querystring: commonQuery,
        response: { 200: okAnswer },
      },
    },
    async (request) => {
      await deps.sessions.logout(request.session!);
      await deps.audit.visit(request, 'logout');
      return { ok: true as const };
    },
  );
}
