import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { PRODUCT_VERSION, translate } from '@sc/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { createInstances } from './cluster/instances.js';
import { createInstancesRepository } from './cluster/instances.repository.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerCompression } from './http/compression.js';
import { registerConsoleAssets } from './http/console-assets.js';
import { createFastPaths } from './http/fast-paths.js';
import { createInstanceForward } from './http/instance-forward.js';
import { FAMILY_HANDLERS, registerFamilyRoutes } from './iot/families/index.js';
import { createFamilyContext } from './iot/families/kit/context.js';
import { createRealtimeHub } from './iot/realtime/hub.js';
import { realtimeRoutes } from './iot/realtime/realtime.routes.js';
import { createIotRuntime, type IotRuntime, type MqttMode } from './iot/runtime.js';
import { createAccessRepository } from './modules/access/access.repository.js';
import { accessRoutes } from './modules/access/access.routes.js';
import { createAccessService } from './modules/access/access.service.js';
import { createAuthCache } from './modules/access/auth-cache.js';
import { createPermissionsRepository } from './modules/admin/permissions/permissions.repository.js';
import { permissionsRoutes } from './modules/admin/permissions/permissions.routes.js';
import { createPermissionsService } from './modules/admin/permissions/permissions.service.js';
import { createProjectsRepository } from './modules/admin/projects/projects.repository.js';
import { projectsRoutes } from './modules/admin/projects/projects.routes.js';
import { createProjectsService } from './modules/admin/projects/projects.service.js';
import { createRolesRepository } from './modules/admin/roles/roles.repository.js';
import { rolesRoutes } from './modules/admin/roles/roles.routes.js';
import { createRolesService } from './modules/admin/roles/roles.service.js';
import { passwordRoutes } from './modules/admin/users/password.routes.js';
import { createPasswordService } from './modules/admin/users/password.service.js';
import { createPasswordPolicy } from './modules/admin/users/password-policy.js';
import { createUsersRepository } from './modules/admin/users/users.repository.js';
import { usersRoutes } from './modules/admin/users/users.routes.js';
import { createUsersService } from './modules/admin/users/users.service.js';
import { createDeviceFactoriesRepository } from './modules/base/device-factories/device-factories.repository.js';
import { deviceFactoriesRoutes } from './modules/base/device-factories/device-factories.routes.js';
import { createDeviceFactoriesService } from './modules/base/device-factories/device-factories.service.js';
import { createDeviceModelsRepository } from './modules/base/device-models/device-models.repository.js';
import { deviceModelsRoutes } from './modules/base/device-models/device-models.routes.js';
import { createDeviceModelsService } from './modules/base/device-models/device-models.service.js';
import { createDeviceTypesRepository } from './modules/base/device-types/device-types.repository.js';
import { deviceTypesRoutes } from './modules/base/device-types/device-types.routes.js';
import { createDeviceTypesService } from './modules/base/device-types/device-types.service.js';
import { lookupsRoutes } from './modules/base/lookups.routes.js';
import { pjtBaseRoutes } from './modules/base/pjt-base.routes.js';
import { createAreasRepository } from './modules/business/areas/areas.repository.js';
import { areasRoutes, pjtAreasRoutes } from './modules/business/areas/areas.routes.js';
import { createAreasService } from './modules/business/areas/areas.service.js';
import { createDevicesRepository } from './modules/business/devices/devices.repository.js';
import { devicesRoutes, projectDevicesRoutes } from './modules/business/devices/devices.routes.js';
import { createDevicesService } from './modules/business/devices/devices.service.js';
import { createGroupsRepository } from './modules/business/groups/groups.repository.js';
import { groupsRoutes, pjtGroupsRoutes } from './modules/business/groups/groups.routes.js';
import { createGroupsService } from './modules/business/groups/groups.service.js';
import { createMapRepository } from './modules/business/map/map.repository.js';
import { mapRoutes } from './modules/business/map/map.routes.js';
import { createMapService } from './modules/business/map/map.service.js';
import { createMapSnapshots } from './modules/business/map/map-snapshot.js';
import { createProductionRepository } from './modules/business/production/production.repository.js';
import { productionRoutes } from './modules/business/production/production.routes.js';
import { createProductionService } from './modules/business/production/production.service.js';
import { createHomeRepository } from './modules/home/home.repository.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { createAuditRepository } from './modules/logs/audit.repository.js';
import { createAuditService } from './modules/logs/audit.service.js';
import { createLogsRepository } from './modules/logs/logs.repository.js';
import { logsRoutes } from './modules/logs/logs.routes.js';
import { createLogsService } from './modules/logs/logs.service.js';
import { createOperationLogService } from './modules/logs/operation-log.service.js';
import { createAlarmWorkRepository } from './modules/maintenance/alarm-work.repository.js';
import { createMaintenanceRepository } from './modules/maintenance/maintenance.repository.js';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.js';
import { createMaintenanceService } from './modules/maintenance/maintenance.service.js';
import { createSiteMessagesRepository } from './modules/messages/site-messages.repository.js';
import { siteMessagesRoutes } from './modules/messages/site-messages.routes.js';
import { createSiteMessagesService } from './modules/messages/site-messages.service.js';
import { createProjectAdminService } from './modules/project/admin/project-admin.service.js';
import { projectPermissionsRoutes } from './modules/project/admin/project-permissions.routes.js';
import { projectRolesRoutes } from './modules/project/admin/project-roles.routes.js';
import { projectUsersRoutes } from './modules/project/admin/project-users.routes.js';
import { createSummaryLayoutsRepository } from './modules/project/layouts/summary-layouts.repository.js';
import { summaryLayoutsRoutes } from './modules/project/layouts/summary-layouts.routes.js';
import { createSummaryLayoutsService } from './modules/project/layouts/summary-layouts.service.js';
import { createDeliveryWorker, type DeliveryWorker } from './modules/project/notices/delivery-worker.js';
import { createMailTransport } from './modules/project/notices/mail-transport.js';
import { createNoticesRepository } from './modules/project/notices/notices.repository.js';
import { noticesRoutes } from './modules/project/notices/notices.routes.js';
import { createNoticesService } from './modules/project/notices/notices.service.js';
import { createNotifier } from './modules/project/notices/notifier.js';
import { createHttpSmsProvider, type SmsProvider } from './modules/project/notices/sms-provider.js';
import { createProjectParamsRepository } from './modules/project/params/project-params.repository.js';
import { projectParamsRoutes } from './modules/project/params/project-params.routes.js';
import { createProjectParamsService } from './modules/project/params/project-params.service.js';
import { createSummaryRepository } from './modules/project/summary/summary.repository.js';
import { summaryRoutes } from './modules/project/summary/summary.routes.js';
import { createSummaryService } from './modules/project/summary/summary.service.js';
import { summarySources } from './modules/project/summary/summary.sources.js';
import { createIdentifyCodeRepository } from './modules/session/identify-code.repository.js';
import {
  type CodeGenerator,
  createIdentifyCodeService,
  svgCodeGenerator,
} from './modules/session/identify-code.service.js';
import { loginRoutes } from './modules/session/login.routes.js';
import { createSessionRepository } from './modules/session/session.repository.js';
import { createSessionService } from './modules/session/session.service.js';
import { runningParamsRoutes } from './modules/system/running-params.routes.js';
import { createSettingsRepository } from './modules/system/settings.repository.js';
import { createSettingsService } from './modules/system/settings.service.js';
import { syncRoutes } from './modules/system/sync.routes.js';
import { createSyncService } from './modules/system/sync.service.js';
import { SYNC_STEPS } from './modules/system/sync-steps.js';
import { webParamsRoutes } from './modules/system/web-params.routes.js';
import { createWebParamsService } from './modules/system/web-params.service.js';
import { API_DOCS_PREFIX, registerAuthorization } from './platform/authorize.hook.js';
import { registerBuiltinNames } from './platform/builtin-names.js';
import { registerErrorHandling } from './platform/error-handler.js';
import { frameworkErrorOptions } from './platform/framework-errors.js';
import { registerInputGuard } from './platform/input-guard.js';
import { requestLang } from './platform/lang.js';
import { secretSafeLogger } from './platform/redact.js';
import { createReferencesRepository } from './platform/references/references.repository.js';
import { createReferences } from './platform/references/references.service.js';
import { responseSerializer } from './platform/response-serializer.js';
import { registerSecurityHeaders } from './platform/security-headers.js';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests replace the identity-code image with a known code. */
  codeGenerator?: CodeGenerator;
  /** Sign-in attempts per address per minute. */
  loginRateLimit?: number;
  /** Identity images per address per minute. */
  imageRateLimit?: number;
  /** How devices reach the server; main.ts starts it (`app.iot.start()`). Off in most tests. */
  mqtt?: MqttMode;
  /** Tests: an answer with a field its response schema does not describe fails instead of losing the field. */
  strictResponses?: boolean;
  /** Where SMS go: the HTTP provider of the system settings unless a test gives its recording one. */
  smsProvider?: SmsProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    iot: IotRuntime;
    /** Sends queued e-mails and SMS (tests drain it). */
    noticeDeliveries: DeliveryWorker;
  }
}

/** The composition root: every repository, service and route is wired here and nowhere else. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const db = database.db;
  // This instance among the others; what only it holds is fetched from it by the others (and the reverse).
  const instances = createInstances(createInstancesRepository(db), { url: config.instanceUrl });
  // The live video's files are answered before fastify (http/fast-paths.ts), and what another
  // instance holds is sent to it before that.
  const fastPaths = createFastPaths({ forward: createInstanceForward(instances) });
  const app = Fastify({
    serverFactory: fastPaths.serverFactory,
    logger: secretSafeLogger(options.logger ?? false),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 12 * 1024 * 1024,
    ...frameworkErrorOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(options.strictResponses ?? false));

  const webIndex = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(webIndex);
  registerErrorHandling(
    app,
    hasWeb ? (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html') : null,
    database.availability,
  );
  // Once per outage, not once per call (db/availability.ts).
  database.availability.watch((down) =>
    down
      ? app.log.error('database unavailable: calls are answered 503 until it is back')
      : app.log.info('database available again'),
  );
  registerInputGuard(app);

  app.decorate('fastPaths', fastPaths);
  app.addHook('onListen', async () => {
    const address = app.server.address();
    const listening = typeof address === 'object' && address ? address : { address: config.host, port: config.port };
    await instances.start(listening, (err) => app.log.warn({ err }, 'instance address not renewed'));
  });
  app.addHook('onClose', () => instances.stop());

  // ── Plugins
  const securityHeaders = registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'http:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  fastPaths.headers(securityHeaders);
  await registerCompression(app);
  registerBuiltinNames(app);
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(formbody);
  // Uploads: CSV up to 10MB, icons 100KB, LED media 50MB; each route checks its own limit and content.
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: translate(requestLang(request), 'errors.tooManyRequests'),
      retryAfter: context.after,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Smart-city device management API',
        version: PRODUCT_VERSION,
        description:
          'See docs/api.md for conventions: token and lang query parameters, form-encoded bodies, error bodies.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'query', name: 'token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ token: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: true });

  // ── Repositories and services
  // The server address nobody set is this instance's own port, not the contract's 8080.
  const settings = createSettingsService(createSettingsRepository(db), undefined, {
    serverAddress: `http://127.0.0.1:${config.port || 8080}`,
  });
  const auth = createAuthCache();
  const sessionRepository = createSessionRepository(db, auth);
  const sessions = createSessionService({ sessions: sessionRepository, settings });
  const accessRepository = createAccessRepository(db);
  const access = createAccessService(accessRepository, auth);
  const audit = createAuditService(createAuditRepository(db));
  const codes = createIdentifyCodeService({
    repository: createIdentifyCodeRepository(db),
    generate: options.codeGenerator ?? svgCodeGenerator,
  });
  const passwordPolicy = createPasswordPolicy({ access, settings });
  const passwords = createPasswordService({ sessions: sessionRepository, access, policy: passwordPolicy });

  registerAuthorization(app, { sessions, access });

  // ── Routes
  loginRoutes(app, {
    sessions,
    codes,
    audit,
    identifyCode: config.identifyCode,
    loginRateLimit: { max: options.loginRateLimit ?? 30, timeWindow: 60_000 },
    imageRateLimit: { max: options.imageRateLimit ?? 60, timeWindow: 60_000 },
  });
  accessRoutes(app, { access, audit });
  passwordRoutes(app, { passwords, audit });
  runningParamsRoutes(app, {
    settings,
    identifyCode: config.identifyCode,
    map: { tileUrl: config.mapTileUrl, tileAttribution: config.mapTileAttribution },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    uplink: () => app.iot.uplinkHealth(),
  });
  homeRoutes(app, { home: createHomeRepository(db) });

  // Every reference an input carries is checked against the caller's scope here (issue 11).
  const refs = createReferences(createReferencesRepository(db));

  // ── Global administration (spec 000 §7 "Users, roles, projects", "Menus and permissions")
  const projectsRepository = createProjectsRepository(db);
  const rolesRepository = createRolesRepository(db);
  const projects = createProjectsService({ projects: projectsRepository, settings, audit, auth, refs });
  const roles = createRolesService({
    roles: rolesRepository,
    projects: projectsRepository,
    settings,
    audit,
    auth,
    refs,
  });
  const users = createUsersService({
    users: createUsersRepository(db),
    roles: rolesRepository,
    sessions: sessionRepository,
    settings,
    audit,
    auth,
    refs,
    access,
    passwords: passwordPolicy,
  });
  const permissions = createPermissionsService({
    repository: createPermissionsRepository(db),
    access,
    accessRepository,
    roles,
    projects,
    projectsRepository,
    audit,
    auth,
  });
  projectsRoutes(app, { projects });
  rolesRoutes(app, { roles });
  usersRoutes(app, { users });
  permissionsRoutes(app, { permissions, access });
  // A project's own administration (spec 001 §7 /api/pjts/{projectId}/): the same services, its subtree only.
  const projectAdmin = createProjectAdminService({
    projectsRepository,
    projects,
    roles,
    users,
    permissions,
  });
  projectRolesRoutes(app, { admin: projectAdmin });
  projectUsersRoutes(app, { admin: projectAdmin });
  projectPermissionsRoutes(app, { admin: projectAdmin, access });

  // ── Logs, site messages, system settings
  const logsRepository = createLogsRepository(db);
  const siteMessagesRepository = createSiteMessagesRepository(db);
  // The realtime hub exists before the device runtime: site messages push unread counts through it.
  const hub = createRealtimeHub();
  const alarmWork = createAlarmWorkRepository(db);
  const siteMessages = createSiteMessagesService({
    messages: siteMessagesRepository,
    alarmsOf: alarmWork.messageAlarms,
    settings,
    onSent: (userIds) => hub.publish({ kind: 'messages', userIds }),
  });
  logsRoutes(app, { logs: createLogsService({ logs: logsRepository, settings, audit }) });
  siteMessagesRoutes(app, { messages: siteMessages });
  webParamsRoutes(app, {
    webParams: createWebParamsService({ settings, audit, isAdminUser: siteMessagesRepository.isAdmin }),
  });
  syncRoutes(app, { sync: createSyncService({ db, steps: SYNC_STEPS, audit }) });

  // ── Device registry (spec 000 §7 "Base data", "Business data"; spec 001 §7 project-scoped devices)
  const deviceTypes = createDeviceTypesService({ types: createDeviceTypesRepository(db), settings, audit });
  const factoriesRepository = createDeviceFactoriesRepository(db);
  const deviceFactories = createDeviceFactoriesService({
    factories: factoriesRepository,
    projects: projectsRepository,
    settings,
    audit,
    refs,
  });
  const deviceModels = createDeviceModelsService({
    models: createDeviceModelsRepository(db),
    factories: deviceFactories,
    factoriesRepository,
    settings,
    audit,
    refs,
  });
  const areasRepository = createAreasRepository(db);
  const deviceAreas = createAreasService({
    areas: areasRepository,
    projects: projectsRepository,
    settings,
    audit,
    refs,
  });
  const deviceGroups = createGroupsService({
    groups: createGroupsRepository(db),
    areas: areasRepository,
    projects: projectsRepository,
    settings,
    audit,
    refs,
  });
  deviceTypesRoutes(app, { types: deviceTypes });
  deviceFactoriesRoutes(app, { factories: deviceFactories });
  deviceModelsRoutes(app, { models: deviceModels });
  lookupsRoutes(app);
  areasRoutes(app, { areas: deviceAreas });
  groupsRoutes(app, { groups: deviceGroups });
  pjtBaseRoutes(app, {
    types: deviceTypes,
    factories: deviceFactories,
    models: deviceModels,
    projects: projectsRepository,
  });
  pjtAreasRoutes(app, { areas: deviceAreas });
  pjtGroupsRoutes(app, { groups: deviceGroups });
  const mapRepository = createMapRepository(db);
  // Kept up to date from the changes; the periodic paged reload brings other instances' device edits
  // (PostgreSQL) and is a safety net on PGlite (one instance).
  const mapSnapshots = createMapSnapshots(mapRepository, {
    reloadMs: database.kind === 'pglite' ? 600_000 : 60_000,
  });
  hub.observe((push) => {
    if (push.kind === 'state') mapSnapshots.setState(push.deviceId, push.activeState);
  });
  // Loaded when the server starts listening: the first map view does not wait for it.
  app.addHook('onListen', async () => mapSnapshots.start());
  app.addHook('onClose', async () => mapSnapshots.stop());
  // For the console benchmark's stall section (bench/lib/console-stall.mjs): a reload on demand.
  app.decorate('mapSnapshots', mapSnapshots);
  const devices = createDevicesService({
    devices: createDevicesRepository(db, mapSnapshots.changed),
    settings,
    audit,
    refs,
  });
  devicesRoutes(app, { devices });
  projectDevicesRoutes(app, { devices });
  const productionRepository = createProductionRepository(db);
  // PGlite serves one process (data-dir lock): an import unpublished at start was cut short by a crash.
  if (database.kind === 'pglite')
    app.addHook('onListen', async () => {
      productionRepository
        .sweepAbandonedImports(0)
        .catch((error) => app.log.warn({ err: error }, 'sweeping cut-short production imports failed'));
    });
  productionRoutes(app, {
    production: createProductionService({ production: productionRepository, settings, audit, refs }),
  });
  mapRoutes(app, { map: createMapService({ map: mapRepository, snapshots: mapSnapshots }) });

  // ── Maintenance work orders (spec 001 §7 "Maintenance"): every transition in the operation log
  maintenanceRoutes(app, {
    maintenance: createMaintenanceService({
      bills: createMaintenanceRepository(db),
      alarms: alarmWork,
      projects: projectsRepository,
      settings,
      refs,
      record: createOperationLogService(logsRepository).record,
    }),
  });

  // ── Notices (spec 001 "Notice rule"): site messages, e-mail and SMS of the events devices raise
  const noticesRepository = createNoticesRepository(db);
  const mail = createMailTransport(settings);
  const sms = options.smsProvider ?? createHttpSmsProvider(settings);
  const noticeDeliveries = createDeliveryWorker({ notices: noticesRepository, mail, sms, settings, log: app.log });
  const notifier = createNotifier({
    notices: noticesRepository,
    siteMessages,
    settings,
    queued: noticeDeliveries.nudge,
    log: app.log,
  });
  app.decorate('noticeDeliveries', noticeDeliveries);
  app.addHook('onReady', async () => noticeDeliveries.start());
  app.addHook('onClose', () => noticeDeliveries.stop());
  noticesRoutes(app, {
    notices: createNoticesService({
      notices: noticesRepository,
      projects: projectsRepository,
      mail,
      sms,
      settings,
      audit,
    }),
  });

  projectParamsRoutes(app, {
    params: createProjectParamsService({
      params: createProjectParamsRepository(db),
      projects: projectsRepository,
      settings,
      audit,
    }),
  });

  // ── Device connectivity (DESIGN.md §7-§8): broker link, ingest, command bus, realtime, families
  const iot = createIotRuntime({
    db,
    ingestDb: database.ingestDb,
    writerRows: database.kind === 'pglite' ? 500 : undefined,
    hub,
    settings,
    notifier,
    recordOperation: createOperationLogService(logsRepository).record,
    log: app.log,
    mqtt: options.mqtt ?? { mode: 'off' },
    analyzeHourly: database.kind === 'pglite',
    families: FAMILY_HANDLERS,
  });
  app.decorate('iot', iot);
  app.addHook('onClose', () => iot.stop());
  realtimeRoutes(app, { db, hub: iot.hub, settings, access, allowedOrigins: config.allowedOrigins });
  registerFamilyRoutes(app, FAMILY_HANDLERS, {
    db,
    iot,
    audit,
    settings,
    handledWork: alarmWork,
    batchLeaseMs: config.batchLeaseSeconds * 1000,
    instanceKey: instances.key,
    instanceId: instances.id,
  });

  // ── Project summary and its layouts (spec 001 §2 pjtprojectsummary, pjtprojectsummarylayout)
  const summaryLayouts = createSummaryLayoutsService({
    layouts: createSummaryLayoutsRepository(db),
    projects: projectsRepository,
    settings,
    audit,
  });
  summaryLayoutsRoutes(app, { layouts: summaryLayouts });
  summaryRoutes(app, {
    summary: createSummaryService({
      summary: createSummaryRepository(db),
      sources: summarySources(
        createFamilyContext({
          db,
          iot,
          audit,
          settings,
          handledWork: alarmWork,
          instanceKey: instances.key,
          instanceId: instances.id,
        }),
      ),
      settings,
      layoutInUse: summaryLayouts.inUse,
      cache: config.summaryCache,
    }),
  });

  // ── The built console, served by the same process
  if (hasWeb) await registerConsoleAssets(app, config.webDist);
  return app;
}
