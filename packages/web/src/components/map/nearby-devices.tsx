import type { MapView } from '@sc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Marker, useMap, useMapEvents } from 'react-leaflet';
import { api } from '../../api/client';

const DOT = { color: '#fff', weight: 1.5, fillColor: '#1677ff', fillOpacity: 0.9 };

/** A cluster's count in a disc (a drawn icon: nothing fetched). */
const countIcon = (count: number) =>
  L.divIcon({
    className: '',
    html: `<div class="coordinate-picker-cluster">${count}</div>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });

/** The map's box and zoom as GET /api/map/view.do takes them (rounded, so a tiny move asks nothing new). */
const boxOf = (map: L.Map) => {
  const b = map.getBounds();
  const r = (n: number) => Number(n.toFixed(5));
  return {
    west: r(b.getWest()),
    south: r(b.getSouth()),
    east: r(b.getEast()),
    north: r(b.getNorth()),
    zoom: map.getZoom(),
  };
};

/**
 * The project's devices already placed in view, as dots (clusters and poles as counts), and how many
 * under the map: where the neighbours stand shows where a new device goes, with or without tiles.
 * Read quietly: a caller without the map's permission sees the sheet without them.
 */
export function NearbyDevices({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const map = useMap();
  const [box, setBox] = useState(() => boxOf(map));
  useMapEvents({ moveend: () => setBox(boxOf(map)) });
  const view = useQuery({
    queryKey: ['map', 'view', 'nearby', projectId, box],
    queryFn: () => api.get<MapView>('/api/map/view.do', { ...box, projectId }, { silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  const data = view.data;
  if (!data) return null;
  const count =
    data.points.length + data.clusters.reduce((n, c) => n + c[2], 0) + (data.poles ?? []).reduce((n, p) => n + p[3], 0);
  return (
    <>
      {data.points.map(([id, lat, lng]) => (
        <CircleMarker key={`d${id}`} center={[lat, lng]} radius={5} pathOptions={DOT} interactive={false} />
      ))}
      {data.clusters.map(([lat, lng, n]) => (
        <Marker key={`c${lat},${lng}`} position={[lat, lng]} icon={countIcon(n)} interactive={false} />
      ))}
      {(data.poles ?? []).map(([id, lat, lng, n]) => (
        <Marker key={`p${id}`} position={[lat, lng]} icon={countIcon(n)} interactive={false} />
      ))}
      <div className="coordinate-picker-nearby" data-testid="coordinate-nearby">
        <span className="coordinate-picker-dot" />
        {t('projects.picker.nearby', { count })}
      </div>
    </>
  );
}
