import type {} from '@fastify/websocket';
import type { RealtimePush, RealtimeRequest } from '@sc/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { devices, projects } from '../../db/schema/index.js';
import type { AccessService, Levels } from '../../modules/access/access.service.js';
import type { SettingsService } from '../../modules/system/settings.service.js';
import { forbidden } from '../../platform/errors.js';
import { originGuard } from '../../platform/origin.js';
import type { RealtimeClient, RealtimeHub } from './hub.js';
import { createPushReaders, pushType } from './push-readers.js';

const MAX_SUBSCRIPTIONS = 5000;
const MAX_KNOWN_TYPES = 200_000;

/**
 * Device types of the pushes that do not carry one (state, command results, firmware), kept once
 * looked up (a device keeps its type); the ids asked for in one turn of the event loop are read in
 * one statement.
 */
function deviceTypes(db: Db) {
  const known = new Map<number, string | null>();
  let wanted = new Map<number, ((type: string | null) => void)[]>();
  const flush = async () => {
    const batch = wanted;
    wanted = new Map();
    const ids = [...batch.keys()];
    let rows: { id: number; type: string }[] = [];
    try {
      rows = await db.select({ id: devices.id, type: devices.type }).from(devices).where(inArray(devices.id, ids));
    } catch {
      // Unknown for now: the push goes to the readers of devices of no family; asked again next time.
      for (const waiters of batch.values()) for (const done of waiters) done(null);
      return;
    }
    if (known.size + ids.length > MAX_KNOWN_TYPES) known.clear();
    const found = new Map(rows.map((r) => [r.id, r.type]));
    for (const [id, waiters] of batch) {
      const type = found.get(id) ?? null;
      known.set(id, type);
      for (const done of waiters) done(type);
    }
  };
  return {
    now: (id: number) => known.get(id),
    get: (id: number) =>
      new Promise<string | null>((resolve) => {
        if (wanted.size === 0) setImmediate(() => void flush());
        const waiters = wanted.get(id) ?? [];
        waiters.push(resolve);
        wanted.set(id, waiters);
      }),
  };
}

/**
 * GET /api/ws?token=…: one authenticated WebSocket per console tab (DESIGN.md §8). The tab subscribes
 * to devices or projects — only those in the user's project subtree are granted — and receives their
 * state, telemetry, events and command results, and its own unread-message changes. A push about a
 * device reaches the tab only when its user may read that device's family through the API, at the
 * calls' levels (`push-readers.ts`); the levels are read again at each subscription and each ping.
 * A ping every `liveHeartbeat` seconds (system settings) keeps it alive and finds dead tabs.
 */
export function realtimeRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    hub: RealtimeHub;
    settings: SettingsService;
    access: AccessService;
    allowedOrigins?: readonly string[];
  },
): void {
  const readers = createPushReaders();
  const types = deviceTypes(deps.db);
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
      // Read before the first subscription is answered (a tab gets device pushes only after it).
      let levels: Levels = new Map();
      const refreshLevels = () =>
        deps.access.levelsFor(session).then(
          (fresh) => {
            levels = fresh;
          },
          () => undefined,
        );
      void refreshLevels();
      const levelOf = (fn: Parameters<AccessService['levelOf']>[1]) => deps.access.levelOf(levels, fn);
      const write = (push: RealtimePush) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(push));
      };
      // Pushes wait here, in order, while a device's type is looked up.
      let queue: Promise<void> | null = null;
      const client: RealtimeClient = {
        userId: session.user.id,
        devices: new Set(),
        projects: new Set(),
        send: (push: RealtimePush) => {
          let type = pushType(push);
          if (type === undefined && 'deviceId' in push) type = types.now(push.deviceId);
          if (type === null && !('deviceId' in push)) return write(push); // the user's own messages, answers
          if (type !== undefined && !queue) {
            if (readers.reads(levelOf, type)) write(push);
            return;
          }
          const step = (queue ?? Promise.resolve()).then(async () => {
            const t = type !== undefined ? type : 'deviceId' in push ? await types.get(push.deviceId) : null;
            if (readers.reads(levelOf, t)) write(push);
          });
          queue = step;
          void step.finally(() => {
            if (queue === step) queue = null;
          });
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
          void Promise.all([allowed(request), refreshLevels()]).then(([granted]) => {
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
        void refreshLevels();
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
