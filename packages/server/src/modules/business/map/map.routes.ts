import {
  idParam,
  mapClusterList,
  mapDeviceSummary,
  mapExtent,
  mapExtentQuery,
  mapPoleSummary,
  mapQuery,
  mapView,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonQuery } from '../../../platform/schemas.js';
import type { MapService } from './map.service.js';

const tags = ['map'];

/** The map view (spec 000 §2 /map/bizindex). */
export function mapRoutes(app: FastifyInstance, deps: { map: MapService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/map/clusters.do',
    {
      schema: {
        tags,
        summary: 'Devices in a box as grid clusters (every single device at zoom >= 17 or when the box holds <= 500)',
        querystring: commonQuery.extend(mapQuery.shape),
        response: { 200: mapClusterList },
      },
    },
    (req) => {
      const { token: _t, lang: _l, ...query } = req.query;
      return deps.map.clusters(req.session!, query);
    },
  );
  r.get(
    '/api/map/view.do',
    {
      schema: {
        tags,
        summary:
          'What the map draws for a box and zoom, compactly: points [id, lat, lng, type index, state], clusters [lat, lng, count, error, unknown, active] and poles [group id, lat, lng, count, worst state] (a device group whose located devices stand within 15 m of their centre: one marker for them); nothing is cut',
        querystring: commonQuery.extend(mapQuery.shape),
        response: { 200: mapView },
      },
    },
    (req) => {
      const { token: _t, lang: _l, ...query } = req.query;
      return deps.map.view(req.session!, query);
    },
  );
  r.get(
    '/api/map/extent.do',
    {
      schema: {
        tags,
        summary: 'The box of every located device in scope: the map opens fitted to it',
        querystring: commonQuery.extend(mapExtentQuery.shape),
        response: { 200: mapExtent },
      },
    },
    (req) => {
      const { token: _t, lang: _l, ...query } = req.query;
      return deps.map.extent(req.session!, query);
    },
  );
  r.get(
    '/api/map/devices.do/:id/summary',
    {
      schema: {
        tags,
        summary: "A device's popup summary",
        params: z.object({ id: idParam() }),
        querystring: commonQuery,
        response: { 200: mapDeviceSummary },
      },
    },
    (req) => deps.map.summary(req.session!, req.params.id),
  );
  r.get(
    '/api/map/poles.do/:groupId/summary',
    {
      schema: {
        tags,
        summary: "A pole's popup summary: the device group and every device on it with its state",
        params: z.object({ groupId: idParam() }),
        querystring: commonQuery,
        response: { 200: mapPoleSummary },
      },
    },
    (req) => deps.map.poleSummary(req.session!, req.params.groupId),
  );
}
