import net from 'node:net';
import { type ParsedTopic, parseTopic } from '@sc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { safeEqual } from '../platform/tokens.js';
import { coalesceWrites } from './coalesce-writes.js';
import type { DeviceDirectory, DirectoryEntry } from './device-directory.js';
import { relaysChildren } from './families/kit/policies.js';

/** The account the server's own MQTT client uses on the embedded broker. */
export const SERVER_CLIENT_USER = '$server';

export interface EmbeddedBroker {
  port: number;
  /** Equipment ids with an open connection now. */
  connected(): ReadonlySet<string>;
  /** Refused connections, publishes and subscriptions since start, for the health figures. */
  refused: { connect: number; publish: number; subscribe: number };
  close(): Promise<void>;
}

interface ClientState {
  server: boolean;
  /** The acknowledgement of this connection's latest QoS 1 message: the next one waits for it. */
  acked: Promise<unknown>;
  entry: DirectoryEntry | null;
  /** A gateway may also speak on its children's topics. */
  children: Set<string>;
}

/**
 * The in-process MQTT broker (Aedes) of the default, single-process deployment. Devices sign in with
 * their equipment id as user name and client id and the key1 of their production item as password;
 * they may publish only on their own `up` topics and subscribe only to their own `down` topics (a
 * gateway also its children's). With MQTT_URL the server uses an external broker instead, whose
 * ACLs the operator configures the same way (docs/device-protocol.md).
 */
export async function startEmbeddedBroker(options: {
  port: number;
  host: string;
  directory: DeviceDirectory;
  serverPassword: string;
  log: FastifyBaseLogger;
  /**
   * Handles a device's message (runtime.ts) and resolves once it is stored. QoS 1 is acknowledged to
   * the device only then, in the order received; a rejection closes the connection unacknowledged,
   * so the device sends it again. Not given: messages go to subscribers only (tests of the broker).
   */
  uplink?: (topic: ParsedTopic, payload: Buffer, qos: 0 | 1 | 2) => Promise<void>;
}): Promise<EmbeddedBroker> {
  const { Aedes } = await import('aedes');
  const states = new WeakMap<object, ClientState>();
  const online = new Set<string>();
  const refused = { connect: 0, publish: 0, subscribe: 0 };
  const deny = (code: number) => Object.assign(new Error('not authorized'), { returnCode: code });

  const broker = await Aedes.createBroker({
    // Deliveries in flight at once (default 100): bursts of telemetry otherwise queue deep enough to
    // recurse through mqemitter's synchronous release path.
    concurrency: 1000,
    authenticate: (client, username, password, done) => {
      const secret = password ? password.toString('utf8') : '';
      if (username === SERVER_CLIENT_USER) {
        const ok = safeEqual(secret, options.serverPassword);
        if (ok) states.set(client, { server: true, acked: Promise.resolve(), entry: null, children: new Set() });
        else refused.connect++;
        return ok ? done(null, true) : done(deny(4) as never, false);
      }
      const equipmentId = username ?? '';
      if (!equipmentId || client.id !== equipmentId) {
        refused.connect++;
        return done(deny(2) as never, false);
      }
      options.directory
        .get(equipmentId)
        .then(async (entry) => {
          if (!entry?.key1 || !safeEqual(secret, entry.key1)) {
            refused.connect++;
            return done(deny(4) as never, false);
          }
          const children = relaysChildren(entry.type)
            ? new Set(await options.directory.childrenOf(entry.id))
            : new Set<string>();
          states.set(client, { server: false, acked: Promise.resolve(), entry, children });
          done(null, true);
        })
        .catch((error: Error) => done(Object.assign(error, { returnCode: 3 }) as never, false));
    },
    authorizePublish: (client, packet, done) => {
      const state = client ? states.get(client) : undefined;
      if (!client || state?.server) return done(null);
      const topic = parseTopic(packet.topic);
      const own =
        state?.entry &&
        topic?.direction === 'up' &&
        (topic.equipmentId === state.entry.equipmentId || state.children.has(topic.equipmentId));
      if (own && topic && options.uplink) {
        // Handled here; the server's own client does not subscribe to uplinks (runtime.ts).
        const stored = options.uplink(topic, packet.payload as Buffer, packet.qos);
        if (packet.qos === 0) {
          stored.catch(() => {});
          return done(null);
        }
        // Aedes acknowledges (PUBACK) as soon as this calls back: only once stored, in order. The
        // connection's next packets are read meanwhile (those of one read at once), so a device's
        // window of unacknowledged messages is what it may lose with a killed process: nothing, it
        // sends them again.
        const previous = state.acked;
        state.acked = previous.then(() =>
          stored.then(
            () => done(null),
            (error: Error) => done(error),
          ),
        );
        return;
      }
      if (own) return done(null);
      refused.publish++;
      done(new Error('publish not allowed'));
    },
    authorizeSubscribe: (client, sub, done) => {
      const state = client ? states.get(client) : undefined;
      if (state?.server) return done(null, sub);
      const topic = parseTopic(sub.topic);
      const own =
        state?.entry &&
        topic?.direction === 'down' &&
        (topic.equipmentId === state.entry.equipmentId || state.children.has(topic.equipmentId));
      if (own) return done(null, sub);
      refused.subscribe++;
      // A null subscription is a refusal (granted QoS 128) that keeps the client connected.
      done(null, null);
    },
  });
  broker.on('client', (client) => {
    const entry = states.get(client)?.entry;
    if (entry) online.add(entry.equipmentId);
  });
  broker.on('clientDisconnect', (client) => {
    const entry = states.get(client)?.entry;
    if (entry) online.delete(entry.equipmentId);
  });

  // Each connection's packets of one event-loop turn are written together (coalesce-writes.ts).
  const server = net.createServer((socket) => broker.handle(coalesceWrites(socket)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  options.log.info({ port }, 'embedded MQTT broker listening');
  return {
    port,
    connected: () => online,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        // aedes.close disconnects the clients, which lets the TCP server close.
        broker.close(() => server.close(() => resolve()));
      }),
  };
}
