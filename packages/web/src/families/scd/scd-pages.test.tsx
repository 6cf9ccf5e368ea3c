import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deviceSample, eventSample, expectReading } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import { deviceScreens, listedRows } from '../kit/test-fixtures';
import { scd } from '.';
import type { ScdBin } from './api';
import ScdListPage from './scd-list-page';
import ScdPage from './scd-page';

const SCD = '/api/pjts/2/iot/scd';
const thresholds = { fullThreshold: 70, overfillThreshold: 90, freeDistance: 100 };
const bin = listedRows<ScdBin>('B', {
  ...thresholds,
  reportedAt: '2026-05-01T08:00:00Z',
  distance: 60,
  fill: 40,
  weight: 14,
  battery: 88,
  fillState: 'normal',
});
const BINS = [
  bin(41, '广场垃圾桶', { distance: 5, fill: 95, weight: 33.25, fillState: 'overfill' }),
  bin(42, '路口垃圾桶', { registered: false, activeState: 0, reportedAt: null, fill: null, fillState: null }),
];
const ONE = deviceSample(41, '广场垃圾桶', 'B', {
  type: 'smartclassifieddustbin',
  modelName: 'scdqg4g',
  props: { ...thresholds, scdId: 'SCD-41' },
});
const EVENT = eventSample(ONE, 'OVERFILL', '2026-05-01T07:30:00Z', { id: 7, level: 'alarm', detail: null });

const family = deviceScreens(scd, {
  list: BINS,
  device: ONE,
  latest: {
    id: 41,
    at: '2026-05-01T08:00:00Z',
    values: { distance: 5, fill: 95, weight: 33.25, battery: 88 },
    fillState: 'overfill',
  },
  events: { path: 'events', list: [EVENT, { ...EVENT, id: 6, code: 'FULL' }] },
  more: (call, pathname) => {
    if (pathname === `${SCD}/map`) return { json: [{ ...BINS[0], lng: 120.15, lat: 30.28 }] };
    if (pathname === `${SCD}/41/realdata`)
      return {
        json: { command: 'realdata', ok: true, result: { values: { fill: 95 } }, durationMs: 80, attempts: 1 },
      };
    if (pathname === `${SCD}/41/config` && call.method === 'GET') return { json: { id: 41, ...thresholds } };
    if (pathname === `${SCD}/41/config`) {
      const body = Object.fromEntries(
        ['fullThreshold', 'overfillThreshold', 'freeDistance'].map((k) => [k, Number(call.body?.get(k))]),
      );
      return { json: { id: 41, ...body, delivered: true } };
    }
    if (pathname === `${SCD}/41/events/last24h`) return { json: [EVENT] };
    return undefined;
  },
});

family.listTests('dustbin list', { register: '路口垃圾桶', hidden: '广场垃圾桶' }, () => {
  it('shows fill as a bar, the fill state as a tag and weight, and follows reports', async () => {
    const { row } = await family.openList('广场垃圾桶');
    expect(within(row).getByTestId('scd-fill').textContent).toContain('95%');
    expect(within(row).getByRole('progressbar', { name: '填充度' })).toBeTruthy();
    // An over-filled bin's bar is red, as its state's tag.
    expect(within(row).getByTestId('scd-fill').innerHTML).toMatch(/rgb\(255, 77, 79\)|#ff4d4f/i);
    expect(row.querySelector('[data-fill-state="overfill"]')?.textContent).toBe('溢出');
    expect(row.textContent).toContain('33.3');
    expect((await family.rowWith('路口垃圾桶')).textContent).toContain('未上报');
    expect(screen.getByRole('columnheader', { name: '填充度' })).toBeTruthy();
    // Extras wait in the column setting so the table fits 1366 px.
    expect(screen.queryByRole('columnheader', { name: '电量 (%)' })).toBeNull();
    family.pushReport(
      41,
      'smartclassifieddustbin',
      { distance: 98, fill: 2, weight: 0.5, battery: 87 },
      '2026-05-01T08:15:00Z',
    );
    await waitFor(async () =>
      expect((await family.rowWith('广场垃圾桶')).querySelector('[data-fill-state]')?.textContent).toBe('正常'),
    );
  });

  it('puts the bins on a map coloured by fill, with its legend in words', async () => {
    const { calls } = family.serve();
    renderWithApp(<ScdListPage />, { path: family.LIST });
    await family.rowWith('广场垃圾桶');
    await userEvent.click(screen.getByText('地图'));
    expect((await screen.findByTestId('scd-map-count', {}, { timeout: 20_000 })).textContent).toBe(
      '地图上 1 个垃圾桶（无坐标的不显示）',
    );
    expect(calls.some((c) => c.url.pathname === `${SCD}/map`)).toBe(true);
    // The legend names the tones on the map: the one bin is over-filled.
    await waitFor(() => expect(document.querySelector('.area-map-legend')?.textContent).toBe('溢出'), {
      timeout: 20_000,
    });
  });
});

describe('dustbin page', () => {
  family.pageTest(
    'shows the latest values with the fill state, reads real-time data and both event lists in words',
    async ({ calls, user }) => {
      const realtime = await expectReading('scd-realtime', 'fill', '填充度95\u00a0%');
      expect(realtime.querySelector('[data-fill-state]')?.textContent).toBe('溢出');
      await user.click(screen.getByTestId('command-realdata'));
      expect((await screen.findByTestId('command-outcome')).textContent).toContain('读取实时数据成功');
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/41/realdata'))).toBe(true);
      const recent = await screen.findByTestId('scd-recent');
      await waitFor(() => expect(recent.textContent).toContain('垃圾桶溢出'));
      const events = screen.getByTestId('scd-events');
      await waitFor(() => expect(events.textContent).toContain('垃圾桶已满'));
      expect(events.textContent).not.toContain('OVERFILL');
    },
  );

  it.each([
    ['zh_CN', '满溢阈值 (cm)', '满溢阈值必须小于溢出阈值', '配置已保存并下发到垃圾桶'],
    [
      'en_US',
      'Full threshold (cm)',
      'The full threshold must be below the over-fill threshold',
      'Configuration saved and sent to the dustbin',
    ],
  ] as const)(
    'checks full below over-fill with the contract’s message before saving (%s)',
    async (lang, label, rule, saved) => {
      const { calls, user, card: config } = await family.openCard('scd-config', lang);
      const full = within(config).getByLabelText(label);
      await user.clear(full);
      await user.type(full, '95');
      await user.click(within(config).getByTestId('scd-config-save'));
      expect(await within(config).findByText(rule)).toBeTruthy();
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);
      await user.clear(full);
      await user.type(full, '60');
      await user.click(within(config).getByTestId('scd-config-save'));
      expect(await screen.findByText(saved)).toBeTruthy();
      const put = calls.find((c) => c.method === 'PUT' && c.url.pathname.endsWith('/41/config'))!;
      expect(put.body?.get('fullThreshold')).toBe('60');
    },
    120_000,
  );

  it('says so when the bin is not in the project', async () => {
    family.serve();
    renderWithApp(<ScdPage />, { path: '/pjt/pjtdevicescd?id=99' });
    expect(await screen.findByText('垃圾桶不存在或不在当前项目中')).toBeTruthy();
  });
});
