import type { DeviceView } from '@sc/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../api/client';
import { i18n } from '../../i18n/i18n';
import { familyServer, familyTestSetup, pushLive } from '../../test/family-page';
import { TYPE_A, TYPE_B } from '../../test/family-samples';
import { renderWithApp } from '../../test/render';
import {
  type CommandAnswer,
  type DeviceBack,
  DevicePage,
  EventsCard,
  FamilyDeviceShell,
  type ReadingPoint,
  useCodeWords,
  useFamilyDevice,
} from '.';

const PATH = '/pjt/pjtdevicekit';
const BASE = '/api/pjts/2/iot/kit';
const BACK: DeviceBack = { to: '/pjt/pjtdevicekitlist', label: 'kitTest.back', missing: 'kitTest.missing' };
const DEVICE = {
  id: 3,
  name: '一号设备',
  no: 'D-01',
  type: TYPE_A,
  equipmentId: 'EQ-1',
  activeState: 1,
  lastActiveAt: null,
  registered: true,
  parentId: null,
  parentName: null,
  modelName: null,
  areaName: null,
  groupName: null,
  lng: 113.5,
  lat: 22.25,
  description: '',
  props: {},
};
const EVENT = {
  id: 1,
  deviceId: 3,
  deviceName: '一号设备',
  at: '2026-05-01T07:30:00Z',
  code: 'RISE',
  eventType: 'occur',
  level: 'info',
  detail: null,
};
const serve = familyServer({
  screen: PATH,
  base: BASE,
  list: [],
  device: DEVICE,
  latest: { at: '2026-05-01T08:00:00Z', level: 40 },
  events: { path: 'events', list: [EVENT] },
  more: (call, pathname) =>
    pathname === `${BASE}/3/ping` && call.method === 'POST'
      ? { json: { command: 'ping', ok: true, result: null, durationMs: 20, attempts: 1 } }
      : undefined,
});

/** The family's texts, as a family's catalogue gives them. */
const TEXTS = {
  zh_CN: {
    back: '返回列表',
    missing: '设备不存在',
    properties: '设备属性',
    realtime: '最新数据',
    commandsTitle: '命令',
    commands: { ping: '测试连接' },
    eventCodes: { RISE: '水位上升' },
    level: '水位',
    own: '自有属性',
    events: '事件',
  },
};

/** A family page on the kit: its latest values patched from pushes or asked again, its commands, side card, events. */
function KitPage({ patch = false }: { patch?: boolean }) {
  return (
    <DevicePage back={BACK}>{(projectId, id) => <KitDetail projectId={projectId} id={id} patch={patch} />}</DevicePage>
  );
}

function KitDetail({ projectId, id, patch }: { projectId: number; id: number; patch: boolean }) {
  const word = useCodeWords();
  const { device, fallback, latest, editable } = useFamilyDevice({
    id,
    type: TYPE_A,
    queryKey: ['kit', projectId, 'one', id],
    queryFn: () => api.get<DeviceView>(`/api/pjts/${projectId}/devices.do/one/${id}`, undefined, { silent: true }),
    back: BACK,
    latest: {
      queryKey: ['kit', projectId, 'latest', id],
      queryFn: () => api.get<ReadingPoint>(`${BASE}/${id}/realdata`),
      fromPush: patch ? (values, at) => ({ ...values, at }) : undefined,
    },
    events: [['kit', projectId, 'events', id]],
  });
  if (!device) return fallback;
  return (
    <FamilyDeviceShell
      device={device}
      back={BACK}
      ns="kitTest"
      editable={editable}
      properties={['no', 'location', { label: i18n.t('kitTest.own'), value: '甲' }]}
      latest={{
        reading: latest.data,
        readings: [{ key: 'level', unit: '%', label: i18n.t('kitTest.level') }],
        atLabel: '时间',
      }}
      commands={{ names: ['ping'], send: (c) => api.post<CommandAnswer>(`${BASE}/${id}/${c}`) }}
      side={<div data-testid="kit-side" />}
    >
      <EventsCard
        title={i18n.t('kitTest.events')}
        testId="kit-events"
        columns={[{ title: '代码', dataIndex: 'code', render: (v: string) => word('kitTest.eventCodes', v) }]}
        load={{
          key: (query) => ['kit', projectId, 'events', id, query],
          fn: (query) => api.get(`${BASE}/${id}/events`, { page: query.page, pageSize: query.pageSize }),
        }}
      />
    </FamilyDeviceShell>
  );
}

beforeAll(() => {
  i18n.addResourceBundle('zh_CN', 'translation', { kitTest: TEXTS.zh_CN }, true, true);
});
familyTestSetup();

const count = (calls: { method: string; url: URL }[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === `${BASE}/3/${path}`).length;
const levelShown = () => document.querySelector('[data-reading="level"]')?.textContent;

describe('family device page kit', () => {
  it('shows the row fields and the family’s properties, the latest values, commands, side card and events', async () => {
    const { calls } = serve();
    renderWithApp(<KitPage />, { path: `${PATH}?id=3` });
    expect((await screen.findByTestId('kitTest-name')).textContent).toBe('一号设备');
    expect(screen.getByText('设备属性')).toBeTruthy();
    expect(screen.getByText('设备编号').closest('tr')?.textContent).toContain('D-01');
    expect(screen.getByText('113.5, 22.25')).toBeTruthy();
    expect(screen.getByText('自有属性')).toBeTruthy();
    await waitFor(() => expect(levelShown()).toBe('水位40\u00a0%'));
    expect(screen.getByTestId('kitTest-realtime').textContent).toContain('最新数据');
    expect(screen.getByTestId('kit-side')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('kit-events').textContent).toContain('水位上升'));
    await userEvent.click(screen.getByTestId('command-ping'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `${BASE}/3/ping`)).toBe(true),
    );
  }, 60_000);

  it('asks the latest values again on its own telemetry, the events on its events, nothing on another type’s', async () => {
    const { calls } = serve();
    renderWithApp(<KitPage />, { path: `${PATH}?id=3` });
    await waitFor(() => expect(levelShown()).toBe('水位40\u00a0%'), { timeout: 20_000 });
    await waitFor(() => expect(count(calls, 'events')).toBe(1));
    const telemetry = {
      kind: 'telemetry' as const,
      deviceId: 3,
      projectId: 2,
      values: { level: 50 },
      at: '2026-05-01T08:05:00Z',
    };
    pushLive({ ...telemetry, type: TYPE_B });
    pushLive({ ...telemetry, deviceId: 4, type: TYPE_A });
    pushLive({ ...telemetry, type: TYPE_A });
    await waitFor(() => expect(count(calls, 'realdata')).toBeGreaterThan(1));
    // Once: the other type's and the other device's pushes asked nothing.
    expect(count(calls, 'realdata')).toBe(2);
    pushLive({
      kind: 'event',
      deviceId: 3,
      projectId: 2,
      type: TYPE_A,
      code: 'RISE',
      eventType: 'occur',
      level: 'info',
      at: '2026-05-01T08:06:00Z',
    });
    await waitFor(() => expect(count(calls, 'events')).toBe(2));
  }, 60_000);

  it('patches the latest values from the push itself when the family says how', async () => {
    const { calls } = serve();
    renderWithApp(<KitPage patch />, { path: `${PATH}?id=3` });
    await waitFor(() => expect(levelShown()).toBe('水位40\u00a0%'), { timeout: 20_000 });
    pushLive({
      kind: 'telemetry',
      deviceId: 3,
      projectId: 2,
      type: TYPE_A,
      values: { level: 55 },
      at: '2026-05-01T08:05:00Z',
    });
    await waitFor(() => expect(levelShown()).toBe('水位55\u00a0%'));
    expect(count(calls, 'realdata')).toBe(1);
  }, 60_000);

  it('shows neither the commands nor the side card below the edit level', async () => {
    serve(1);
    renderWithApp(<KitPage />, { path: `${PATH}?id=3` });
    await waitFor(() => expect(levelShown()).toBe('水位40\u00a0%'), { timeout: 20_000 });
    expect(screen.queryByTestId('command-ping')).toBeNull();
    expect(screen.queryByTestId('kit-side')).toBeNull();
  }, 60_000);
});
