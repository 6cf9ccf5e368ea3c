import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenTests } from '../../components/device/family-testing';
import { renderWithApp } from '../../test/render';
import SummaryPage from './summary-page';
import { BASE, serve, setUp, tearDown } from './test-fixtures';

const PATH = '/pjt/pjtdevicelightingsummary';
const OVERVIEW = {
  total: 10,
  byState: { on: 5, dimmed: 2, off: 1, fault: 1, offline: 1 },
  shouldBeLit: 8,
  litOfShould: 7,
  lightingRate: 0.875,
  faultsByCode: [
    { code: '19', count: 3 },
    { code: 'OFFLINE', count: 1 },
  ],
  energyToday: 12.5,
  energyMonth: 300,
  byDay: [{ date: '2026-05-01', energy: 12.5 }],
  byMonth: [{ month: '2026-05', energy: 300 }],
  savedToday: 2.25,
  savedMonth: 40,
  at: '2026-05-01T10:00:00Z',
};

screenTests(setUp, tearDown);

describe('lighting overview', () => {
  it('shows lamps by state, the lighting rate, faults by code, energy and savings, and the project’s power', async () => {
    serve(PATH, (call) => {
      const p = call.url.pathname;
      if (p === `${BASE}/summary`) return { json: OVERVIEW };
      if (p === `${BASE}/power/summary`)
        return {
          json: {
            scope: 'project',
            id: null,
            from: '2026-04-01T00:00:00Z',
            to: '2026-05-01T00:00:00Z',
            lamps: 10,
            energy: 300,
            byDay: [],
            byMonth: [],
          },
        };
      if (p === `${BASE}/power/last`)
        return {
          json: [
            {
              id: 31,
              name: '路灯一',
              at: '2026-05-01T10:00:00Z',
              activePower: 98,
              energyTotal: 1200,
              energyToday: 1.2,
            },
          ],
        };
      return undefined;
    });
    renderWithApp(<SummaryPage />, { path: PATH });
    expect((await screen.findByTestId('summary-state-dimmed')).textContent).toBe('2');
    expect(screen.getByText('单灯状态（共 10 盏）')).toBeTruthy();
    expect(screen.getByText('87.5%')).toBeTruthy();
    // Every progress bar is named (the state beside it, the lighting rate).
    expect(screen.getByRole('progressbar', { name: '调光' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '亮灯率' })).toBeTruthy();
    for (const bar of screen.getAllByRole('progressbar')) expect(bar.getAttribute('aria-label')).toBeTruthy();
    expect(screen.getByText('应亮 8 盏，实亮 7 盏')).toBeTruthy();
    expect(screen.getByText('灯具故障')).toBeTruthy();
    // The platform's offline event, not a lighting code: its label, not OFFLINE.
    expect(screen.getByText('设备离线')).toBeTruthy();
    expect(screen.getByText('2.3 kWh')).toBeTruthy();
    expect(await screen.findByText('路灯一')).toBeTruthy();
    expect(screen.getByText('98 W')).toBeTruthy();
  }, 60_000);
});
