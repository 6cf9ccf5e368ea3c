import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import L from 'leaflet';
import { useMemo } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import { mockFetch, renderWithApp } from '../../test/render';
import { devicesInArea } from './area';
import { AreaDrawBar } from './area-draw-bar';
import AreaMap, { type AreaMapMark, marksView } from './area-map';
import { useAreaDraw } from './use-area-draw';

const MARKS: AreaMapMark[] = [
  { id: 1, lng: 119.5, lat: 32.17, tone: 'on' },
  { id: 2, lng: 119.501, lat: 32.171, tone: 'off' },
  { id: 3, lng: 119.51, lat: 32.18, tone: 'on' },
];
const TONES = { on: { colour: '#fadb14', label: '亮' }, off: { colour: '#434a5a', label: '灭' } };

function Harness({ onArea }: { onArea: (ids: number[]) => void }) {
  const draw = useAreaDraw((polygon) => onArea(devicesInArea(MARKS, polygon).map((m) => m.id)));
  const inside = useMemo(() => (draw.area ? devicesInArea(MARKS, draw.area) : []), [draw.area]);
  return (
    <>
      <AreaDrawBar draw={draw} inside={inside.length} />
      <AreaMap marks={MARKS} tones={TONES} draw={draw} picked={new Set(inside.map((m) => m.id))} pickedLabel="选中" />
    </>
  );
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  mockFetch(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const mapOf = () =>
  (screen.getByTestId('area-map').querySelector('.leaflet-container') as HTMLElement & { scDeviceMap?: L.Map })
    .scDeviceMap!;

describe('the area map', () => {
  it('gives the canvas layer the marks, tone as type and picked as state', () => {
    expect(marksView(MARKS, new Set([3]))).toEqual({
      types: ['on', 'off'],
      points: [
        [1, 32.17, 119.5, 0, 0],
        [2, 32.171, 119.501, 1, 0],
        [3, 32.18, 119.51, 0, 1],
      ],
      clusters: [],
    });
  });

  it('draws an area with clicks, closes it on a double click and selects the devices inside', async () => {
    const user = userEvent.setup();
    const onArea = vi.fn();
    renderWithApp(<Harness onArea={onArea} />);
    await waitFor(() => expect(mapOf()).toBeTruthy());
    expect(screen.getByTestId('area-draw-hint').textContent).toBe('在地图上绘制区域，选中其中的设备');
    await user.click(screen.getByTestId('area-draw-start'));
    const map = mapOf();
    const click = (lng: number, lat: number) =>
      act(() => {
        const latlng = L.latLng(lat, lng);
        map.fire('click', { latlng, layerPoint: map.latLngToLayerPoint(latlng) });
      });
    click(119.49, 32.16);
    click(119.505, 32.16);
    expect(screen.getByTestId('area-draw-hint').textContent).toBe('在地图上单击放置顶点（还需 1 个）');
    click(119.505, 32.175);
    click(119.49, 32.175);
    expect(screen.getByTestId('area-draw').dataset.vertices).toBe('4');
    expect(document.querySelectorAll('.area-draw-vertex')).toHaveLength(4);
    expect(map.doubleClickZoom.enabled()).toBe(false);
    act(() => {
      const latlng = L.latLng(32.175, 119.49);
      map.fire('dblclick', { latlng, layerPoint: map.latLngToLayerPoint(latlng) });
    });
    expect(onArea).toHaveBeenCalledWith([1, 2]);
    expect(screen.getByTestId('area-draw').dataset.mode).toBe('done');
    expect(screen.getByTestId('area-draw-hint').textContent).toBe('区域内 2 台设备');
    expect(document.querySelector('.area-draw-polygon')).toBeTruthy();
    expect(map.doubleClickZoom.enabled()).toBe(true);
    await user.click(screen.getByTestId('area-draw-clear'));
    expect(screen.getByTestId('area-draw').dataset.mode).toBe('idle');
    expect(document.querySelector('.area-draw-polygon')).toBeNull();
  });
});
