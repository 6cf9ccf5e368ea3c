import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenTests } from '../../components/device/family-testing';
import { typeUnitOffset } from '../../components/schedule/policy-testing';
import { expectSentJson, renderWithApp } from '../../test/render';
import { startNewPolicy } from '../kit/test-fixtures';
import CabinetPolicyPage from './policy-page';
import { BASE, CABINETS, jsonBody, POLICY, page, serve, setUp, tearDown } from './test-fixtures';

const PATH = '/pjt/pjtdevicemtcpolicy';
const PREVIEW = {
  lng: 119.5,
  lat: 32.17,
  timezone: 8,
  circuitCount: 3,
  day: {
    date: '2026-05-01',
    policyId: 61,
    polar: null,
    sunrise: '05:21',
    sunset: '18:52',
    startCircuits: [1],
    events: [
      { minute: 311, time: '05:11', circuits: [], policyId: 61 },
      { minute: 1147, time: '19:07', circuits: [1, 2, 3], policyId: 61 },
    ],
    litMinutes: 311 + 293,
    circuitMinutes: [604, 293, 293],
  },
  year: {
    year: 2026,
    days: [
      { date: '2026-01-01', on: 1040, off: 430 },
      { date: '2026-07-01', on: 1160, off: 300 },
    ],
  },
};

function answers(call: { url: URL; method: string }) {
  const p = call.url.pathname;
  if (p === `${BASE}/policies` && call.method === 'GET') return { json: page([POLICY]) };
  if (p === `${BASE}/policies` && call.method === 'POST') return { json: { ...POLICY, id: 62 } };
  if (p === `${BASE}/map`) return { json: CABINETS };
  if (p === `${BASE}/policies/61/use`)
    return {
      json: {
        policyId: 61,
        total: 2,
        delivered: 1,
        results: [
          { deviceId: 41, name: '滨江一号箱', delivered: true, error: null },
          { deviceId: 42, name: '滨江二号箱', delivered: false, error: 'offline' },
        ],
      },
    };
  if (p === `${BASE}/policies/61/preview`) return { json: PREVIEW };
  return undefined;
}

screenTests(setUp, tearDown);

describe('cabinet policies', () => {
  it('lists each policy with its units in words', async () => {
    serve(PATH, answers);
    renderWithApp(<CabinetPolicyPage />, { path: PATH });
    const row = (await screen.findByText('夜间策略')).closest('tr') as HTMLElement;
    expect(within(row).getByText('相对时间')).toBeTruthy();
    expect(within(row).getByText('日落 +15 分钟：回路 1、2、3 通电')).toBeTruthy();
    expect(within(row).getByText('零点：回路 1 通电')).toBeTruthy();
    expect(within(row).getByText('日出 -10 分钟：全部回路断电')).toBeTruthy();
  }, 60_000);

  it('creates a sunset-relative policy checked by the contract', async () => {
    const { fetchMock } = serve(PATH, answers);
    const user = await startNewPolicy(<CabinetPolicyPage />, PATH, '夜间策略', { name: '日落开灯', no: 'P-02' });
    await typeUnitOffset(user, 0, '10');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await expectSentJson(fetchMock, `${BASE}/policies`, {
      name: '日落开灯',
      no: 'P-02',
      description: '',
      timeMode: 'relative',
      units: [
        { relativeTo: 'sunset', offset: 10, circuits: [1, 2, 3, 4, 5, 6, 7, 8] },
        { relativeTo: 'sunrise', offset: 0, circuits: [] },
      ],
      cycle: { mode: 'everyday' },
      inUse: true,
    });
  }, 60_000);

  it('keeps a year and a month cycle exactly as stored when a policy is opened and saved', async () => {
    const YEAR = {
      ...POLICY,
      id: 63,
      name: '冬季策略',
      cycle: { mode: 'year' as const, months: [1, 2, 12], from: '2026-01-01', to: '2027-12-31' },
    };
    const MONTH = { ...POLICY, id: 64, name: '月初策略', cycle: { mode: 'month' as const, days: [1, 15] } };
    const { fetchMock } = serve(PATH, (call) => {
      if (call.url.pathname === `${BASE}/policies` && call.method === 'GET') return { json: page([YEAR, MONTH]) };
      if (call.url.pathname.startsWith(`${BASE}/policies/`) && call.method === 'PUT') return { json: YEAR };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<CabinetPolicyPage />, { path: PATH });
    for (const stored of [YEAR, MONTH]) {
      await user.click(await screen.findByTestId(`policy-edit-${stored.id}`));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(stored.cycle.mode === 'year' ? '每年' : '每月')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      await waitFor(() => expect(jsonBody(fetchMock, `${BASE}/policies/${stored.id}`, 'PUT')).toBeTruthy());
      const sent = jsonBody(fetchMock, `${BASE}/policies/${stored.id}`, 'PUT') as { cycle: unknown; units: unknown };
      expect(sent.cycle).toEqual(stored.cycle);
      expect(sent.units).toEqual(stored.units);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  }, 60_000);

  it('uses a policy on cabinets and says which were told now and which wait', async () => {
    const { fetchMock } = serve(PATH, answers);
    const user = userEvent.setup();
    renderWithApp(<CabinetPolicyPage />, { path: PATH });
    await user.click(await screen.findByTestId('policy-use-61'));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect((await screen.findByTestId('policy-cabinets-error')).textContent).toBe('请至少选择一台集中控制器');
    await user.click(within(screen.getByTestId('policy-cabinets')).getByRole('combobox'));
    await user.click(await screen.findByText('滨江一号箱 (MTC-41)'));
    await user.click(await screen.findByText('滨江二号箱 (MTC-42)'));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await expectSentJson(fetchMock, `${BASE}/policies/61/use`, { cabinetIds: [41, 42] });
    const result = await screen.findByTestId('policy-use-result');
    expect(within(result).getByText('2 台中 1 台已立即下发')).toBeTruthy();
    expect(within(result).getByText('控制器离线')).toBeTruthy();
  }, 60_000);

  it('previews a day on the lighting timeline with each circuit, and the year', async () => {
    serve(PATH, answers);
    const user = userEvent.setup();
    renderWithApp(<CabinetPolicyPage />, { path: PATH });
    await user.click(await screen.findByTestId('policy-preview-61'));
    const preview = await screen.findByTestId('policy-preview');
    const timeline = await within(preview).findByTestId('day-timeline');
    const segments = [...timeline.querySelectorAll('[data-action]')].map(
      (s) => `${s.getAttribute('data-from')}-${s.getAttribute('data-to')} ${s.getAttribute('data-action')}`,
    );
    expect(segments).toEqual(['00:00-05:11 on', '05:11-19:07 off', '19:07-00:00 on']);
    expect(within(preview).getByTestId('sun-sunset').textContent).toContain('18:52');
    const circuits = within(preview).getByTestId('circuit-day');
    const second = circuits.querySelector('[data-circuit="2"]') as HTMLElement;
    expect([...second.querySelectorAll('[data-on="true"]')].map((s) => s.getAttribute('data-from'))).toEqual(['19:07']);
    expect(within(second).getByText('4.9 小时')).toBeTruthy();
    expect(await within(preview).findByTestId('year-chart')).toBeTruthy();
  }, 60_000);
});
