import type { Duplex } from 'node:stream';
import {
  type ParsedTopic,
  parseTopic,
  REALTIME_TOPIC,
  SERVER_UPLINK_FILTER,
  SERVER_UPLINK_FILTER_V1,
} from '@sc/contract';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type ISubscriptionMap, type MqttClient } from 'mqtt';
import { coalesceWrites } from './coalesce-writes.js';

export interface LinkOptions {
  url: string;
  username?: string;
  password?: string;
  /** With several server instances on an external broker, uplinks go to one instance each ($share). */
  shared: boolean;
  /**
   * A client id that stays the same across restarts of this instance: the broker then keeps its session
   * (subscriptions and unacknowledged messages) while it is down and hands them over when it is back.
   * Without one the link is a clean session with a random id.
   */
  clientId?: string;
  /** How long the broker keeps that session while the instance is away (MQTT 5 session expiry). */
  sessionExpirySeconds?: number;
  /**
   * Subscribe to the devices' uplinks (an external broker). The embedded broker hands them to the
   * server in-process instead (broker.ts), and the link only carries commands and realtime fan-out.
   */
  uplinks?: boolean;
  log: FastifyBaseLogger;
}

export interface LinkHandlers {
  /**
   * Resolves once the message is stored: only then is it acknowledged to the broker (QoS 1). A
   * rejection leaves it unacknowledged: the broker delivers it again on the session's next connection.
   */
  uplink(topic: ParsedTopic, payload: Buffer, qos: 0 | 1 | 2): Promise<void>;
  realtime(payload: Buffer): void;
}

/** What mqtt.js offers to send a packet; private in its types, stable across its versions 4 and 5. */
type SendPacket = (
  packet: { cmd: string; messageId?: number },
  cb?: (...args: unknown[]) => void,
  ...rest: unknown[]
) => void;

/**
 * The server's own MQTT connection: it receives the devices' uplinks (shared between instances when
 * asked, so each message is handled once), every instance receives command replies and realtime
 * fan-out, and it publishes command requests.
 */
export async function connectLink(options: LinkOptions, handlers: LinkHandlers) {
  const persistent = Boolean(options.clientId);
  const client: MqttClient = mqtt.connect(options.url, {
    username: options.username,
    password: options.password,
    clientId: options.clientId ?? `sc-server-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    clean: !persistent,
    ...(persistent
      ? { protocolVersion: 5, properties: { sessionExpiryInterval: options.sessionExpirySeconds ?? 600 } }
      : {}),
    reconnectPeriod: 500,
    connectTimeout: 10_000,
    manualConnect: true,
  });
  // The packets of one event-loop turn go out in one write (coalesce-writes.ts), on every (re)connection.
  const target = client as unknown as { streamBuilder: (c: MqttClient) => Duplex };
  const build = target.streamBuilder;
  target.streamBuilder = (c) => coalesceWrites(build(c));
  const { storedBefore, drained } = deferAcknowledgements(client);
  /** When the last device message arrived (health: an uplink silent while devices are connected). */
  let lastUplinkAt = 0;
  // A device's message is acknowledged to the broker once stored (`uplink` resolved), so that an
  // instance killed with messages in its buffers gets them again from its session when it is back
  // (or, on brokers that do so, another instance of the share does). The next message is read at once.
  client.handleMessage = (packet, callback) => {
    const topic = packet.topic;
    if (topic === REALTIME_TOPIC) {
      handlers.realtime(packet.payload as Buffer);
      return callback();
    }
    const parsed = parseTopic(topic);
    if (parsed?.direction === 'up') {
      lastUplinkAt = Date.now();
      const stored = handlers.uplink(parsed, packet.payload as Buffer, packet.qos);
      if (packet.qos === 1 && packet.messageId !== undefined) storedBefore.set(packet.messageId, stored);
      else stored.catch(() => {});
    }
    callback();
  };
  // Handlers are in place before the first packet: a resumed session delivers right after CONNACK.
  const connected = new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      client.off('connect', ok);
      client.end(true);
      reject(error);
    };
    const ok = () => {
      client.off('error', fail);
      resolve();
    };
    client.once('connect', ok);
    client.once('error', fail);
  });
  const share = (filter: string) => (options.shared ? `$share/sc-server/${filter}` : filter);
  const subscriptions: Record<string, { qos: 0 | 1 }> = { [REALTIME_TOPIC]: { qos: 0 } };
  if (options.uplinks !== false) {
    subscriptions[share(SERVER_UPLINK_FILTER)] = { qos: 1 };
    subscriptions[share(SERVER_UPLINK_FILTER_V1)] = { qos: 1 };
    // Replies reach every instance: the one waiting for them is not necessarily the shared receiver.
    if (options.shared) subscriptions['sc/+/up/reply'] = { qos: 1 };
  }
  /** Subscriptions the broker refused on the last connection (health reports them). */
  let refused: string[] = [];
  let firstDone = false;
  const subscribe = async () => {
    // `resubscribe`: mqtt.js otherwise leaves out topics it believes subscribed already (no packet sent).
    const granted = await client.subscribeAsync({ ...subscriptions, resubscribe: true } as ISubscriptionMap);
    refused = granted.filter((g) => g.qos >= 128).map((g) => g.topic);
    if (refused.length) options.log.error({ refused }, 'MQTT link: the broker refused subscriptions');
  };
  // Subscribe again on every connection: a broker that restarts restores a persistent session but not
  // always its subscriptions (Mosquitto 2 forgets the shared ones), and mqtt.js subscribes again only
  // when the broker says it kept no session. Subscribing to what a session has already is harmless.
  client.on('connect', (connack) => {
    if (!firstDone) return;
    subscribe().catch((error: Error) =>
      options.log.error({ err: error, sessionPresent: connack.sessionPresent }, 'MQTT link: subscribing again failed'),
    );
  });
  client.connect();
  await connected;
  await subscribe();
  firstDone = true;

  client.on('error', (error) => options.log.warn({ err: error }, 'MQTT link error'));
  client.on('reconnect', () => options.log.warn('MQTT link reconnecting'));

  return {
    publish: (topic: string, payload: string, qos: 0 | 1 = 1) =>
      client.publishAsync(topic, payload, { qos }).then(() => undefined),
    connected: () => client.connected,
    /** For health: whether the link is up, its refused subscriptions and when the last uplink came. */
    status: () => ({ connected: client.connected, refused, lastUplinkAt }),
    // Acknowledgements still waiting go out first (the writer has flushed by then).
    // A stopping instance (deploy, scale-down) ends its session too: left behind, Mosquitto would go on
    // handing it a share of the uplinks until it expires. Only a killed instance leaves its session.
    close: async () => {
      await drained();
      await client.endAsync(false, persistent ? { properties: { sessionExpiryInterval: 0 } } : {});
    },
  };
}

export type MqttLink = Awaited<ReturnType<typeof connectLink>>;

/**
 * Holds each PUBACK until its message is stored, without holding the messages after it: mqtt.js
 * handles received messages one at a time and acknowledges each when `handleMessage` calls back, so the
 * ack itself is deferred, in order (MQTT requires acknowledgements in the order of the messages).
 */
function deferAcknowledgements(client: MqttClient) {
  /** Message id → the promise its acknowledgement waits for; filled by `handleMessage` just before the ack. */
  const storedBefore = new Map<number, Promise<void>>();
  const target = client as unknown as { _sendPacket: SendPacket };
  const send = target._sendPacket.bind(client);
  let last: Promise<unknown> = Promise.resolve();
  let generation = 0;
  client.on('connect', () => {
    generation++;
  });
  target._sendPacket = (packet, cb, ...rest) => {
    const stored =
      packet.cmd === 'puback' && packet.messageId !== undefined ? storedBefore.get(packet.messageId) : undefined;
    if (!stored) return send(packet, cb, ...rest);
    storedBefore.delete(packet.messageId!);
    const sentOn = generation;
    cb?.();
    const ok = stored.then(
      () => true,
      () => false,
    );
    last = Promise.all([last, ok]).then(([, isStored]) => {
      // Not stored (the instance is stopping with the database away): never acknowledged, so the broker
      // delivers it again. After a reconnection the broker sends unacknowledged messages again: acks of
      // the lost connection go nowhere.
      if (isStored && sentOn === generation && client.connected) send(packet, undefined, ...rest);
    });
  };
  return { storedBefore, drained: () => last };
}
