import { randomBytes } from 'node:crypto';
import { type ParsedTopic, REALTIME_TOPIC, type RealtimePush } from '@sc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/availability.js';
import type { Db } from '../db/client.js';
import type { OperationEntry } from '../modules/logs/operation-log.service.js';
import type { Notifier } from '../modules/project/notices/notifier.js';
import type { SettingsService } from '../modules/system/settings.service.js';
import { createActivityTracker, type StateChange } from './activity.js';
import { createAlarmNoticesRepository } from './alarm-notices.repository.js';
import { createBatchWriter, dbErrorOf, TelemetryNotStored } from './batch-writer.js';
import { type BrokerTls, type EmbeddedBroker, SERVER_CLIENT_USER, startEmbeddedBroker } from './broker.js';
import { createCommandBus } from './command-bus.js';
import { createDeviceDirectory } from './device-directory.js';
import { createDeviceNotices } from './device-notices.js';
import type { FamilyHandler } from './families/family-handler.js';
import { createIngest } from './ingest.js';
import { createIotJobs } from './jobs.js';
import { connectLink, type MqttLink } from './mqtt-link.js';
import type { RealtimeHub } from './realtime/hub.js';
import { createResender, type ResendPlan } from './resend.js';
import { DEVICE_EVENTS_PARTITIONS } from './telemetry/events.js';
import { PROJECT_DAILY_PARTITIONS } from './telemetry/project-rollups.js';
import { createShedReporter, createUplinkQueue } from './uplink-queue.js';

/**
 * Writer statements' worth of rows waiting past which ingest pauses (one being written, the next
 * gathered); what arrives meanwhile waits in the uplink queue, where QoS 0 may be shed.
 */
const WRITER_HIGH_WATER = 2;

/** Realtime pushes per internal message, in bytes: a quarter of the default packet limit (256 KB). */
const REALTIME_MESSAGE_BYTES = 64 * 1024;

export type MqttMode =
  | {
      mode: 'embedded';
      port: number;
      host: string;
      /** Largest packet accepted (MQTT_MAX_PACKET, 256 KB by default). */
      maxPacketBytes?: number;
      /** A second, TLS port (MQTT_TLS_*). */
      tls?: BrokerTls | null;
    }
  | {
      mode: 'external';
      url: string;
      username?: string;
      password?: string;
      shared: boolean;
      /** Stable per instance: a persistent broker session, acknowledgements after storing (mqtt-link.ts). */
      clientId?: string;
      sessionExpirySeconds?: number;
      /** Seconds without a device message (after some) that health reports as a silent uplink. */
      uplinkSilenceSeconds?: number;
    }
  | { mode: 'off' };

/**
 * Everything of device connectivity, wired: broker (embedded) or link (external), ingest, activity,
 * command bus, realtime hub, batch writer and the leader jobs. Routes reach it through `app.iot`.
 */
export function createIotRuntime(deps: {
  db: Db;
  /**
   * The connections device traffic may hold (on PostgreSQL a share of the pool of its own, so that the
   * API keeps the rest whatever the devices send: db/client.ts); `db` when not given.
   */
  ingestDb?: Db;
  /** QoS 0 messages that may wait for ingest before the oldest are shed (uplink-queue.ts). */
  maxQueuedQos0?: number;
  /**
   * Rows per writer statement (5,000 by default). On PGlite's one connection an API query may wait
   * for one such statement: smaller ones there keep it short.
   */
  writerRows?: number;
  hub: RealtimeHub;
  settings: SettingsService;
  /** Where device alarms and offline events go (site messages, e-mail, SMS by the notice rules). */
  notifier: Notifier;
  recordOperation: (entry: OperationEntry) => Promise<unknown>;
  log: FastifyBaseLogger;
  mqtt: MqttMode;
  /** True on PGlite, which has no autovacuum to keep planner statistics fresh. */
  analyzeHourly?: boolean;
  /** The device families (their telemetry, events and tables), given by the composition root. */
  families: readonly FamilyHandler[];
}) {
  const { settings, log } = deps;
  // Everything here is device traffic and its jobs: on the ingest share of the database's connections.
  const db = deps.ingestDb ?? deps.db;
  const families = new Map(deps.families.map((f) => [f.manifest.type, f]));
  const directory = createDeviceDirectory(db);
  const { hub } = deps;
  const writerRows = deps.writerRows ?? 5000;
  const writer = createBatchWriter(db, {
    maxRows: writerRows,
    // The database's reason (code, message) on its own: the driver's error carries it only as its
    // cause, whose message the log's redaction of the failed statement's parameters cut off.
    onError: (err, table, rows) =>
      log.error(
        { table, rows, reason: dbErrorOf(err) ?? { message: String((err as Error)?.message ?? err).slice(0, 500) } },
        'telemetry batch lost',
      ),
    onUnavailable: (down, err) =>
      down
        ? log.error(
            { reason: dbErrorOf(err) ?? { message: String((err as Error)?.message ?? err).slice(0, 200) } },
            'telemetry waits for the database: nothing is acknowledged until it is stored',
          )
        : log.info('telemetry written again: the database is back'),
  });
  let stopping = false;

  /**
   * Hands one device message to ingest through the uplink queue. QoS 0 answers at once (the queue may
   * shed it when ingest cannot keep up, counted). QoS 1 resolves once what it carries is stored; only
   * then is it acknowledged (to the device by the embedded broker, to the external broker by the link),
   * which is what slows a device down while ingest is behind. While the database is away, or the
   * writer refused it (full), it is tried again with a growing pause; a process that dies meanwhile
   * never acknowledged it, so the device or the broker's session delivers it again. A message ingest
   * cannot handle for what it holds is dropped (counted), never retried.
   */
  async function storeUplink(topic: ParsedTopic, payload: Buffer, qos: 0 | 1 | 2): Promise<void> {
    if (qos === 0) return uplinks.push(topic, payload, 0);
    for (let pause = 100; ; pause = Math.min(pause * 2, 5000)) {
      try {
        await uplinks.push(topic, payload, qos);
        await writer.settled();
        return;
      } catch (err) {
        const transient = err instanceof TelemetryNotStored || isDatabaseUnavailable(err);
        if (!transient) {
          log.error({ err }, 'uplink failed');
          return;
        }
        if (stopping) throw err;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }
  let broker: EmbeddedBroker | null = null;
  let link: MqttLink | null = null;
  const serverPassword = randomBytes(24).toString('base64url');

  /** Alarms and offline events as notice events (device-notices.ts). */
  const notices = createDeviceNotices({
    notifier: deps.notifier,
    alarms: createAlarmNoticesRepository(db),
    log,
  });

  /** Who wants to know that devices came online (a family resends what they missed while offline). */
  const onlineListeners: ((changes: StateChange[]) => void)[] = [];
  const resenders: ReturnType<typeof createResender>[] = [];
  const activity = createActivityTracker({
    db,
    hub,
    onOnline: (changes) => {
      for (const listener of onlineListeners) {
        try {
          listener(changes);
        } catch (err) {
          log.error({ err }, 'online listener failed');
        }
      }
    },
  });
  const bus = createCommandBus({
    transport: () => {
      const l = link;
      const b = broker;
      if (!l) return null;
      return {
        publish: (topic, payload) => l.publish(topic, payload, 1),
        isConnected: b ? (id) => b.connected().has(id) : null,
      };
    },
    settings: async () => {
      const s = await settings.all();
      return { timeoutSeconds: s.httpTimeout, attempts: s.commandAttempts };
    },
    hub,
    record: async (entry, actor) => {
      await deps.recordOperation({ actor, ...entry });
    },
  });
  const ingest = createIngest({
    directory,
    writer,
    activity,
    bus,
    hub,
    families,
    onAlarm: (device, event) => {
      notices.alarm(device, event).catch((err) => log.error({ err, deviceId: device.id }, 'alarm message not sent'));
    },
  });
  const reportShed = createShedReporter(({ shed, total }) =>
    log.warn({ shed, total }, 'device messages come faster than they are stored: QoS 0 readings shed, oldest first'),
  );
  /** Device messages wait here for ingest, a slice at a time (uplink-queue.ts). */
  const uplinks = createUplinkQueue({
    handle: (topic, payload) => ingest.handle(topic, payload),
    maxQos0: deps.maxQueuedQos0,
    room: () => writer.whenBelow(WRITER_HIGH_WATER * writerRows),
    onShed: reportShed,
    onError: (err) => {
      if (!isDatabaseUnavailable(err)) log.error({ err }, 'uplink failed');
    },
  });
  const jobs = createIotJobs({
    db,
    settings,
    hub,
    onOffline: async (changes) => void (await notices.offline(changes)),
    telemetry: [
      DEVICE_EVENTS_PARTITIONS,
      PROJECT_DAILY_PARTITIONS,
      ...deps.families.flatMap((f) => f.telemetryTables ?? []),
    ],
  });

  // Realtime pushes cross instances through the broker, gathered for 100 ms so that telemetry at
  // thousands of messages a second costs a few internal messages, not one each.
  let outbox: RealtimePush[] = [];
  let outboxTimer: NodeJS.Timeout | null = null;
  const flushOutbox = () => {
    outboxTimer = null;
    const batch = outbox;
    outbox = [];
    if (!link || batch.length === 0) return;
    // In messages well under the broker's packet limit (MQTT_MAX_PACKET closes the connection of a
    // client sending more, this server's own link too): a burst of telemetry gathers thousands.
    let part: string[] = [];
    let bytes = 0;
    const send = () => {
      if (part.length) link?.publish(REALTIME_TOPIC, `[${part.join(',')}]`, 0).catch(() => {});
      part = [];
      bytes = 0;
    };
    for (const push of batch) {
      const json = JSON.stringify(push);
      if (bytes + json.length > REALTIME_MESSAGE_BYTES) send();
      part.push(json);
      bytes += json.length + 1;
    }
    send();
  };

  const runtime = {
    directory,
    hub,
    writer,
    activity,
    bus,
    ingest,
    uplinks,
    jobs,
    families,
    notices,
    /** Writes one operation-log entry (a batch of commands writes one for all its devices). */
    recordOperation: deps.recordOperation,
    broker: () => broker,
    link: () => link,
    /**
     * Calls `listener` with the devices that come back: not active and now heard from again (once per
     * transition, on the instance that recorded it), or heard for the first time since this process
     * started (a device still marked active by a previous process may have missed changes made while
     * the server was down; with several instances, each one that hears it).
     */
    whenOnline(listener: (changes: StateChange[]) => void) {
      onlineListeners.push(listener);
    },
    /**
     * Sends each device of `type` that comes back (`whenOnline`) what `plan` answers, in order, once
     * (resend.ts: stops at the first command not answered, a bounded number of devices at once).
     */
    resendWhenOnline(type: string, plan: (change: StateChange) => Promise<ResendPlan | null>) {
      const resender = createResender({
        bus,
        plan,
        onError: (err, change) => log.error({ err, deviceId: change.id }, 'resend on reconnection failed'),
      });
      onlineListeners.push((changes) => resender.push(changes.filter((c) => c.type === type)));
      resenders.push(resender);
      return resender;
    },
    /**
     * The device side for /api/health: `ok` false when the link to the external broker is down, the
     * broker refused its subscriptions, or no device message has come for MQTT_UPLINK_SILENCE seconds
     * although some came before (a broker that restarted without this instance's subscription).
     * `shed`: QoS 0 messages shed since start because ingest could not keep up (uplink-queue.ts).
     */
    uplinkHealth(): null | {
      ok: boolean;
      mode: MqttMode['mode'];
      state: string;
      devices?: number;
      silentSeconds?: number;
      shed: number;
    } {
      const mode = deps.mqtt.mode;
      if (mode === 'off') return null;
      const shed = uplinks.stats.shed;
      if (broker) return { ok: true, mode, state: 'ok', devices: broker.connected().size, shed };
      const status = link?.status();
      if (!status?.connected) return { ok: false, mode, state: 'disconnected', shed };
      if (status.refused.length) return { ok: false, mode, state: 'refused', shed };
      const silentSeconds = status.lastUplinkAt ? Math.floor((Date.now() - status.lastUplinkAt) / 1000) : 0;
      const limit = deps.mqtt.mode === 'external' ? (deps.mqtt.uplinkSilenceSeconds ?? 120) : 120;
      if (status.lastUplinkAt && silentSeconds >= limit)
        return { ok: false, mode, state: 'silent', silentSeconds, shed };
      return { ok: true, mode, state: 'ok', silentSeconds, shed };
    },
    /** Resolves once no family is resending (tests). */
    resent: () => Promise.all(resenders.map((r) => r.settled())).then(() => undefined),

    async start(options: { jobs: boolean } = { jobs: true }) {
      let url: string;
      let username: string | undefined;
      let password: string | undefined;
      let shared = false;
      let clientId: string | undefined;
      let sessionExpirySeconds: number | undefined;
      if (deps.mqtt.mode === 'off') return;
      if (deps.mqtt.mode === 'embedded') {
        broker = await startEmbeddedBroker({
          port: deps.mqtt.port,
          host: deps.mqtt.host,
          directory,
          serverPassword,
          log,
          maxPacketBytes: deps.mqtt.maxPacketBytes,
          tls: deps.mqtt.tls,
          // Devices' messages are handled here, in the broker, and acknowledged once stored.
          uplink: storeUplink,
          backlog: () => uplinks.size(),
        });
        url = `mqtt://127.0.0.1:${broker.port}`;
        username = SERVER_CLIENT_USER;
        password = serverPassword;
      } else {
        ({ url, username, password, shared, clientId, sessionExpirySeconds } = deps.mqtt);
      }
      link = await connectLink(
        {
          url,
          username,
          password,
          shared,
          clientId,
          sessionExpirySeconds,
          log,
          uplinks: deps.mqtt.mode === 'external',
        },
        {
          // Acknowledged to the broker once stored; on a persistent session (clientId) the broker
          // keeps what is not acknowledged for this instance's next connection.
          uplink: (topic, payload, qos) => storeUplink(topic, payload, qos),
          realtime: (payload) => {
            try {
              for (const push of JSON.parse(payload.toString('utf8')) as RealtimePush[]) hub.deliver(push);
            } catch {
              // Not ours: the internal topic only carries arrays of pushes.
            }
          },
        },
      );
      // The embedded broker serves this one instance: its pushes are delivered here as they are made
      // (the hub's default). Sent through the broker they were serialized, routed and parsed again
      // (8 % of the busy thread under a burst) and held 100 ms, long enough to outlive the young
      // generation: a 15 s burst had 13 full collections without them, 24 with.
      if (deps.mqtt.mode !== 'embedded')
        hub.useBroadcast((push) => {
          outbox.push(push);
          outboxTimer ??= setTimeout(flushOutbox, 100);
        });
      activity.start();
      if (options.jobs)
        jobs.start({ analyzeHourly: deps.analyzeHourly, onError: (err) => log.error({ err }, 'device job failed') });
    },

    async stop() {
      stopping = true;
      uplinks.stop(new TelemetryNotStored('stopped'));
      jobs.stop();
      await activity.stop();
      await writer.stop();
      if (outboxTimer) clearTimeout(outboxTimer);
      flushOutbox();
      hub.useBroadcast(null);
      await link?.close();
      link = null;
      await broker?.close();
      broker = null;
    },
  };
  return runtime;
}

export type IotRuntime = ReturnType<typeof createIotRuntime>;
