import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { familyScreens, pageOf } from '../../../test/family-page';
import { renderWithApp } from '../../../test/render';
import type { NscTimer } from '../api';
import { TimersTab } from './timers-tab';

const PAGE = '/pjt/pjtnsccontrolcenter';
const BASE = '/api/pjts/2/iot/nsc';
const TIMERS = `${BASE}/timers`;
const speakers = [
  { id: 11, name: '广场音柱' },
  { id: 12, name: '公园音柱' },
  { id: 13, name: '东门音柱' },
];
const TIMER: NscTimer = {
  id: 7,
  projectId: 2,
  name: '晚间铃声',
  type: 'mic',
  mode: 'week',
  weekdays: [1, 3, 5],
  date: null,
  startTime: '23:30:00',
  endTime: '00:30:00',
  durationSeconds: 3600,
  volume: 60,
  deviceIds: [11],
  groupIds: [3],
  mediaIds: [],
  enabled: false,
  devices: [speakers[0]!],
  groups: [{ id: 3, name: '东门' }],
  media: [],
  speakers,
  createdBy: 'admin',
  createdAt: '2026-05-01T08:00:00Z',
  updatedAt: '2026-05-01T08:00:00Z',
};

const family = familyScreens({
  screen: PAGE,
  base: BASE,
  more: (call, pathname) => {
    if (pathname === `${TIMERS}/pages`) return { json: pageOf([TIMER]) };
    if (pathname === `${TIMERS}/7/enable` && call.method === 'POST')
      return {
        json: {
          timer: { ...TIMER, enabled: true },
          speakers: speakers.map((s, i) => ({ ...s, outcome: i === 2 ? 'offline' : 'sent' })),
        },
      };
    if (pathname === TIMERS && call.method === 'POST') return { json: { ...TIMER, id: 9 } };
    if (pathname === `${BASE}/groups/pages`)
      return {
        json: pageOf([{ id: 3, name: '东门', no: 'G-01', projectId: 2, description: '', speakers: [], createdAt: '' }]),
      };
    if (pathname === `${BASE}/groups/options`)
      return { json: speakers.map((s) => ({ ...s, no: 'x', activeState: 1 })) };
    if (pathname === `${BASE}/media/options`) return { json: [{ id: 1, name: '国歌', duration: 5 }] };
    return undefined;
  },
});

const open = (level: number) => {
  const served = family.serve(level, PAGE);
  renderWithApp(<TimersTab projectId={2} editable />, { path: PAGE });
  return served;
};

describe('timer broadcasts tab', () => {
  it('lists a timer with its days, its time past midnight, its targets and its state', async () => {
    open(5);
    const row = await family.rowWith('晚间铃声');
    expect(within(row).getByTestId('nsc-timer-days').textContent).toBe('每周: 周一 周三 周五');
    expect(within(row).getByTestId('nsc-timer-time').textContent).toBe('23:30:00 – 次日 00:30:00');
    expect(row.textContent).toContain('麦克风');
    expect(row.textContent).toContain('东门');
    expect(row.textContent).toContain('广场音柱');
    expect(row.textContent).toContain('已停用');
  }, 120_000);

  it('refuses a week timer without weekdays before sending it', async () => {
    const { calls } = open(5);
    const user = userEvent.setup();
    await family.rowWith('晚间铃声');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('nsc-timer-weekdays')).toBeNull();
    await user.type(within(dialog).getByLabelText('名称'), '课间铃');
    await user.click(within(dialog).getByText('每周'));
    expect(await within(dialog).findByTestId('nsc-timer-weekdays')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请至少选择一个星期')).toBeTruthy();
    expect(within(dialog).getByText('请至少选择一个广播终端或终端分组')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === TIMERS)).toBe(false);
  }, 120_000);

  it('enables a timer and says how many speakers have it', async () => {
    const { calls } = open(5);
    const user = userEvent.setup();
    const row = await family.rowWith('晚间铃声');
    const lists = () => calls.filter((c) => c.url.pathname === `${TIMERS}/pages`).length;
    const before = lists();
    await user.click(within(row).getByTestId('nsc-timer-7-enable'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `${TIMERS}/7/enable`)).toBe(true),
    );
    expect(await screen.findByText('晚间铃声 已启用：2 个终端已收到，1 个终端上线后补发')).toBeTruthy();
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  }, 120_000);

  it('offers no enabling to a viewer', async () => {
    open(1);
    const row = await family.rowWith('晚间铃声');
    expect(within(row).queryByTestId('nsc-timer-7-enable')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  }, 120_000);
});
