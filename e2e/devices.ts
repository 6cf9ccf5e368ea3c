import { type UpKind, upTopic } from '@sc/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Harness } from './harness';

/**
 * Setting up devices for a journey: the signed-in user's calls to the server, devices created through
 * the API (with a production item holding their key), and a device (or gateway) connected over MQTT.
 */

/** The signed-in user's calls (token and language in the query, as the console sends them). */
export class Api {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}
  private url(path: string) {
    return `${path}${path.includes('?') ? '&' : '?'}token=${this.token}&lang=zh_CN`;
  }
  async get<T>(path: string): Promise<T> {
    const response = await this.request.get(this.url(path));
    expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }
  async post<T>(path: string, form: Record<string, string | number> = {}): Promise<T> {
    const response = await this.request.post(this.url(path), { form });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }
  async json<T>(path: string, body: unknown): Promise<T> {
    const response = await this.request.post(this.url(path), {
      data: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }
}

/** The calls of the user signed in on the page. */
export async function apiOf(page: Page): Promise<Api> {
  const token = (await page.evaluate(() => localStorage.getItem('sc.token')))!;
  return new Api(page.request, token);
}

/** The root project's id. */
export async function rootProjectId(api: Api): Promise<number> {
  const [root] = await api.get<{ id: number }[]>('/api/projects.do/trees');
  return root!.id;
}

/** A device to create; with `key1` it gets a production item holding the key under its equipment id. */
export interface NewDevice {
  name: string;
  no: string;
  equipmentId?: string;
  key1?: string;
}

/** A production item holding the key (when the device has one), then a device occupying it. */
export async function createDevice(
  api: Api,
  projectId: number,
  type: string,
  modelNo: string,
  device: NewDevice,
  extra: Record<string, string | number> = {},
): Promise<number> {
  const models = await api.get<{ id: number; no: string }[]>(`/api/pjts/${projectId}/devices.do/types/${type}/models`);
  const model = models.find((m) => m.no === modelNo) ?? models[0]!;
  if (device.key1)
    await api.post('/api/biz/productionlib.do', {
      name: `${device.name}终端`,
      no: device.equipmentId!,
      key1: device.key1,
      modelId: model.id,
      projectId,
    });
  const created = await api.post<{ id: number; productionNo: string }>('/api/biz/devices.do', {
    name: device.name,
    no: device.no,
    type,
    modelId: model.id,
    projectId,
    ...(device.equipmentId ? { equipmentId: device.equipmentId } : {}),
    ...(device.key1 ? { productionNo: device.equipmentId! } : {}),
    ...extra,
  });
  if (device.key1) expect(created.productionNo).toBe(device.equipmentId);
  return created.id;
}

/** The device connected to the harness's broker with its production key (no reconnection). */
export function connectDevice(h: Harness, device: { equipmentId: string; key1: string }): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${h.mqttPort}`, {
    clientId: device.equipmentId,
    username: device.equipmentId,
    password: device.key1,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
}

/** A message the device sends up (telemetry, an event, a heartbeat or a command's reply). */
export const publishUp = (client: MqttClient, equipmentId: string, kind: UpKind, body: unknown) =>
  client.publishAsync(upTopic(equipmentId, kind), JSON.stringify(body), { qos: 1 });

/**
 * Waits for what a device's reports show on a screen; a report still on its way when the screen loaded
 * (stored after its read, pushed before it listened) shows with the next one, as a real device sends
 * one every report interval.
 */
export async function reportUntilShown(shown: Locator, report: () => Promise<unknown>, attempts = 10, everyMs = 2000) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (
      await shown.waitFor({ timeout: everyMs }).then(
        () => true,
        () => false,
      )
    )
      return;
    await report();
  }
  await shown.waitFor();
}
