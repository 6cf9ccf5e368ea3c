import { describe, expect, it } from 'vitest';
import { devicesInArea, type LngLat, pointInPolygon } from './area';
import { areaDrawing } from './use-area-draw';

const square: LngLat[] = [
  [119.5, 32.1],
  [119.6, 32.1],
  [119.6, 32.2],
  [119.5, 32.2],
];
// A concave "L": the notch at the top right is outside.
const ell: LngLat[] = [
  [0, 0],
  [2, 0],
  [2, 1],
  [1, 1],
  [1, 2],
  [0, 2],
];

describe('area geometry', () => {
  it('tells points inside, outside and on the edge of a polygon', () => {
    expect(pointInPolygon([119.55, 32.15], square)).toBe(true);
    expect(pointInPolygon([119.65, 32.15], square)).toBe(false);
    expect(pointInPolygon([119.5, 32.15], square)).toBe(true);
    expect(pointInPolygon([0.5, 1.5], ell)).toBe(true);
    expect(pointInPolygon([1.5, 1.5], ell)).toBe(false);
    expect(pointInPolygon([1.5, 0.5], ell)).toBe(true);
    expect(
      pointInPolygon(
        [0, 0],
        [
          [0, 0],
          [1, 1],
        ],
      ),
    ).toBe(false);
  });

  it('selects the devices inside, skipping those without a coordinate', () => {
    const devices = [
      { id: 1, lng: 119.55, lat: 32.15 },
      { id: 2, lng: 119.7, lat: 32.15 },
      { id: 3, lng: null, lat: null },
      { id: 4, lng: 119.51, lat: 32.19 },
    ];
    expect(devicesInArea(devices, square).map((d) => d.id)).toEqual([1, 4]);
    expect(devicesInArea(devices, square.slice(0, 2))).toEqual([]);
  });
});

describe('area drawing', () => {
  it('places vertices while drawing, ignores a double click’s second click, closes with three or more', () => {
    let s = areaDrawing.start();
    s = areaDrawing.add(s, [0, 0]);
    s = areaDrawing.add(s, [1, 0]);
    expect(areaDrawing.finish(s)).toBe(s);
    s = areaDrawing.add(s, [1, 1]);
    s = areaDrawing.add(s, [1, 1]);
    expect(s.vertices).toHaveLength(3);
    s = areaDrawing.undo(s);
    expect(s.vertices).toHaveLength(2);
    s = areaDrawing.add(s, [0, 1]);
    const done = areaDrawing.finish(s);
    expect(done).toEqual({
      mode: 'done',
      vertices: [
        [0, 0],
        [1, 0],
        [0, 1],
      ],
    });
    // A closed area takes no more vertices until drawn again.
    expect(areaDrawing.add(done, [5, 5])).toBe(done);
    expect(areaDrawing.clear()).toEqual({ mode: 'idle', vertices: [] });
  });
});
