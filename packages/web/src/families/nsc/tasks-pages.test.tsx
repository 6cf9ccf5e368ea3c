import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { familyScreens, listedSample, pageOf } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import type { NscTask, NscWeek } from './api';
import NscTaskPage from './task-page';
import NscTasksPage from './tasks-page';
import NscVoicePage from './voice-page';

const LIST = '/pjt/pjtnsctasklist';
const EDITOR = '/pjt/pjtnsctask';
const BASE = '/api/pjts/2/iot/nsc';
const speakers = [
  { id: 11, name: '广场音柱' },
  { id: 12, name: '公园音柱' },
];
const TASK: NscTask = {
  id: 4,
  projectId: 2,
  name: '早间广播',
  no: 'T-01',
  beginDate: '2026-01-01',
  endDate: '2026-12-31',
  startTime: '08:00',
  endTime: '08:10',
  priority: 5,
  volume: 60,
  playMode: 'cycle',
  durationSeconds: 600,
  dateMode: 'week',
  weekdays: [1, 3, 5],
  dates: [],
  targetMode: 'group',
  groupIds: [3],
  deviceIds: [],
  sourceMode: 'group',
  mediaGroupIds: [5],
  mediaIds: [],
  description: '',
  targets: [{ id: 3, name: '东门' }],
  sources: [{ id: 5, name: '晨间节目' }],
  speakers,
  state: 'checked',
  running: true,
  creator: 'admin',
  checkedBy: 'admin',
  checkedAt: '2026-05-01T08:00:00Z',
  createdAt: '2026-05-01T08:00:00Z',
  updatedAt: '2026-05-01T08:00:00Z',
};
const entry = (more: Partial<NscWeek['days'][number]['entries'][number]> = {}) => ({
  taskId: 4,
  name: '早间广播',
  state: 'checked' as const,
  running: true,
  priority: 5,
  volume: 60,
  startTime: '08:00',
  endTime: '08:10',
  speakers,
  sources: [{ id: 5, name: '晨间节目' }],
  conflict: false,
  ...more,
});
const WEEK: NscWeek = {
  from: '2026-03-02',
  today: '2026-03-02',
  days: Array.from({ length: 7 }, (_, i) => ({
    date: `2026-03-0${i + 2}`,
    weekday: i + 1,
    entries: i === 0 ? [entry(), entry({ taskId: 6, name: '课间提醒', startTime: '08:05', conflict: true })] : [],
  })),
};
const CONFLICT = [
  {
    taskId: 4,
    name: '早间广播',
    no: 'T-01',
    startTime: '08:00',
    endTime: '08:10',
    date: '2026-03-02',
    speakers: [speakers[0]!],
  },
];

const speakerRow = (id: number, name: string, more: Record<string, unknown>) => ({
  ...listedSample(id, name, 'SP'),
  mac: '',
  ip: '',
  terminalId: null,
  modelName: null,
  version: null,
  reportedAt: '2026-05-01T08:00:00Z',
  volume: 40,
  status: 'idle',
  playing: null,
  ...more,
});

const family = familyScreens({
  screen: LIST,
  base: BASE,
  list: [
    speakerRow(11, '广场音柱', { status: 'playing', playing: '国歌', volume: 35 }),
    speakerRow(12, '公园音柱', { activeState: 0 }),
  ],
  more: (call, pathname) => {
    if (pathname === `${BASE}/tasks` && call.method === 'GET') return { json: pageOf([TASK]) };
    if (pathname === `${BASE}/tasks` && call.method === 'POST') return { json: { ...TASK, id: 9, state: 'edit' } };
    if (pathname === `${BASE}/tasks/week`) return { json: WEEK };
    if (pathname === `${BASE}/tasks/conflicts`) return { json: CONFLICT };
    if (pathname === `${BASE}/tasks/4/stop`)
      return {
        json: { task: { ...TASK, running: false }, speakers: speakers.map((s) => ({ ...s, outcome: 'sent' })) },
      };
    if (pathname === `${BASE}/groups/pages`)
      return {
        json: pageOf([{ id: 3, name: '东门', no: 'G-01', projectId: 2, description: '', speakers: [], createdAt: '' }]),
      };
    if (pathname === `${BASE}/groups/options`)
      return { json: speakers.map((s) => ({ ...s, no: 'x', activeState: 1 })) };
    if (pathname === `${BASE}/media/options`) return { json: [{ id: 1, name: '国歌', duration: 5 }] };
    if (pathname === `${BASE}/mediagroups/pages`)
      return {
        json: pageOf([
          { id: 5, groupId: 7, projectId: 2, name: '晨间节目', description: '', media: [], duration: 5, createdAt: '' },
        ]),
      };
    return undefined;
  },
});

describe('timed tasks', () => {
  it('lists the tasks with their time, dates and state, and stops a started one after asking', async () => {
    const { calls } = family.serve(10, LIST);
    const user = userEvent.setup();
    renderWithApp(<NscTasksPage />, { path: LIST });
    const row = (await screen.findByText('早间广播')).closest('tr')!;
    expect(row.textContent).toContain('08:00-08:10');
    expect(row.textContent).toContain('每周: 周一 周三 周五');
    expect(row.textContent).toContain('2 个终端');
    expect(within(row).getByTestId('nsc-task-state').textContent).toBe('已审核');
    expect(within(row).getByTestId('nsc-task-running').textContent).toBe('运行中');
    await user.click(within(row).getByRole('button', { name: /停\s*止/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${BASE}/tasks/4/stop`)).toBe(true));
    expect(await screen.findByText('早间广播 已停止：2 个终端已收到，0 个终端上线后补发')).toBeTruthy();
  }, 120_000);

  it('shows the week of what plays where, conflicts marked', async () => {
    family.serve(5, LIST);
    const user = userEvent.setup();
    renderWithApp(<NscTasksPage />, { path: LIST });
    await user.click(await screen.findByRole('tab', { name: '周视图' }));
    const week = await screen.findByTestId('nsc-week');
    const entries = await within(week).findAllByTestId('nsc-week-entry');
    expect(entries).toHaveLength(2);
    expect(entries[1]!.textContent).toContain('课间提醒');
    expect(entries[1]!.textContent).toContain('冲突');
    expect(entries[0]!.textContent).not.toContain('冲突');
    expect(week.textContent).toContain('2026-03-02 ~ 2026-03-08');
  }, 120_000);

  it('checks the contract rules before saving a new task', async () => {
    const { calls } = family.serve(5, EDITOR);
    const user = userEvent.setup();
    renderWithApp(<NscTaskPage />, { path: EDITOR });
    await user.type(await screen.findByTestId('nsc-task-name'), '课间提醒');
    await user.type(screen.getByTestId('nsc-task-no'), 'T-02');
    await user.click(screen.getByText('每周'));
    const start = screen.getByTestId('nsc-task-start');
    await user.click(start);
    await user.type(start, '08:00{Enter}');
    await user.click(screen.getByTestId('nsc-task-save'));
    expect(await screen.findByText('请至少选择一个星期')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `${BASE}/tasks`)).toBe(false);
  }, 120_000);
});

describe('network audio entry', () => {
  it('shows the speakers online, what plays where, today’s tasks and the way to the rest', async () => {
    family.serve(5, '/pjt/pjtdevicevoice');
    renderWithApp(<NscVoicePage />, { path: '/pjt/pjtdevicevoice' });
    const now = await screen.findByTestId('nsc-voice-now');
    expect(now.textContent).toContain('广场音柱');
    expect(now.textContent).toContain('国歌');
    expect(now.textContent).toContain('音量 35');
    expect(screen.getByTestId('nsc-voice-online').textContent).toContain('1/ 2');
    await waitFor(() => expect(screen.getByTestId('nsc-voice-today').textContent).toContain('2'));
    expect(screen.getByText('08:00-08:10 早间广播')).toBeTruthy();
    expect(screen.getByTestId('nsc-voice-go-pjtnsctasklist').getAttribute('href')).toBe('/pjt/pjtnsctasklist');
    family.pushReport(11, 'nsc', { volume: 35, status: 'idle', playing: null }, '2026-05-01T20:15:00Z');
    expect(await screen.findByText('当前没有终端在播放')).toBeTruthy();
  }, 120_000);
});
