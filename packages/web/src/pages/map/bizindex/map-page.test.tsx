import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { TYPE_A } from '../../../test/family-samples';
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
    expect(buildClusterQuery({ west: -200, south: 31.1234567, east: 120, north: 95 }, 12.4, { type: TYPE_A })).toEqual({
      west: -180,
      south: 31.123457,
      east: 120,
      north: 90,
      zoom: 12,
      type: TYPE_A,
    });
  });
  it('colours clusters: any abnormal red, all normal green, else grey', () => {
    expect(clusterTone({ count: 3, states: { error: 1, unknown: 0, active: 2 } })).toBe('error');
    expect(clusterTone({ count: 3, states: { error: 0, unknown: 0, active: 3 } })).toBe('active');
    expect(clusterTone({ count: 3, states: { error: 0, unknown: 1, active: 2 } })).toBe('unknown');
  });
});

describe('MapPage', () => {
  it('opens fitted to the devices, asks for the visible box and zoom and counts what it shows', async () => {
    const { calls } = mockFetch((call) => {
      const frame = frameAnswers(PATH, 5, call);
      if (frame) return frame;
      if (call.url.pathname === '/api/projects.do/trees') return { json: TREE };
      if (call.url.pathname === '/api/bas/devicetypes.do') return { json: [] };
      if (call.url.pathname === '/api/map/extent.do')
        return { json: { count: 43, west: 119.49, south: 32.15, east: 119.52, north: 32.18 } };
      if (call.url.pathname === '/api/map/view.do')
        return {
          json: {
            types: [TYPE_A],
            points: [[7, 32.17, 119.51, 0, 1]],
            clusters: [[32.16, 119.5, 42, 1, 0, 41]],
          },
        };
      return undefined;
    });
    renderWithApp(<MapPage />, { path: PATH });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/map/view.do')).toBe(true));
    const query = calls.find((c) => c.url.pathname === '/api/map/view.do')!.url.searchParams;
    for (const key of ['west', 'south', 'east', 'north']) expect(Number.isFinite(Number(query.get(key)))).toBe(true);
    // Fitted to the devices' extent (jsdom's map has no size: its centre at the fit's widest zoom),
    // not the default centre (119.50081, 32.16931).
    expect(Number(query.get('west'))).toBeCloseTo(119.505, 3);
    expect(Number(query.get('south'))).toBeCloseTo(32.165, 3);
    expect(query.get('zoom')).toBe('17');
    expect(await screen.findByText('当前视野：43 台设备')).toBeTruthy();
  });
});
