import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../../man/projectlist/test-fixtures';
import { buildClusterQuery, clusterTone } from './cluster-query';
import MapPage from './map-page';

const PATH = '/map/bizindex';

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('cluster query', () => {
  it('clamps the bbox to the world and sends the set filters', () => {
    expect(buildClusterQuery({ west: -200, south: 31.1234567, east: 120, north: 95 }, 12.4, { type: 'led' })).toEqual({
      west: -180,
      south: 31.123457,
      east: 120,
      north: 90,
      zoom: 12,
      type: 'led',
    });
  });
  it('colours clusters: any abnormal red, all normal green, else grey', () => {
    expect(clusterTone({ count: 3, states: { error: 1, unknown: 0, active: 2 } })).toBe('error');
    expect(clusterTone({ count: 3, states: { error: 0, unknown: 0, active: 3 } })).toBe('active');
    expect(clusterTone({ count: 3, states: { error: 0, unknown: 1, active: 2 } })).toBe('unknown');
  });
});

describe('MapPage', () => {
  it('asks for the clusters of the visible box and zoom and draws them', async () => {
    const { calls } = mockFetch((call) => {
      const frame = frameAnswers(PATH, 5, call);
      if (frame) return frame;
      if (call.url.pathname === '/api/projects.do/trees') return { json: TREE };
      if (call.url.pathname === '/api/bas/devicetypes.do') return { json: [] };
      if (call.url.pathname === '/api/map/clusters.do')
        return {
          json: [
            { lng: 119.5, lat: 32.16, count: 42, states: { error: 1, unknown: 0, active: 41 } },
            {
              id: 7,
              lng: 119.51,
              lat: 32.17,
              count: 1,
              states: { error: 0, unknown: 0, active: 1 },
              name: 'D7',
              type: 'led',
            },
          ],
        };
      return undefined;
    });
    renderWithApp(<MapPage />, { path: PATH });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/map/clusters.do')).toBe(true));
    const query = calls.find((c) => c.url.pathname === '/api/map/clusters.do')!.url.searchParams;
    for (const key of ['west', 'south', 'east', 'north']) expect(Number.isFinite(Number(query.get(key)))).toBe(true);
    expect(query.get('zoom')).toBe('18');
    expect(Number(query.get('west'))).toBeCloseTo(119.50081, 3);
    expect(Number(query.get('east'))).toBeCloseTo(119.50081, 3);
    const cluster = await screen.findByText('42');
    expect(cluster.className).toContain('device-cluster-error');
    expect(await screen.findByText('当前视野：43 台设备')).toBeTruthy();
  });
});
