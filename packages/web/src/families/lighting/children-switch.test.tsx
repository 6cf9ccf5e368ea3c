import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import L from 'leaflet';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { changeLang } from '../../i18n/i18n';
import { childProjectsSwitchOn } from '../../test/child-projects';
import { guardRawText, rawOnScreen } from '../../test/raw-guard';
import { expectSentJson, renderWithApp } from '../../test/render';
import GroupPage from './group-page';
import LampListPage from './lamp-list-page';
import SummaryPage from './summary-page';
import { GROUPS, POINTS, serve, setUp, tearDown } from './test-fixtures';

/**
 * With the child-projects switch on (current project 根项目甲, whose child is 子项目乙), the lamp
 * map and its drawn area and the lighting overview take the child projects; lamp groups stay the project's
 * own and say so (cabinet policies: mtc/children-switch.test.tsx).
 */
const BASE = '/api/pjts/1/iot/lighting';
const OVERVIEW = {
  total: 12,
  byState: { on: 6, dimmed: 2, off: 2, fault: 1, offline: 1 },
  shouldBeLit: 8,
  litOfShould: 7,
  lightingRate: 0.875,
  faultsByCode: [],
  energyToday: 12.5,
  energyMonth: 300,
  byDay: [],
  byMonth: [],
  savedToday: 2.25,
  savedMonth: 40,
  at: '2026-05-01T10:00:00Z',
};
const POWER = {
  scope: 'project',
  id: null,
  from: '2026-04-01T00:00:00Z',
  to: '2026-05-01T00:00:00Z',
  lamps: 3,
  energy: 30,
  byDay: [],
  byMonth: [],
};
const empty = { json: { list: [], total: 0, page: 1, pageSize: 25 } };

childProjectsSwitchOn({ setUp, tearDown });

guardRawText();

describe('the lighting screens with the child-projects switch on', () => {
  it('shows the child projects’ lamps on the map and commands the drawn area with them', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { calls, fetchMock } = serve('/pjt/pjtdevicelightinglist', (call) => {
      const p = call.url.pathname;
      if (p === `${BASE}/pages`) return empty;
      if (p === `${BASE}/map`)
        return { json: POINTS.map((x) => ({ ...x, projectName: x.id === 32 ? '子项目乙' : '根项目甲' })) };
      if (p === `${BASE}/area/command`) return { json: { batchId: 'a1', command: 'dim', total: 2 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<LampListPage />, { path: '/pjt/pjtdevicelightinglist' });
    await user.click(await screen.findByText('地图', undefined, { timeout: 20_000 }));
    expect(await screen.findByText('地图上 3 盏灯（无坐标的单灯不显示）')).toBeTruthy();
    const map = calls.find((c) => c.url.pathname === `${BASE}/map`)!;
    expect(map.url.searchParams.get('includeChildren')).toBe('true');
    // Live pushes of the child project's lamps too.
    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    await waitFor(() =>
      expect(socket.sent.some((r) => 'projects' in r && JSON.stringify(r.projects) === JSON.stringify([1, 2]))).toBe(
        true,
      ),
    );

    await waitFor(() => expect(screen.getByTestId('area-map').querySelector('.leaflet-container')).toBeTruthy());
    const leaflet = (
      screen.getByTestId('area-map').querySelector('.leaflet-container') as HTMLElement & { scDeviceMap?: L.Map }
    ).scDeviceMap!;
    await user.click(screen.getByTestId('area-draw-start'));
    const polygon: [number, number][] = [
      [119.49, 32.16],
      [119.505, 32.16],
      [119.505, 32.175],
      [119.49, 32.175],
    ];
    for (const [lng, lat] of polygon)
      act(() => {
        const latlng = L.latLng(lat, lng);
        leaflet.fire('click', { latlng, layerPoint: leaflet.latLngToLayerPoint(latlng) });
      });
    await user.click(screen.getByTestId('area-draw-finish'));
    await user.click(screen.getByTestId('batch-dim'));
    await user.click(await screen.findByTestId('batch-dim-send'));
    await expectSentJson(fetchMock, `${BASE}/area/command`, {
      polygon,
      includeChildren: true,
      command: 'dim',
      args: { level: 50 },
    });
  }, 60_000);

  for (const lang of ['zh_CN', 'en_US'] as const)
    it(`reads the overview of the subtree and says the power card keeps to the project (${lang})`, async () => {
      await changeLang(lang);
      const { calls } = serve('/pjt/pjtdevicelightingsummary', (call) => {
        const p = call.url.pathname;
        if (p === `${BASE}/summary`) return { json: OVERVIEW };
        if (p === `${BASE}/power/summary`) return { json: POWER };
        if (p === `${BASE}/power/last`) return { json: [] };
        return undefined;
      });
      renderWithApp(<SummaryPage />, { path: '/pjt/pjtdevicelightingsummary' });
      const tag = await screen.findByTestId('summary-with-children', undefined, { timeout: 20_000 });
      expect(tag.textContent).toBe(lang === 'zh_CN' ? '含子项目' : 'With child projects');
      await waitFor(() => expect(screen.getByTestId('summary-state-on').textContent).toBe('6'));
      const overview = calls.filter((c) => c.url.pathname === `${BASE}/summary`).at(-1)!;
      expect(overview.url.searchParams.get('includeChildren')).toBe('true');
      expect(screen.getByTestId('own-project-note').textContent).toBe(
        lang === 'zh_CN'
          ? '能耗统计只计算“根项目甲”自己的路灯；上方的概况已包含子项目。'
          : "Power consumption counts 根项目甲's own lamps only; the overview above includes the child projects.",
      );
      // English words such as "all" or "light" are enumeration identifiers only on a zh-CN screen.
      expect(rawOnScreen()).toEqual([]);
    }, 60_000);

  for (const lang of ['zh_CN', 'en_US'] as const)
    it(`keeps lamp groups to the project and says so (${lang})`, async () => {
      await changeLang(lang);
      serve('/pjt/pjtdevicelightinggroup', (call) => {
        const p = call.url.pathname;
        if (p === `${BASE}/groups`) return { json: GROUPS };
        if (p === `${BASE}/policies`) return empty;
        return undefined;
      });
      renderWithApp(<GroupPage />, { path: '/pjt/pjtdevicelightinggroup' });
      const note = await screen.findByTestId('own-project-note', undefined, { timeout: 20_000 });
      expect(note.textContent).toContain(
        lang === 'zh_CN' ? '这里只有“根项目甲”自己的分组' : "these are 根项目甲's own",
      );
      await screen.findByText('主干道灯组');
    }, 60_000);
});
