import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { rawWords } from '../../test/raw-words';
import { renderWithApp } from '../../test/render';
import type { DeviceEvent } from './answers';
import { EventsTable } from './events-table';

const EVENTS: DeviceEvent[] = [
  {
    id: 1,
    at: '2026-11-22T11:00:00.000Z',
    deviceId: 7,
    deviceName: '网关一',
    code: 'OFFLINE',
    eventType: 'occur',
    level: 'alarm',
    // A device's own text is shown as the device sent it (here in the operator's language); an English
    // text such as "lamp fault" would be two enumeration words (a power scope and a lamp state) to the guard.
    detail: { label: '回路电流异常', channel: 1 },
  } as DeviceEvent,
];

beforeEach(async () => {
  await changeLang('zh_CN');
});

describe('nothing raw on a zh-CN screen (issue 13)', () => {
  it('finds i18n keys and enumeration identifiers standing alone, not typed names', () => {
    expect(rawWords('状态 active 设备 gateways.events.code')).toEqual(['gateways.events.code', 'active']);
    expect(rawWords('网关 GW-01 在线 192.168.1.10')).toEqual([]);
  });

  it('shows event codes, levels, types and details by their labels', async () => {
    renderWithApp(
      <EventsTable
        page={{ list: EVENTS, total: 1, page: 1, pageSize: 25 }}
        loading={false}
        current={1}
        pageSize={25}
        onPage={() => undefined}
      />,
    );
    await screen.findByText('设备离线');
    expect(screen.getByText('告警')).toBeTruthy();
    expect(screen.getByTestId('key-values').textContent).toBe('说明: 回路电流异常；通道: 1');
    expect(rawWords(document.body.textContent ?? '')).toEqual([]);
  });
});
