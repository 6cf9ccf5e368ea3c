import type { MapCluster } from '@sc/contract';
import type { Params } from '../../../api/client';

export interface MapFilters {
  projectId?: number;
  type?: string;
  activeState?: number;
  /** With `projectId`: its child projects' devices too (the /pjt switch, issue 13). */
  includeChildren?: boolean;
}

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
const fixed = (v: number) => Number(v.toFixed(6));

/** The query of GET /api/map/clusters.do (contract mapQuery): the bbox clamped to the world, the zoom and the set filters. */
export function buildClusterQuery(bbox: Bbox, zoom: number, filters: MapFilters): Params {
  const query: Params = {
    west: fixed(clamp(bbox.west, -180, 180)),
    south: fixed(clamp(bbox.south, -90, 90)),
    east: fixed(clamp(bbox.east, -180, 180)),
    north: fixed(clamp(bbox.north, -90, 90)),
    zoom: clamp(Math.round(zoom), 0, 22),
  };
  if (filters.projectId !== undefined) query.projectId = filters.projectId;
  if (filters.type) query.type = filters.type;
  if (filters.activeState !== undefined) query.activeState = filters.activeState;
  if (filters.includeChildren) query.includeChildren = true;
  return query;
}

/** A cluster's colour: any abnormal → red (error), all normal → green (active), else grey (unknown). */
export function clusterTone(cluster: Pick<MapCluster, 'count' | 'states'>): 'error' | 'active' | 'unknown' {
  if (cluster.states.error > 0) return 'error';
  if (cluster.count > 0 && cluster.states.active === cluster.count) return 'active';
  return 'unknown';
}
