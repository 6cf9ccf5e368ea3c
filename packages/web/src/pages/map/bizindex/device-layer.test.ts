import type { MapView } from '@sc/contract';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPE_A, TYPE_B } from '../../../test/family-samples';
import { DeviceLayer } from './device-layer';

const view = (points: MapView['points'], clusters: MapView['clusters'] = []): MapView => ({
  types: [TYPE_A, TYPE_B],
  points,
  clusters,
});

let container: HTMLDivElement | undefined;
// jsdom draws nothing: the layer then only keeps its marks.
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  container?.remove();
  vi.restoreAllMocks();
});

describe('the device layer', () => {
  it('keeps its marker objects across answers: same id, same object, updated in place', () => {
    const layer = new DeviceLayer();
    layer.setView(
      view(
        [
          [1, 32.1, 119.5, 0, 1],
          [2, 32.2, 119.6, 1, -1],
          [3, 32.3, 119.7, 0, 0],
        ],
        [[32.0, 119.0, 42, 1, 0, 41]],
      ),
    );
    const one = layer.devices.get(1)!;
    const two = layer.devices.get(2)!;
    const cluster = [...layer.clusters.values()][0]!;
    expect(cluster).toMatchObject({ count: 42, tone: 'error' });

    const changes = layer.setView(
      view(
        [
          [2, 32.25, 119.6, 1, 1],
          [1, 32.1, 119.5, 0, 1],
          [4, 32.4, 119.8, 1, 0],
        ],
        [[32.0, 119.0, 42, 0, 0, 42]],
      ),
    );
    expect(changes).toEqual({ added: 1, updated: 2, removed: 1 });
    expect(layer.devices.get(1)).toBe(one);
    expect(layer.devices.get(2)).toBe(two);
    expect(two).toEqual({ id: 2, lat: 32.25, lng: 119.6, type: TYPE_B, state: 1 });
    expect(layer.devices.has(3)).toBe(false);
    expect(layer.devices.get(4)).toMatchObject({ type: TYPE_B, state: 0 });
    expect([...layer.clusters.values()][0]).toBe(cluster);
    expect(cluster.tone).toBe('active');
  });

  it('keeps poles by group id with their count and worst state, and drops them when gone', () => {
    const layer = new DeviceLayer();
    layer.setView({ ...view([[1, 32.1, 119.5, 0, 1]]), poles: [[9, 32.2, 119.6, 7, -1]] });
    const pole = layer.poles.get(9)!;
    expect(pole).toEqual({ pole: 9, lat: 32.2, lng: 119.6, count: 7, tone: 'error' });
    expect(layer.setView({ ...view([[1, 32.1, 119.5, 0, 1]]), poles: [[9, 32.2, 119.6, 7, 1]] })).toEqual({
      added: 0,
      updated: 1,
      removed: 0,
    });
    expect(layer.poles.get(9)).toBe(pole);
    expect(pole.tone).toBe('active');
    // An answer without poles (the area maps') has none.
    expect(layer.setView(view([[1, 32.1, 119.5, 0, 1]])).removed).toBe(1);
    expect(layer.poles.size).toBe(0);
  });

  it('draws a pole as one square marker and a click on it opens the pole, not a device or cluster', () => {
    const drawn: string[] = [];
    const stub = new Proxy({} as Record<string, unknown>, {
      get: (target, key: string) =>
        key in target
          ? target[key]
          : key === 'roundRect' || key === 'fillText'
            ? (...a: unknown[]) => drawn.push(`${key}:${a[0]}`)
            : () => undefined,
      set: (target, key: string, value) => {
        target[key] = value;
        return true;
      },
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(stub as unknown as CanvasRenderingContext2D);
    vi.spyOn(L.Util, 'requestAnimFrame').mockImplementation((fn) => {
      (fn as () => void)();
      return 1;
    });
    container = document.createElement('div');
    Object.defineProperty(container, 'clientWidth', { value: 400 });
    Object.defineProperty(container, 'clientHeight', { value: 300 });
    document.body.appendChild(container);
    const map = L.map(container, { center: [32.1, 119.5], zoom: 18 });
    const onPole = vi.fn();
    const onDevice = vi.fn();
    const onCluster = vi.fn();
    const layer = new DeviceLayer({ onPole, onDevice, onCluster }).addTo(map);
    layer.setView({ ...view([[1, 32.1005, 119.5005, 0, 1]]), poles: [[9, 32.1, 119.5, 5, 0]] });
    const canvas = container.querySelector<HTMLCanvasElement>('[data-testid=map-canvas]')!;
    expect(canvas.dataset.poles).toBe('1');
    expect(canvas.dataset.clusters).toBe('0');
    expect(canvas.dataset.devices).toBe('1');
    expect(drawn.filter((d) => d.startsWith('roundRect'))).toHaveLength(1);
    expect(drawn).toContain('fillText:5');
    map.fire('click', { latlng: L.latLng(32.1, 119.5), layerPoint: map.latLngToLayerPoint([32.1, 119.5]).add([4, 4]) });
    expect(onPole).toHaveBeenCalledWith(expect.objectContaining({ pole: 9, count: 5, tone: 'unknown' }));
    expect(onDevice).not.toHaveBeenCalled();
    expect(onCluster).not.toHaveBeenCalled();
    map.remove();
  });

  it('keeps one canvas on the map across answers, not one element per device', () => {
    container = document.createElement('div');
    Object.defineProperty(container, 'clientWidth', { value: 400 });
    Object.defineProperty(container, 'clientHeight', { value: 300 });
    document.body.appendChild(container);
    const map = L.map(container, { center: [32.1, 119.5], zoom: 17 });
    const layer = new DeviceLayer().addTo(map);
    const points: MapView['points'] = Array.from({ length: 1000 }, (_, i) => [i + 1, 32.1, 119.5, 0, 1]);
    layer.setView(view(points));
    const canvas = container.querySelector('[data-testid=map-canvas]');
    expect(canvas).not.toBeNull();
    layer.setView(view(points.slice(0, 500)));
    expect(container.querySelectorAll('canvas')).toHaveLength(1);
    expect(container.querySelector('[data-testid=map-canvas]')).toBe(canvas);
    expect(layer.devices.size).toBe(500);
    map.remove();
  });

  it('draws many devices in slices of a few milliseconds, one per frame, never in one long task', () => {
    // A clock that only drawing moves: every device costs 0.05 ms, so 4,000 devices are 200 ms.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const stub = new Proxy({} as Record<string, unknown>, {
      get: (target, key: string) =>
        key in target
          ? target[key]
          : key === 'arc'
            ? () => {
                now += 0.05;
              }
            : () => undefined,
      set: (target, key: string, value) => {
        target[key] = value;
        return true;
      },
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(stub as unknown as CanvasRenderingContext2D);
    const frames: (() => void)[] = [];
    vi.spyOn(L.Util, 'requestAnimFrame').mockImplementation((fn) => frames.push(fn as () => void));
    container = document.createElement('div');
    Object.defineProperty(container, 'clientWidth', { value: 400 });
    Object.defineProperty(container, 'clientHeight', { value: 300 });
    document.body.appendChild(container);
    const map = L.map(container, { center: [32.1, 119.5], zoom: 17 });
    const layer = new DeviceLayer().addTo(map);
    const points: MapView['points'] = Array.from({ length: 4000 }, (_, i) => [i + 1, 32.1, 119.5, 0, 1]);
    layer.setView(view(points));
    const canvas = container.querySelector<HTMLCanvasElement>('[data-testid=map-canvas]')!;
    const slices: number[] = [];
    while (frames.length) {
      const started = now;
      frames.shift()!();
      slices.push(now - started);
    }
    expect(canvas.dataset.devices).toBe('4000');
    expect(slices.filter((ms) => ms > 0).length).toBeGreaterThanOrEqual(15);
    // 8 ms, overrun by at most the 64 devices drawn between two looks at the clock.
    expect(Math.max(...slices)).toBeLessThanOrEqual(8 + 64 * 0.05 + 0.001);
    map.remove();
  });
});
