import { type CommandRequest, commandTopic } from '@sc/contract';
import { familySim } from '@sc/simulator';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiOf, connectDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness } from './harness';

type SimDevice = Parameters<NonNullable<ReturnType<typeof familySim>['init']>>[0];
type SimEvent = ReturnType<NonNullable<ReturnType<typeof familySim>['events']>>[number];

/**
 * A journey with devices over MQTT: the harness with its broker started before the tests; after them
 * the devices' timers stopped, their clients ended and the harness stopped, with no page error seen.
 */
export function devicesJourney() {
  let harness: Harness | undefined;
  const clients: MqttClient[] = [];
  const timers: ReturnType<typeof setInterval>[] = [];
  beforeAll(async () => {
    harness = await startHarness({ mqtt: true });
  });
  afterAll(async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    const errors = harness?.pageErrors() ?? [];
    await harness?.stop();
    expect(errors).toEqual([]);
  });
  return {
    get h(): Harness {
      if (!harness) throw new Error('the harness starts before the tests');
      return harness;
    },
    clients,
    timers,
    /** A new page signed in as the administrator: it, the API as it calls it, and the root project's id. */
    async signedIn() {
      const page = await this.h.newPage();
      await page.goto('/index');
      await signIn(page);
      await page.waitForURL('**/man/manmain');
      const api = await apiOf(page);
      return { page, api, projectId: await rootProjectId(api) };
    },
  };
}
export type DevicesJourney = ReturnType<typeof devicesJourney>;

/** How a simulated device answers and reports (`simulatedDevice`). */
export interface SimulatedOptions {
  /** Each command received, kept. */
  commands?: CommandRequest[];
  props?: Record<string, unknown>;
  /** Its planned name (a camera's, which its records carry). */
  name?: string;
  place: { lng: number; lat: number; offset: number };
  eventsOf?: (events: SimEvent[]) => SimEvent[];
  reportOnCommand?: boolean;
  heartbeatMs?: number;
  reportMs?: number;
  /** The reply to a command the model has no handler for (default `{ ok: true }`). */
  unhandled?: Record<string, unknown>;
}

/**
 * A device over MQTT answering as the simulator's model of its type, on the harness `h`: every command
 * with the model's handler (each kept in `commands`), its reports the model's telemetry (none while it
 * has nothing to say) with the events `eventsOf` keeps of those the model raises at that report; a
 * heartbeat at once and every `heartbeatMs`, or its report every `reportMs` instead (`timers`).
 * `reportOnCommand`: it reports after each command, before the reply (a device that says at once what
 * changed), and once when connected. The caller ends `client` and clears `timers`.
 */
export async function simulatedClient(
  h: Harness,
  type: string,
  creds: { equipmentId: string; key1: string },
  options: SimulatedOptions,
) {
  const sim = familySim(type);
  const device = {
    equipmentId: creds.equipmentId,
    type,
    plan:
      options.name === undefined ? { props: options.props ?? {} } : { props: options.props ?? {}, name: options.name },
    place: options.place,
    state: {} as Record<string, unknown>,
  } as unknown as SimDevice;
  sim.init?.(device);
  const client = await connectDevice(h, creds);
  const timers: ReturnType<typeof setInterval>[] = [];
  const publish = (kind: 'telemetry' | 'heartbeat' | 'reply' | 'event', body: unknown) =>
    publishUp(client, creds.equipmentId, kind, body);
  const report = async () => {
    const values = sim.telemetry!(device, new Date());
    if (values) await publish('telemetry', { ts: Date.now(), values });
    if (options.eventsOf)
      for (const event of options.eventsOf(sim.events!(device, values, new Date())))
        await publish('event', { ts: Date.now(), ...event });
  };
  await client.subscribeAsync(commandTopic(creds.equipmentId), { qos: 1 });
  client.on('message', async (_topic, payload) => {
    const request = JSON.parse(payload.toString()) as CommandRequest;
    options.commands?.push(request);
    const handler = sim.commands?.[request.command];
    const ctx = { now: new Date(), report: () => void report().catch(() => undefined), reboot: () => {}, children: [] };
    const outcome = handler ? await handler(device, request.args, ctx as never) : (options.unhandled ?? { ok: true });
    if (options.reportOnCommand) await report();
    await publish('reply', { id: request.id, ...outcome });
  });
  await publish('heartbeat', {});
  if (options.reportOnCommand) await report();
  if (options.reportMs) timers.push(setInterval(() => void report().catch(() => undefined), options.reportMs));
  if (options.heartbeatMs)
    timers.push(setInterval(() => void publish('heartbeat', {}).catch(() => undefined), options.heartbeatMs));
  return { device, client, timers, publish, report };
}

/** `simulatedClient` in a journey: its client ended and its timers cleared after the tests. */
export async function simulatedDevice(
  journey: DevicesJourney,
  type: string,
  creds: { equipmentId: string; key1: string },
  options: SimulatedOptions & { commands: CommandRequest[] },
) {
  const { device, client, timers, publish, report } = await simulatedClient(journey.h, type, creds, options);
  journey.clients.push(client);
  journey.timers.push(...timers);
  return { device, publish, report };
}
