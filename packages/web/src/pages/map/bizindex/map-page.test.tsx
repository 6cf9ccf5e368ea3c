import { act, screen, waitFor } from '@testing-library/react';
import L from 'leaflet';
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
  /** Leaflet measures its box by clientWidth/clientHeight, which jsdom leaves at 0; a box laid out later tells its observers. */
  function layout() {
    const size = { width: 0, height: 0 };
    const observers: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observers.push(this.callback);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const proto = HTMLElement.prototype;
    const width = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
    const height = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
    const sized = (el: HTMLElement) => el.classList.contains('leaflet-container');
    Object.defineProperty(proto, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return sized(this) ? size.width : width.get!.call(this);
      },
    });
    Object.defineProperty(proto, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return sized(this) ? size.height : height.get!.call(this);
      },
    });
    restore.push(() => {
      Reflect.deleteProperty(proto, 'clientWidth');
      Reflect.deleteProperty(proto, 'clientHeight');
    });
    return {
      size,
      resize(w: number, h: number) {
        size.width = w;
        size.height = h;
        for (const notify of observers) act(() => notify());
      },
    };
  }
  const restore: (() => void)[] = [];
  afterEach(() => {
    for (const undo of restore.splice(0)) undo();
  });

  /** Devices around the default centre (119.50081, 32.1692833), and a project's devices in another city. */
  const AROUND = { count: 43, west: 119.49, south: 32.15, east: 119.52, north: 32.18 };
  const EXTENT = { count: 43, west: 118.49, south: 31.15, east: 118.52, north: 31.18 };
  const VIEW = {
    types: [TYPE_A],
    points: [[7, 32.17, 119.51, 0, 1]],
    clusters: [[32.16, 119.5, 42, 1, 0, 41]],
  };
  function answers(extent = EXTENT, view: object = VIEW) {
    return mockFetch((call) => {
      const frame = frameAnswers(PATH, 5, call);
      if (frame) return frame;
      if (call.url.pathname === '/api/projects.do/trees') return { json: TREE };
      if (call.url.pathname === '/api/bas/devicetypes.do') return { json: [] };
      if (call.url.pathname === '/api/map/extent.do') return { json: extent };
      if (call.url.pathname === '/api/map/view.do') return { json: view };
      if (call.url.pathname === '/api/map/poles.do/9/summary')
        return {
          json: {
            id: 9,
            name: '东街 3 号杆',
            no: 'POLE-3',
            projectId: 5,
            projectName: '东区',
            devices: [
              { id: 71, name: '摄像机 A', type: TYPE_A, activeState: -1 },
              { id: 72, name: '灯 B', type: TYPE_A, activeState: 1 },
            ],
          },
        };
      return undefined;
    });
  }
  /** The view asked for covers every device of the extent. */
  function expectFitted(query: URLSearchParams) {
    for (const key of ['west', 'south', 'east', 'north']) expect(Number.isFinite(Number(query.get(key)))).toBe(true);
    expect(Number(query.get('west'))).toBeLessThanOrEqual(EXTENT.west);
    expect(Number(query.get('south'))).toBeLessThanOrEqual(EXTENT.south);
    expect(Number(query.get('east'))).toBeGreaterThanOrEqual(EXTENT.east);
    expect(Number(query.get('north'))).toBeGreaterThanOrEqual(EXTENT.north);
    expect(Number(query.get('zoom'))).toBeGreaterThan(10);
    expect(Number(query.get('zoom'))).toBeLessThan(17);
  }

  it("opens at the spec's default centre and zoom 18 when the devices lie around it (000 §9)", async () => {
    const box = layout();
    box.size.width = 1100;
    box.size.height = 546;
    const { calls } = answers(AROUND);
    renderWithApp(<MapPage />, { path: PATH });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/map/view.do')).toBe(true));
    const query = calls.find((c) => c.url.pathname === '/api/map/view.do')!.url.searchParams;
    expect(Number(query.get('zoom'))).toBe(18);
    expect(Number(query.get('west'))).toBeLessThan(119.50081);
    expect(Number(query.get('east'))).toBeGreaterThan(119.50081);
  });

  it('opens fitted to devices elsewhere, asks for the visible box and zoom and counts what it shows', async () => {
    const box = layout();
    box.size.width = 1100;
    box.size.height = 546;
    const { calls } = answers();
    renderWithApp(<MapPage />, { path: PATH });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/map/view.do')).toBe(true));
    expectFitted(calls.find((c) => c.url.pathname === '/api/map/view.do')!.url.searchParams);
    expect(await screen.findByText('当前视野：43 台设备')).toBeTruthy();
  });

  it('a map laid out after it was created fits the devices then, and never counts 0 before it knows', async () => {
    const box = layout();
    const { calls } = answers();
    renderWithApp(<MapPage />, { path: PATH });
    await waitFor(() => expect(document.querySelector('.leaflet-container')).toBeTruthy());
    await new Promise((r) => setTimeout(r, 400));
    // No box yet: nothing to ask for (its view would be a point at the widest zoom: "0 devices in view").
    expect(calls.some((c) => c.url.pathname === '/api/map/view.do')).toBe(false);
    expect(screen.getByTestId('map-status').textContent).toContain('正在加载设备');
    expect(screen.getByTestId('map-status').textContent).not.toContain('0 台');
    box.resize(1100, 546);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/map/view.do')).toBe(true));
    expectFitted(calls.find((c) => c.url.pathname === '/api/map/view.do')!.url.searchParams);
    expect(await screen.findByText('当前视野：43 台设备')).toBeTruthy();
  });

  it('draws a pole as one marker, counts its devices and opens its popup with its devices and the pole page', async () => {
    const box = layout();
    box.size.width = 1100;
    box.size.height = 546;
    const stub = new Proxy({} as Record<string, unknown>, {
      get: (target, key: string) => (key in target ? target[key] : () => undefined),
      set: (target, key: string, value) => {
        target[key] = value;
        return true;
      },
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(stub as unknown as CanvasRenderingContext2D);
    restore.push(() => vi.restoreAllMocks());
    answers(AROUND, { ...VIEW, poles: [[9, 32.16928, 119.50081, 6, -1]] });
    renderWithApp(<MapPage />, { path: PATH });
    // 1 point, a cluster of 42 and a pole of 6.
    expect(await screen.findByText('当前视野：49 台设备')).toBeTruthy();
    expect(screen.getByTestId('map-legend-pole').textContent).toContain('灯杆');
    const container = document.querySelector('.leaflet-container') as HTMLElement & { scDeviceMap?: L.Map };
    const map = container.scDeviceMap!;
    await waitFor(() =>
      expect(container.querySelector<HTMLCanvasElement>('[data-testid=map-canvas]')?.dataset.poles).toBe('1'),
    );
    act(() => {
      map.fire('click', {
        latlng: L.latLng(32.16928, 119.50081),
        layerPoint: map.latLngToLayerPoint([32.16928, 119.50081]),
      });
    });
    const popup = await screen.findByTestId('map-pole-popup');
    expect(popup.textContent).toContain('东街 3 号杆');
    expect(popup.textContent).toContain('东区');
    expect(popup.textContent).toContain('杆上设备（2）');
    expect(screen.getAllByTestId('map-pole-device')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '摄像机 A' }).getAttribute('href')).toBe('/biz/deviceedit?id=71');
    expect(screen.getByRole('link', { name: '打开灯杆页' }).getAttribute('href')).toBe(
      '/pjt/pjtpolemaintenance?groupId=9',
    );
  });
});
