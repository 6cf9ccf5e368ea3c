import type { MqttClient } from 'mqtt';
import type { Harness } from './harness';
import { simulatedClient } from './simulated-devices';

/**
 * A camera over MQTT answering as the simulator's cameras do (its video served by the simulator's
 * streams: ffmpeg's picture as H.264 over HTTP). The caller ends `client` when the journey is over.
 */
export async function simulatedCamera(
  h: Harness,
  camera: { equipmentId: string; key1: string; name: string },
  props: Record<string, unknown>,
): Promise<{ device: Awaited<ReturnType<typeof simulatedClient>>['device']; client: MqttClient }> {
  const { equipmentId, key1, name } = camera;
  const { device, client } = await simulatedClient(
    h,
    'camera',
    { equipmentId, key1 },
    { props, name, place: { lng: 116.4, lat: 39.9, offset: 0.5 }, unhandled: { ok: true, result: {} } },
  );
  return { device, client };
}
