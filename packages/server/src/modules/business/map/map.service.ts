import type { MapCluster } from '@sc/contract';
import { notFound } from '../../../platform/errors.js';
import type { SessionContext } from '../../session/session-context.js';
import type { MapFilter, MapRepository } from './map.repository.js';
import { clusterSnapshot, type MapSnapshots } from './map-snapshot.js';

/** At this zoom and above the map shows single devices. */
export const SINGLES_ZOOM = 17;
/** A box with at most this many devices shows them singly at any zoom. */
export const SINGLES_MAX = 500;
/** Single devices answered at high zoom at most (a street-level box never holds more in practice). */
export const SINGLES_LIMIT = 5000;

/** Cell size in degrees: a quarter of a 256px tile's width at the zoom. */
export const cellSize = (zoom: number) => 360 / 2 ** zoom / 4;

/** The map view (/map/bizindex): clusters of devices and a popup summary. */
export function createMapService(deps: { map: MapRepository; snapshots: MapSnapshots }) {
  const { map } = deps;
  return {
    async clusters(session: SessionContext, query: MapFilter & { zoom: number }): Promise<MapCluster[]> {
      const { zoom, ...filter } = query;
      const scope = session.project.path;
      if (zoom >= SINGLES_ZOOM || (await map.countUpTo(scope, filter, SINGLES_MAX + 1)) <= SINGLES_MAX)
        return map.singles(scope, filter, SINGLES_LIMIT);
      return clusterSnapshot(await deps.snapshots.get(), scope, filter, cellSize(zoom));
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
  };
}

export type MapService = ReturnType<typeof createMapService>;
