import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { screenTests } from '../../components/device/family-testing';
import { changeLang } from '../../i18n/i18n';
import { TREE } from '../../pages/man/projectlist/test-fixtures';
import { mockFetch, renderWithApp } from '../../test/render';
import type { LampFault } from './api';
import SummaryPage from './summary-page';
import { BASE, setUp, tearDown } from './test-fixtures';

// The energy chart draws on a canvas jsdom does not have.
vi.mock('../../components/device/echart', () => ({ EChart: () => <div data-testid="chart" /> }));

const PATH = '/pjt/pjtdevicelightingsummary';
const OVERVIEW = {
  total: 3,
  byState: { on: 1, dimmed: 0, off: 0, fault: 2, offline: 0 },
  shouldBeLit: 0,
  litOfShould: 0,
  lightingRate: null,
  faultsByCode: [
    { code: '19', count: 2 },
    { code: '16', count: 1 },
  ],
  energyToday: 0,
  energyMonth: 0,
  byDay: [],
  byMonth: [],
  savedToday: 0,
  savedMonth: 0,
  at: '2026-05-01T10:00:00Z',
};
const fault = (id: number, name: string, over: Partial<LampFault> = {}): LampFault => ({
  id,
  name,
  no: `L-${id}`,
  projectId: 2,
  projectName: '子项目乙',
  eventId: 900 + id,
  code: '19',
  level: 'alarm',
  at: '2026-05-01T09:30:00.000Z',
  handled: null,
  ...over,
});
const FAULTS = [
  fault(33, '路灯三'),
  fault(34, '路灯四', {
    at: '2026-05-01T08:00:00.000Z',
    handled: { billId: 9, billNo: 'WO202605010009', projectId: 2, projectName: '子项目乙' },
  }),
];

/** The overview of project 2 and its faulty lamps; `billLevel` the caller's level on the work orders. */
function serve(billLevel: number) {
  return mockFetch((call) => {
    const p = call.url.pathname;
    if (p === '/api/menus.do')
      return {
        json: [
          { key: 'summary', path: PATH, icon: 'x', name: 'summary', level: 1 },
          { key: 'bills', path: '/pjt/pjtmaintenancebilllist', icon: 'x', name: 'bills', level: billLevel },
        ],
      };
    if (p === '/api/pub/runningparams.do') return { json: { pageSize: 25, searchWordLimit: 5 } };
    if (p === '/api/projects.do/trees') return { json: TREE };
    if (p === `${BASE}/summary`) return { json: OVERVIEW };
    if (p === `${BASE}/faults`) return { json: { list: FAULTS, total: FAULTS.length, page: 1, pageSize: 25 } };
    if (p === `${BASE}/power/summary`)
      return {
        json: {
          scope: 'project',
          id: null,
          from: OVERVIEW.at,
          to: OVERVIEW.at,
          lamps: 3,
          energy: 0,
          byDay: [],
          byMonth: [],
        },
      };
    if (p === `${BASE}/power/last`) return { json: [] };
    if (call.method === 'POST' && p === '/api/pjts/2/maintenance.do') return { json: { id: 12, no: 'WO202605010012' } };
    return undefined;
  });
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}
const renderSummary = () =>
  renderWithApp(
    <Routes>
      <Route path={PATH} element={<SummaryPage />} />
      <Route path="/pjt/pjtmaintenancebill" element={<Where />} />
    </Routes>,
    { path: PATH },
  );
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

screenTests(setUp, tearDown);

describe('lighting overview: the lamps behind a fault open work', () => {
  it('lists the lamps of a fault code, their work, and opens a work order with the lamp and the fault', async () => {
    const { calls } = serve(5);
    const user = userEvent.setup();
    renderSummary();
    await user.click(await within(await screen.findByTestId('summary-faults')).findByText('灯具故障'));
    const table = await screen.findByTestId('fault-lamps');
    expect(await screen.findByText('未恢复的故障：灯具故障')).toBeTruthy();
    await within(table).findByText('路灯三');
    const asked = calls.find((c) => c.url.pathname === `${BASE}/faults`)!;
    expect(asked.url.searchParams.get('code')).toBe('19');
    expect(asked.url.searchParams.get('includeChildren')).toBeNull();
    // The lamp's name opens its page; the fault in words with its time.
    expect(within(rowOf('路灯三')).getByRole('link', { name: '路灯三' }).getAttribute('href')).toBe(
      '/pjt/pjtdevicelighting?id=33',
    );
    expect(within(rowOf('路灯三')).getByText('灯具故障')).toBeTruthy();
    expect(within(rowOf('路灯三')).getByText('告警')).toBeTruthy();
    expect(within(rowOf('路灯三')).queryByText(/2026-05-01T/)).toBeNull();
    // The handled one names its work order and offers no new one.
    expect(within(rowOf('路灯四')).getByTestId('alarm-handled').textContent).toBe('已处理WO202605010009');
    expect(within(rowOf('路灯四')).queryByTestId('open-work-order')).toBeNull();

    await user.click(within(rowOf('路灯三')).getByTestId('open-work-order'));
    // The work order's dialog over the drawer.
    const dialog = (await screen.findByText('为 路灯三 开维修工单')).closest('.ant-modal') as HTMLElement;
    expect(dialog.textContent).toContain('告警：灯具故障，');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pjt/pjtmaintenancebill?id=12'));
    const created = calls.find((c) => c.method === 'POST')!;
    expect(created.url.pathname).toBe('/api/pjts/2/maintenance.do');
    expect(Object.fromEntries(created.body!)).toMatchObject({
      deviceId: '33',
      alarmCode: '19',
      alarmAt: '2026-05-01T09:30:00.000Z',
      title: '路灯三 告警维修',
    });
  }, 60_000);

  it('offers no work order to a reader of the work orders; every open fault from the card, in English', async () => {
    await changeLang('en_US');
    const { calls } = serve(1);
    const user = userEvent.setup();
    renderSummary();
    await user.click(await screen.findByTestId('summary-open-faults'));
    expect(await screen.findByText('Open faults')).toBeTruthy();
    const table = await screen.findByTestId('fault-lamps');
    await within(table).findByText('路灯三');
    expect(calls.find((c) => c.url.pathname === `${BASE}/faults`)!.url.searchParams.get('code')).toBeNull();
    expect(within(table).getAllByText('Lamp fault')).toHaveLength(2);
    expect(within(table).queryByTestId('open-work-order')).toBeNull();
    expect(within(rowOf('路灯四')).getByTestId('alarm-handled').textContent).toContain('Handled');
  }, 60_000);
});
