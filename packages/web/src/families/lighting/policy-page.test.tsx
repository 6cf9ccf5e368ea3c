import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { typeUnitOffset } from '../../components/schedule/policy-testing';
import { guardRawText } from '../../test/raw-guard';
import { expectSentJson, renderWithApp } from '../../test/render';
import { startNewPolicy } from '../kit/test-fixtures';
import PolicyPage from './policy-page';
import { BASE, jsonBody, serve, setUp, tearDown } from './test-fixtures';

const PATH = '/pjt/pjtdevicelightingpolicy';
const POLICY = {
  id: 81,
  name: '夜间节能',
  no: 'P-01',
  alias: '',
  // Entered out of order: the list shows them as the night runs them.
  units: [
    { type: 'off', level: 0, start: { kind: 'sunrise', offset: 0 } },
    { type: 'eco', level: 50, start: { kind: 'clock', time: '23:00' } },
    { type: 'on', level: 100, start: { kind: 'sunset', offset: 15 } },
  ],
  range: 'all',
  channelControl: false,
  channels: [],
  cycle: { mode: 'everyday' },
  inUse: true,
  lampCount: 2,
  updatedAt: '2026-05-01T00:00:00Z',
};
const PREVIEW = {
  lng: 119.5,
  lat: 32.17,
  timezone: 8,
  day: {
    date: '2026-06-21',
    policyId: 81,
    polar: null,
    sunrise: '05:05',
    sunset: '19:12',
    startLevel: 50,
    events: [
      { minute: 305, time: '05:05', type: 'off', level: 0, policyId: 81 },
      { minute: 1167, time: '19:27', type: 'on', level: 100, policyId: 81 },
      { minute: 1380, time: '23:00', type: 'eco', level: 50, policyId: 81 },
    ],
    litMinutes: 578,
  },
  year: {
    year: 2026,
    days: [
      { date: '2026-01-01', on: 1040, off: 425, litMinutes: 800, polar: null },
      { date: '2026-01-02', on: 1041, off: 425, litMinutes: 799, polar: null },
    ],
  },
};

beforeEach(setUp);
afterEach(tearDown);

function answers(call: { url: URL; method: string }) {
  const p = call.url.pathname;
  if (p === `${BASE}/policies` && call.method === 'GET')
    return { json: { list: [POLICY], total: 1, page: 1, pageSize: 25 } };
  if (p === `${BASE}/policies` && call.method === 'POST') return { json: { ...POLICY, id: 82 } };
  if (p === `${BASE}/policies/81/preview`) return { json: PREVIEW };
  if (p === `${BASE}/policies/81/use`) return { json: { batchId: 'u1', command: 'use', total: 2 } };
  return undefined;
}

guardRawText();

describe('lighting policies', () => {
  it('lists policies with their steps in words and previews one for a group', async () => {
    const { calls } = serve(PATH, answers);
    const user = userEvent.setup();
    renderWithApp(<PolicyPage />, { path: PATH });
    const first = await screen.findByText('日落 +15 分钟 开灯 100%');
    const steps = [...(first.parentElement?.children ?? [])].map((tag) => tag.textContent);
    expect(steps).toEqual(['日落 +15 分钟 开灯 100%', '23:00 节能 50%', '日出 关灯']);
    await user.click(screen.getByText('预览'));
    const preview = await screen.findByTestId('policy-preview');
    // Nothing asked of the server before a lamp or group is chosen (it answered 400 "no coordinates").
    expect(within(preview).getByTestId('preview-waiting').textContent).toContain(
      '选择一个单灯或分组，按它的坐标预览这条策略',
    );
    expect(calls.some((c) => c.url.pathname === `${BASE}/policies/81/preview`)).toBe(false);
    await user.click(within(preview).getByRole('combobox', { name: '按单灯或分组的坐标预览' }));
    await user.click(await screen.findByTitle('主干道灯组'));
    await waitFor(() => expect(preview.querySelectorAll('[data-action]').length).toBe(4));
    expect([...preview.querySelectorAll('[data-action]')].map((s) => s.getAttribute('data-action'))).toEqual([
      'eco',
      'off',
      'on',
      'eco',
    ]);
    expect(within(preview).getByTestId('sun-sunset').textContent).toBe('日落 19:12');
    // Eco reads as the form and the list name it (节能), not as another word for it.
    const eco = preview.querySelector('[data-action="eco"]')!;
    expect(eco.textContent).toBe('节能 50%');
    expect(within(preview).getByTestId('year-chart').dataset.days).toBe('2');
    const asked = calls.filter((c) => c.url.pathname === `${BASE}/policies/81/preview`);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((c) => c.url.searchParams.get('groupId') === '71' && c.url.searchParams.get('year'))).toBe(true);
  }, 60_000);

  it('creates a policy with a sunset-relative unit, enforcing at least one unit and the maximum', async () => {
    const { fetchMock } = serve(PATH, answers);
    const user = await startNewPolicy(<PolicyPage />, PATH, '夜间节能', { name: '日落策略', no: 'P-02' });
    await typeUnitOffset(user, 0, '-10');
    for (let i = 0; i < 3; i++) await user.click(screen.getByTestId('policy-add-unit'));
    expect(screen.getByTestId('policy-max-units').textContent).toBe('已达到最大步骤数 5');
    expect(screen.getByTestId('policy-add-unit').hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(jsonBody(fetchMock, `${BASE}/policies`)).toBeTruthy());
    const body = jsonBody(fetchMock, `${BASE}/policies`) as {
      name: string;
      units: { start: unknown }[];
      cycle: unknown;
    };
    expect(body.name).toBe('日落策略');
    expect(body.units).toHaveLength(5);
    expect(body.units[0]!.start).toEqual({ kind: 'sunset', offset: -10 });
    expect(body.units[2]!.start).toEqual({ kind: 'clock', time: '23:00' });
  }, 60_000);

  it('uses a policy on a lamp group and asks for a target first', async () => {
    const { fetchMock } = serve(PATH, answers);
    const user = userEvent.setup();
    renderWithApp(<PolicyPage />, { path: PATH });
    await screen.findByText('夜间节能');
    await user.click(screen.getByTestId('policy-use-81'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请至少选择一个单灯或分组')).toBeTruthy();
    await user.click(within(screen.getByTestId('targets-groups')).getByRole('combobox'));
    await user.click(await screen.findByTitle('主干道灯组'));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await expectSentJson(fetchMock, `${BASE}/policies/81/use`, { lampIds: [], groupIds: [71] });
    expect(await screen.findByTestId('batch-progress')).toBeTruthy();
  }, 60_000);
});
