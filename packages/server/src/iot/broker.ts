import fs from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { type ParsedTopic, parseTopic } from '@sc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { safeEqual } from '../platform/tokens.js';
import { coalesceWrites } from './coalesce-writes.js';
import type { DeviceDirectory, DirectoryEntry } from './device-directory.js';
import { relaysChildren } from './families/kit/policies.js';
import { DEFAULT_MAX_PACKET_BYTES, limitPacketSize } from './packet-size.js';

/**
 * QoS 0 messages let through per turn of the event loop (more wait for the next turn): a few ms of
 * parsing and routing, so that an HTTP request waits behind at most that much device traffic.
 */
const MESSAGES_PER_TURN = 200;
/** Device messages waiting for ingest (the uplink queue) from which QoS 0 connections stop being read. */
const BACKLOG_HIGH = 2000;
/** How soon a held connection is looked at again while ingest is behind (ms). */
const CONGESTED_RETRY_MS = 5;

/** The account the server's own MQTT client uses on the embedded broker. */
export const SERVER_CLIENT_USER = '$server';

/** MQTT over TLS beside the plain port (MQTT_TLS_*): certificate and key files, optional client CA. */
export interface BrokerTls {
  port: number;
  cert: string;
  key: string;
  /**
   * With a CA, devices must present a client certificate it signed whose common name is their
   * equipment id (besides their key); without, any TLS client may try its key.
   */
  ca?: string;
}

export interface EmbeddedBroker {
  port: number;
  /** The TLS port, when configured. */
  tlsPort: number | null;
  /** Equipment ids with an open connection now. */
  connected(): ReadonlySet<string>;
  /** Refused connections, publishes and subscriptions since start, for the health figures. */
  refused: { connect: number; publish: number; subscribe: number; packet: number };
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
  /** Device messages waiting for ingest now: QoS 0 connections are read no further while it is high. */
  backlog?: () => number;
  /** The backlog from which QoS 0 connections are read no further (BACKLOG_HIGH; tests lower it). */
  backlogHigh?: number;
  /** Largest packet accepted (bytes, MQTT_MAX_PACKET); a larger one closes the connection, logged. */
  maxPacketBytes?: number;
  tls?: BrokerTls | null;
}): Promise<EmbeddedBroker> {
  const { Aedes } = await import('aedes');
  const states = new WeakMap<object, ClientState>();
  const online = new Set<string>();
  const refused = { connect: 0, publish: 0, subscribe: 0, packet: 0 };
  const deny = (code: number) => Object.assign(new Error('not authorized'), { returnCode: code });

  // Aedes reads a connection's next data as soon as every packet of the last read is done, in the
  // same turn of the event loop: devices flooding QoS 0 kept the loop reading for seconds while HTTP
  // requests and the database's answers waited. Past MESSAGES_PER_TURN messages in one turn, or while
  // ingest has BACKLOG_HIGH messages waiting, a QoS 0 message is let through only later: its
  // connection reads nothing more meanwhile, so TCP slows the device instead of the server reading
  // what it would shed (parsing a flood only to drop it took the core the database writes needed).
  let admitted = 0;
  const held: (() => void)[] = [];
  let turnScheduled = false;
  const backlogHigh = options.backlogHigh ?? BACKLOG_HIGH;
  const congested = () => (options.backlog?.() ?? 0) >= backlogHigh;
  const release = () => {
    turnScheduled = false;
    admitted = 0;
    while (held.length > 0 && admitted < MESSAGES_PER_TURN && !congested()) {
      admitted++;
      held.shift()!();
    }
    if (held.length > 0) nextTurn();
  };
  const nextTurn = () => {
    turnScheduled = true;
    if (congested()) setTimeout(release, CONGESTED_RETRY_MS);
    else setImmediate(release);
  };
  const pace = (go: () => void) => {
    if (!turnScheduled) nextTurn(); // a new turn starts the count again
    if (admitted < MESSAGES_PER_TURN && held.length === 0 && !congested()) {
      admitted++;
      return go();
    }
    held.push(go);
  };

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
      // On the TLS port with a client CA: the certificate (verified by TLS) must be this device's.
      const peer = client.conn instanceof tls.TLSSocket && options.tls?.ca ? client.conn.getPeerCertificate() : null;
      if (peer && peer.subject?.CN !== equipmentId) {
        refused.connect++;
        return done(deny(4) as never, false);
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
          return pace(() => done(null));
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

  const maxPacket = options.maxPacketBytes ?? DEFAULT_MAX_PACKET_BYTES;
  // Each connection's packets of one event-loop turn are written together (coalesce-writes.ts); a
  // packet over the limit closes the connection as its header arrives (packet-size.ts).
  const accept = (socket: net.Socket) => {
    broker.handle(coalesceWrites(socket));
    limitPacketSize(socket, maxPacket, (bytes) => {
      refused.packet++;
      options.log.warn(
        { remoteAddress: socket.remoteAddress, bytes, max: maxPacket },
        'MQTT packet over MQTT_MAX_PACKET refused: connection closed',
      );
    });
  };
  const listen = (server: net.Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host, () => resolve((server.address() as net.AddressInfo).port));
    });
  const server = net.createServer(accept);
  const port = await listen(server, options.port);
  options.log.info({ port }, 'embedded MQTT broker listening');
  let tlsServer: tls.Server | null = null;
  let tlsPort: number | null = null;
  if (options.tls) {
    const ca = options.tls.ca ? fs.readFileSync(options.tls.ca) : undefined;
    tlsServer = tls.createServer(
      {
        cert: fs.readFileSync(options.tls.cert),
        key: fs.readFileSync(options.tls.key),
        ...(ca ? { ca, requestCert: true, rejectUnauthorized: true } : {}),
      },
      accept,
    );
    // A failed handshake (wrong or missing client certificate) is the client's problem, not an error.
    tlsServer.on('tlsClientError', () => {
      refused.connect++;
    });
    tlsPort = await listen(tlsServer, options.tls.port);
    options.log.info({ port: tlsPort, clientCertificates: Boolean(ca) }, 'embedded MQTT broker listening (TLS)');
  }
  return {
    port,
    tlsPort,
    connected: () => online,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        // aedes.close disconnects the clients, which lets the servers close.
        broker.close(() => {
          tlsServer?.close();
          server.close(() => resolve());
        });
      }),
  };
}
