import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { CircleMarker, Polygon, Polyline, useMap, useMapEvents } from 'react-leaflet';
import { roundLngLat } from './area';
import type { AreaDraw } from './use-area-draw';

const COLOUR = '#1677ff';

/**
 * The area being drawn, inside a react-leaflet map: while drawing, a click places a vertex, a double
 * click closes the area, Escape drops it; the vertices and the outline show on an SVG layer of their
 * own above any canvas layer (devices), with or without tiles.
 */
export function AreaDrawLayer({ draw }: { draw: AreaDraw }) {
  const map = useMap();
  const renderer = useMemo(() => L.svg({ padding: 0.5 }), []);
  const drawing = draw.mode === 'drawing';

  useMapEvents({
    click: (e) => {
      if (drawing) draw.add(roundLngLat(e.latlng.lng, e.latlng.lat));
    },
    dblclick: () => {
      if (drawing) draw.finish();
    },
    keydown: (e) => {
      if (drawing && e.originalEvent.key === 'Escape') draw.clear();
    },
  });

  // While drawing, a double click closes the area instead of zooming, and the cursor says so.
  useEffect(() => {
    if (!drawing) return;
    const container = map.getContainer();
    const zoomed = map.doubleClickZoom.enabled();
    map.doubleClickZoom.disable();
    container.classList.add('area-drawing');
    container.style.cursor = 'crosshair';
    return () => {
      if (zoomed) map.doubleClickZoom.enable();
      container.classList.remove('area-drawing');
      container.style.cursor = '';
    };
  }, [map, drawing]);

  const positions = draw.vertices.map(([lng, lat]) => L.latLng(lat, lng));
  if (positions.length === 0) return null;
  return (
    <>
      {draw.mode === 'done' ? (
        <Polygon
          positions={positions}
          pathOptions={{ color: COLOUR, weight: 2, fillOpacity: 0.12 }}
          className="area-draw-polygon"
          renderer={renderer}
          interactive={false}
        />
      ) : (
        <Polyline
          positions={positions}
          pathOptions={{ color: COLOUR, weight: 2, dashArray: '6 4' }}
          className="area-draw-line"
          renderer={renderer}
          interactive={false}
        />
      )}
      {drawing &&
        positions.map((p, i) => (
          <CircleMarker
            // biome-ignore lint/suspicious/noArrayIndexKey: vertices have no identity but their place
            key={i}
            center={p}
            radius={4}
            pathOptions={{ color: COLOUR, weight: 2, fillColor: '#fff', fillOpacity: 1 }}
            className="area-draw-vertex"
            renderer={renderer}
            interactive={false}
          />
        ))}
    </>
  );
}
