/** A point as [longitude, latitude] (GeoJSON order, as the area calls take it). */
export type LngLat = [number, number];

/** A device with a coordinate; devices without one are never inside an area. */
export interface Placed {
  id: number;
  lng?: number | null;
  lat?: number | null;
}

/**
 * Whether a point lies inside a polygon (ray casting, even-odd rule). A city block is small enough for
 * longitude and latitude to be treated as plane coordinates; points on an edge count as inside.
 */
export function pointInPolygon(point: LngLat, polygon: readonly LngLat[]): boolean {
  if (polygon.length < 3) return false;
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (onSegment(x, y, xi, yi, xj, yj)) return true;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function onSegment(x: number, y: number, x1: number, y1: number, x2: number, y2: number): boolean {
  const cross = (x - x1) * (y2 - y1) - (y - y1) * (x2 - x1);
  if (Math.abs(cross) > 1e-12) return false;
  return x >= Math.min(x1, x2) && x <= Math.max(x1, x2) && y >= Math.min(y1, y2) && y <= Math.max(y1, y2);
}

/** The devices of `devices` inside the polygon, in their order. */
export function devicesInArea<T extends Placed>(devices: readonly T[], polygon: readonly LngLat[]): T[] {
  if (polygon.length < 3) return [];
  const [west, south, east, north] = bounds(polygon);
  return devices.filter((d) => {
    if (d.lng === null || d.lng === undefined || d.lat === null || d.lat === undefined) return false;
    if (d.lng < west || d.lng > east || d.lat < south || d.lat > north) return false;
    return pointInPolygon([d.lng, d.lat], polygon);
  });
}

/** [west, south, east, north] of the points. */
export function bounds(points: readonly LngLat[]): [number, number, number, number] {
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const [lng, lat] of points) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [west, south, east, north];
}

const PRECISION = 7;
/** A vertex rounded as coordinates are stored (7 decimals, about a centimetre). */
export const roundLngLat = (lng: number, lat: number): LngLat => [
  Number(lng.toFixed(PRECISION)),
  Number(lat.toFixed(PRECISION)),
];
