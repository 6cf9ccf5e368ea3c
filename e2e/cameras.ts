import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
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

/**
 * The `index`th video of a test id (live or replay): its time, duration and whether it is paused, and a
 * coarse grey picture of it (64×36, read from a canvas) with its contrast (0: blank).
 */
export const videoState = (page: Page, index = 0, testId = 'live-video') =>
  page
    .getByTestId(testId)
    .nth(index)
    .evaluate((v: HTMLVideoElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 36;
      const g = canvas.getContext('2d')!;
      g.drawImage(v, 0, 0, 64, 36);
      const data = g.getImageData(0, 0, 64, 36).data;
      const grey: number[] = [];
      for (let i = 0; i < data.length; i += 4) grey.push(Math.round((data[i]! + data[i + 1]! + data[i + 2]!) / 3));
      return {
        time: v.currentTime,
        duration: v.duration,
        paused: v.paused,
        contrast: Math.max(...grey) - Math.min(...grey),
        grey,
      };
    });
