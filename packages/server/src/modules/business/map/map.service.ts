import type { MapCluster, MapClusterTuple, MapExtent, MapPoint, MapPoleTuple, MapView } from '@sc/contract';
import { notFound } from '../../../platform/errors.js';
import type { SessionContext } from '../../session/session-context.js';
import type { MapFilter, MapRepository } from './map.repository.js';
import { clusterSnapshot, type MapSnapshots, prepareSnapshot, snapshotExtent, streetSnapshot } from './map-snapshot.js';

/** At this zoom and above the map shows single devices. */
export const SINGLES_ZOOM = 17;
/** clusters.do: a box with at most this many devices answers them singly at any zoom (view.do clusters overlaps). */
export const SINGLES_MAX = 500;

/** Cell size in degrees: a quarter of a 256px tile's width at the zoom. */
export const cellSize = (zoom: number) => 360 / 2 ** zoom / 4;

/** Type codes as indexes into one list, for the compact answer. */
function typeIndex() {
  const types: string[] = [];
  const index = new Map<string, number>();
  return {
    types,
    of(type: string) {
      let i = index.get(type);
      if (i === undefined) {
        i = types.length;
        types.push(type);
        index.set(type, i);
      }
      return i;
    },
  };
}

/** A pole's worst state: any abnormal device makes it abnormal, all normal normal, else unknown. */
const worstState = (n: number, error: number, active: number) => (error > 0 ? -1 : active === n ? 1 : 0);

type MapQuery = MapFilter & { zoom: number; includeChildren?: boolean };

/** The map view (/map/bizindex): clusters of devices and a popup summary. */
export function createMapService(deps: { map: MapRepository; snapshots: MapSnapshots }) {
  const { map } = deps;
  /**
   * Where a call looks: the caller's subtree, narrowed by the filters; with `includeChildren` and a
   * project, that project's subtree (issue 13), only when the caller may see it (else the exact project
   * filter stays, which finds nothing outside the caller's subtree).
   */
  async function scoped<F extends { projectId?: number; includeChildren?: boolean }>(
    session: SessionContext,
    query: F,
  ) {
    const { includeChildren, ...filter } = query;
    const own = { scope: session.project.path, filter };
    if (!includeChildren || filter.projectId === undefined) return own;
    const path = await map.projectPath(filter.projectId);
    if (!path?.startsWith(session.project.path)) return own;
    return { scope: path, filter: { ...filter, projectId: undefined } };
  }
  const singlesAnswer = async (scope: string, filter: MapFilter, zoom: number) =>
    zoom >= SINGLES_ZOOM || (await map.countUpTo(scope, filter, SINGLES_MAX + 1)) <= SINGLES_MAX;
  return {
    async clusters(session: SessionContext, query: MapQuery): Promise<MapCluster[]> {
      const { zoom, ...rest } = query;
      const { scope, filter } = await scoped(session, rest);
      if (await singlesAnswer(scope, filter, zoom)) return map.singles(scope, filter);
      const snapshot = await deps.snapshots.get();
      await prepareSnapshot(snapshot, cellSize(zoom));
      return clusterSnapshot(snapshot, scope, filter, cellSize(zoom)).map(({ pole: _pole, ...c }) => c);
    },

    /**
     * What the map draws, compactly: every device in the box as a point at street level; below it, a
     * cluster per cell where devices overlap and a point where one stands alone. The devices of a pole
     * (map-snapshot.ts polesOf) are one pole marker instead, at street level and wherever they are all
     * of their cell; a cluster with other devices counts them.
     */
    async view(session: SessionContext, query: MapQuery): Promise<MapView> {
      const { zoom, ...rest } = query;
      const { scope, filter } = await scoped(session, rest);
      const types = typeIndex();
      const points: MapPoint[] = [];
      const clusters: MapClusterTuple[] = [];
      const poles: MapPoleTuple[] = [];
      // From the snapshot, kept up to date from the changes: no database work per move of the map.
      const snapshot = await deps.snapshots.get();
      // Poles and clusters computed a few ms at a time on first use, then patched from state changes.
      await prepareSnapshot(snapshot, zoom >= SINGLES_ZOOM ? undefined : cellSize(zoom));
      // Below street level devices cluster wherever they overlap (share a quarter-tile cell), however few
      // are in the box: 500 devices drawn singly at zoom 9-12 were one unreadable blob. A cell with one
      // device answers it as a point.
      const grid = zoom >= SINGLES_ZOOM ? [] : clusterSnapshot(snapshot, scope, filter, cellSize(zoom));
      if (zoom >= SINGLES_ZOOM) {
        const street = streetSnapshot(snapshot, scope, filter);
        for (const [id, lat, lng, type, state] of street.points) points.push([id, lat, lng, types.of(type), state]);
        for (const [group, p] of street.poles)
          poles.push([group, p.lat, p.lng, p.n, worstState(p.n, p.error, p.active)]);
      } else {
        for (const c of grid) {
          if (c.pole) poles.push([c.pole, c.lat, c.lng, c.count, worstState(c.count, c.states.error, c.states.active)]);
          else if (c.count === 1 && c.id !== undefined) {
            const state = c.states.error ? -1 : c.states.active ? 1 : 0;
            points.push([c.id, c.lat, c.lng, types.of(c.type ?? ''), state]);
          } else clusters.push([c.lat, c.lng, c.count, c.states.error, c.states.unknown, c.states.active]);
        }
      }
      return { types: types.types, points, clusters, poles };
    },

    /** The box of every located device in scope (and filters): the map opens fitted to it. */
    async extent(
      session: SessionContext,
      query: Omit<MapFilter, 'west' | 'south' | 'east' | 'north'> & { includeChildren?: boolean },
    ) {
      const { scope, filter } = await scoped(session, query);
      return snapshotExtent(await deps.snapshots.get(), scope, filter) satisfies MapExtent;
    },

    async summary(session: SessionContext, id: number) {
      const row = await map.summary(id);
      if (!row?.projectPath.startsWith(session.project.path)) throw notFound();
      const { projectPath: _, lastActiveAt, ...rest } = row;
      return {
        ...rest,
        typeName: rest.typeName ?? rest.type,
        lastActiveAt: lastActiveAt ? new Date(lastActiveAt).toISOString() : null,
        link: `/biz/deviceedit?id=${row.id}`,
      };
    },

    /** A pole's popup: the group and its devices, when the group's project is in the caller's subtree. */
    async poleSummary(session: SessionContext, groupId: number) {
      const row = await map.poleSummary(groupId);
      if (!row?.projectPath.startsWith(session.project.path)) throw notFound();
      const { projectPath: _, ...rest } = row;
      return rest;
    },
  };
}

export type MapService = ReturnType<typeof createMapService>;
