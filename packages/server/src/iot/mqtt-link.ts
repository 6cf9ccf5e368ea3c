import {
  type ParsedTopic,
  parseTopic,
  REALTIME_TOPIC,
  SERVER_UPLINK_FILTER,
  SERVER_UPLINK_FILTER_V1,
} from '@sc/contract';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';

export interface LinkOptions {
  url: string;
  username?: string;
  password?: string;
  /** With several server instances on an external broker, uplinks go to one instance each ($share). */
  shared: boolean;
  log: FastifyBaseLogger;
}

export interface LinkHandlers {
  uplink(topic: ParsedTopic, payload: Buffer): void;
  realtime(payload: Buffer): void;
}

/**
 * The server's own MQTT connection: it receives the devices' uplinks (shared between instances when
 * asked, so each message is handled once), every instance receives command replies and realtime
 * fan-out, and it publishes command requests.
 */
export async function connectLink(options: LinkOptions, handlers: LinkHandlers) {
  const client: MqttClient = await mqtt.connectAsync(options.url, {
    username: options.username,
    password: options.password,
    clientId: `sc-server-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
  });
  const share = (filter: string) => (options.shared ? `$share/sc-server/${filter}` : filter);
  const subscriptions: Record<string, { qos: 0 | 1 }> = {
    [share(SERVER_UPLINK_FILTER)]: { qos: 1 },
    [share(SERVER_UPLINK_FILTER_V1)]: { qos: 1 },
    [REALTIME_TOPIC]: { qos: 0 },
  };
  // Replies reach every instance: the one waiting for them is not necessarily the shared receiver.
  if (options.shared) subscriptions['sc/+/up/reply'] = { qos: 1 };
  await client.subscribeAsync(subscriptions);

  client.on('message', (topic, payload) => {
    if (topic === REALTIME_TOPIC) return handlers.realtime(payload);
    const parsed = parseTopic(topic);
    if (parsed?.direction === 'up') handlers.uplink(parsed, payload);
  });
  client.on('error', (error) => options.log.warn({ err: error }, 'MQTT link error'));
  client.on('reconnect', () => options.log.warn('MQTT link reconnecting'));

  return {
    publish: (topic: string, payload: string, qos: 0 | 1 = 1) =>
      client.publishAsync(topic, payload, { qos }).then(() => undefined),
    connected: () => client.connected,
    close: () => client.endAsync(),
  };
}

export type MqttLink = Awaited<ReturnType<typeof connectLink>>;
