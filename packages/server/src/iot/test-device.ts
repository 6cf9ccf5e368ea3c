import { type CommandRequest, commandTopic, upTopic } from '@sc/contract';
import mqtt, { type MqttClient } from 'mqtt';

/** A device for protocol tests: connects with its credentials and answers commands as told. */
export async function connectTestDevice(
  port: number,
  equipmentId: string,
  key1: string,
  answer?: (request: CommandRequest) => { ok: boolean; result?: unknown; error?: string } | null,
) {
  const client: MqttClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: equipmentId,
    username: equipmentId,
    password: key1,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  const received: CommandRequest[] = [];
  if (answer) {
    await client.subscribeAsync(commandTopic(equipmentId), { qos: 1 });
    client.on('message', (_topic, payload) => {
      const request = JSON.parse(payload.toString()) as CommandRequest;
      received.push(request);
      const reply = answer(request);
      if (reply)
        void client.publishAsync(upTopic(equipmentId, 'reply'), JSON.stringify({ id: request.id, ...reply }), {
          qos: 1,
        });
    });
  }
  return {
    client,
    received,
    publish: (kind: 'telemetry' | 'event' | 'heartbeat' | 'reply', payload: unknown, qos: 0 | 1 = 1) =>
      client.publishAsync(upTopic(equipmentId, kind), typeof payload === 'string' ? payload : JSON.stringify(payload), {
        qos,
      }),
    // Graceful: in-flight replies are delivered (a forced end rejects them).
    close: () => client.endAsync(false),
  };
}

/** Polls until `check` holds (telemetry is written in batches, state in a one-second flush). */
export async function eventually<T>(check: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await check();
  while (!ok(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    value = await check();
  }
  return value;
}
