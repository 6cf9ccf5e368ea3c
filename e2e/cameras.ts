import { type CommandRequest, commandTopic } from '@sc/contract';
import { familySim } from '@sc/simulator';
import type { MqttClient } from 'mqtt';
import { connectDevice, publishUp } from './devices';
import type { Harness } from './harness';

const sim = familySim('camera');

/**
 * A camera over MQTT answering as the simulator's cameras do (its video served by the simulator's
 * streams: ffmpeg's picture as H.264 over HTTP). The caller ends `client` when the journey is over.
 */
export async function simulatedCamera(
  h: Harness,
  camera: { equipmentId: string; key1: string; name: string },
  props: Record<string, unknown>,
): Promise<{ device: Parameters<NonNullable<typeof sim.init>>[0]; client: MqttClient }> {
  const { equipmentId, key1, name } = camera;
  const device = {
    equipmentId,
    type: 'camera',
    plan: { props, name },
    place: { lng: 116.4, lat: 39.9, offset: 0.5 },
    state: {} as Record<string, unknown>,
  } as unknown as Parameters<NonNullable<typeof sim.init>>[0];
  sim.init!(device);
  const client = await connectDevice(h, { equipmentId, key1 });
  await client.subscribeAsync(commandTopic(equipmentId), { qos: 1 });
  client.on('message', (_topic, payload) => {
    const request = JSON.parse(payload.toString()) as CommandRequest;
    void (async () => {
      const handler = sim.commands?.[request.command];
      const outcome = handler
        ? await handler(device, request.args, { now: new Date(), report: () => null, reboot: () => {}, children: [] })
        : { ok: true, result: {} };
      await publishUp(client, equipmentId, 'reply', { id: request.id, ...outcome });
    })();
  });
  await publishUp(client, equipmentId, 'heartbeat', {});
  return { device, client };
}
