import type {} from '@fastify/websocket';
import type { RealtimePush, RealtimeRequest } from '@sc/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { devices, projects } from '../../db/schema/index.js';
import type { SettingsService } from '../../modules/system/settings.service.js';
import { forbidden } from '../../platform/errors.js';
import { originGuard } from '../../platform/origin.js';
import type { RealtimeClient, RealtimeHub } from './hub.js';

const MAX_SUBSCRIPTIONS = 5000;

/**
 * GET /api/ws?token=…: one authenticated WebSocket per console tab (DESIGN.md §8). The tab subscribes
 * to devices or projects — only those in the user's project subtree are granted — and receives their
 * state, telemetry, events and command results, and its own unread-message changes. A ping every
 * `liveHeartbeat` seconds (system settings) keeps it alive and finds dead tabs.
 */
export function realtimeRoutes(
  app: FastifyInstance,
  deps: { db: Db; hub: RealtimeHub; settings: SettingsService; allowedOrigins?: readonly string[] },
): void {
  const fromConsole = originGuard(deps.allowedOrigins ?? []);
  const onlyConsolePages = async (req: FastifyRequest) => {
    if (!fromConsole(req)) throw forbidden('FORBIDDEN_ORIGIN');
  };
  app.get(
    '/api/ws',
    { websocket: true, schema: { hide: true }, preValidation: onlyConsolePages },
    async (socket, req) => {
      const session = req.session!;
      const scope = `${session.project.path}%`;
      const client: RealtimeClient = {
        userId: session.user.id,
        devices: new Set(),
        projects: new Set(),
        send: (push: RealtimePush) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(push));
        },
      };
      deps.hub.add(client);

      const allowed = async (request: Extract<RealtimeRequest, { op: 'subscribe' }>) => {
        const deviceIds = (request.devices ?? []).filter(Number.isInteger).slice(0, MAX_SUBSCRIPTIONS);
        const projectIds = (request.projects ?? []).filter(Number.isInteger).slice(0, 100);
        const [d, p] = await Promise.all([
          deviceIds.length
            ? deps.db
                .select({ id: devices.id })
                .from(devices)
                .innerJoin(projects, eq(projects.id, devices.projectId))
                .where(and(inArray(devices.id, deviceIds), like(projects.path, scope)))
            : [],
          projectIds.length
            ? deps.db
                .select({ id: projects.id })
                .from(projects)
                .where(and(inArray(projects.id, projectIds), like(projects.path, scope)))
            : [],
        ]);
        return { devices: d.map((x) => x.id), projects: p.map((x) => x.id) };
      };

      socket.on('message', (raw: Buffer) => {
        let request: RealtimeRequest;
        try {
          request = JSON.parse(raw.toString('utf8')) as RealtimeRequest;
        } catch {
          return;
        }
        if (request.op === 'ping') return client.send({ kind: 'pong' });
        if (request.op === 'unsubscribe') {
          for (const id of request.devices ?? []) client.devices.delete(id);
          for (const id of request.projects ?? []) client.projects.delete(id);
          return;
        }
        if (request.op === 'subscribe') {
          void allowed(request).then((granted) => {
            for (const id of granted.devices) client.devices.add(id);
            for (const id of granted.projects) client.projects.add(id);
            client.send({ kind: 'subscribed', devices: granted.devices, projects: granted.projects });
          });
        }
      });

      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const seconds = await deps.settings.get('liveHeartbeat');
      const ping = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, seconds * 1000);
      socket.on('close', () => {
        clearInterval(ping);
        deps.hub.remove(client);
      });
    },
  );
}
