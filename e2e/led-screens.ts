import { type CommandRequest, commandTopic } from '@sc/contract';
import { familySim } from '@sc/simulator';
import type { MqttClient } from 'mqtt';
import { connectDevice, publishUp } from './devices';
import type { Harness } from './harness';

const sim = familySim('led');

/** A 48×24 checked PNG. */
export const CHECKED_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAYCAIAAAAzn+mLAAAAPElEQVR42mO4o6GBhn6dkEND9FTDMOqgUQcNOwcNrPWYakYdNOqg4eeg0XJo1EGjDhqty0YdNOqgIe4gANDa21t+iRPqAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * An LED screen over MQTT answering as the simulator's screens do (control, realdata, program), its
 * reports sent after each command; `report` sends one now, `commands` are those it was sent.
 */
export async function simulatedScreen(
  h: Harness,
  screen: { equipmentId: string; key1: string },
  props: Record<string, unknown>,
  offset: number,
) {
  const device = {
    equipmentId: screen.equipmentId,
    type: 'led',
    plan: { props },
    place: { lng: 116.4, lat: 39.9, offset },
    state: {} as Record<string, unknown>,
  } as unknown as Parameters<NonNullable<typeof sim.init>>[0];
  sim.init!(device);
  const client: MqttClient = await connectDevice(h, screen);
  const publish = (kind: 'telemetry' | 'heartbeat' | 'reply', body: unknown) =>
    publishUp(client, screen.equipmentId, kind, body);
  const report = () => publish('telemetry', { ts: Date.now(), values: sim.telemetry!(device, new Date()) });
  const commands: CommandRequest[] = [];
  await client.subscribeAsync(commandTopic(screen.equipmentId), { qos: 1 });
  client.on('message', (_topic, payload) => {
    const request = JSON.parse(payload.toString()) as CommandRequest;
    commands.push(request);
    void (async () => {
      const now = new Date();
      let values: unknown = null;
      const outcome = await sim.commands![request.command]!(device, request.args, {
        now,
        report: () => {
          values = sim.telemetry!(device, now);
          return values as never;
        },
        reboot: () => {},
        children: [],
      });
      if (values) await publish('telemetry', { ts: Date.now(), values });
      await publish('reply', { id: request.id, ...outcome });
    })();
  });
  await publish('heartbeat', {});
  await report();
  return { client, device, commands, report };
}
