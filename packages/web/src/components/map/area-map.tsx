import type { MapView } from '@sc/contract';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { useRunningParams } from '../../api/session-api';
import { DeviceLayer, SPRITE_SIZE } from '../../pages/map/bizindex/device-layer';
import { bounds } from './area';
import { AreaDrawLayer } from './area-draw-layer';
import { DEFAULT_CENTER } from './coordinate-picker';
import type { AreaDraw } from './use-area-draw';
import './area-map.css';

/** A device on the map, in one of the caller's tones (e.g. lit, dark, fault). */
export interface AreaMapMark {
  id: number;
  lng: number;
  lat: number;
  tone: string;
}

/** A tone: its colour and its label in the legend. */
export interface AreaMapTone {
  colour: string;
  label: string;
}

/** The answer the canvas layer takes, from the caller's marks: the tone rides as the type, picked as the state. */
export function marksView(marks: readonly AreaMapMark[], picked: ReadonlySet<number>): MapView {
  const types: string[] = [];
  const index = new Map<string, number>();
  const points: MapView['points'] = marks.map((m) => {
    let i = index.get(m.tone);
    if (i === undefined) {
      i = types.length;
      types.push(m.tone);
      index.set(m.tone, i);
    }
    return [m.id, m.lat, m.lng, i, picked.has(m.id) ? 1 : 0];
  });
  return { types, points, clusters: [] };
}

/** A dot per tone, ringed when picked, drawn once each. */
function useToneSprites(tones: Record<string, AreaMapTone>) {
  return useMemo(() => {
    const cache = new Map<string, HTMLCanvasElement | null>();
    const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
    return (tone: string, picked: number): CanvasImageSource | null => {
      const key = `${tone}:${picked}`;
      const known = cache.get(key);
      if (known !== undefined) return known;
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d');
      if (!ctx) {
        cache.set(key, null);
        return null;
      }
      const size = SPRITE_SIZE;
      canvas.width = size * dpr;
      canvas.height = size * dpr;
      ctx.scale(dpr, dpr);
      const c = size / 2;
      if (picked) {
        ctx.beginPath();
        ctx.arc(c, c, c - 1, 0, Math.PI * 2);
        ctx.fillStyle = '#1677ff';
        ctx.fill();
        ctx.beginPath();
        ctx.arc(c, c, c - 3.5, 0, Math.PI * 2);
        ctx.fillStyle = '#fff';
        ctx.fill();
      }
      ctx.beginPath();
      ctx.arc(c, c, picked ? c - 6 : c - 5, 0, Math.PI * 2);
      ctx.fillStyle = tones[tone]?.colour ?? '#8c8c8c';
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = '#fff';
      ctx.stroke();
      cache.set(key, canvas);
      return canvas;
    };
  }, [tones]);
}

function MarksLayer({
  view,
  sprite,
  onDevice,
}: {
  view: MapView;
  sprite: (type: string, state: number) => CanvasImageSource | null;
  onDevice: (id: number) => void;
}) {
  const map = useMap();
  const onDeviceRef = useRef(onDevice);
  onDeviceRef.current = onDevice;
  const layer = useMemo(() => new DeviceLayer({ onDevice: (d) => onDeviceRef.current(d.id) }), []);
  useEffect(() => {
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, layer]);
  useEffect(() => {
    layer.options.sprite = sprite;
    layer.setView(view);
  }, [layer, view, sprite]);
  return null;
}

/** Fits the map to the marks once they first arrive. */
function FitOnce({ marks }: { marks: readonly AreaMapMark[] }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || marks.length === 0) return;
    fitted.current = true;
    const [west, south, east, north] = bounds(marks.map((m) => [m.lng, m.lat]));
    map.fitBounds(
      [
        [south, west],
        [north, east],
      ],
      { padding: [32, 32], maxZoom: 18 },
    );
  }, [map, marks]);
  return null;
}

export interface AreaMapProps {
  marks: readonly AreaMapMark[];
  tones: Record<string, AreaMapTone>;
  draw: AreaDraw;
  /** Devices shown ringed (e.g. those inside the area, or the chosen members). */
  picked?: ReadonlySet<number>;
  /** A device clicked (not while drawing). */
  onDevice?: (id: number) => void;
  /** The legend's label of the ringed devices. */
  pickedLabel?: string;
  height?: number | string;
}

/**
 * Devices on a Leaflet map drawn by the canvas device layer, in the caller's tones, where an area can
 * be drawn (`useAreaDraw`). Tiles only when the running parameters name a tile URL; without them the
 * devices show on a plain sheet and the drawing works the same.
 */
export default function AreaMap({ marks, tones, draw, picked, onDevice, pickedLabel, height = 480 }: AreaMapProps) {
  const params = useRunningParams();
  const settings = params.data?.map;
  const tileUrl = settings?.tileUrl?.trim() ?? '';
  const none = useMemo(() => new Set<number>(), []);
  const view = useMemo(() => marksView(marks, picked ?? none), [marks, picked, none]);
  const sprite = useToneSprites(tones);
  const drawing = draw.mode === 'drawing';
  const usedTones = Object.entries(tones).filter(([tone]) => marks.some((m) => m.tone === tone));
  return (
    <div className={`area-map${tileUrl ? '' : ' area-map-plain'}`} style={{ height }} data-testid="area-map">
      <MapContainer
        center={[settings?.lat ?? DEFAULT_CENTER.lat, settings?.lng ?? DEFAULT_CENTER.lng]}
        zoom={settings?.zoom ?? 16}
        maxZoom={22}
        attributionControl={Boolean(tileUrl)}
        preferCanvas
        keyboard
      >
        {tileUrl && <TileLayer url={tileUrl} attribution={settings?.tileAttribution} maxZoom={22} />}
        <FitOnce marks={marks} />
        <MarksLayer view={view} sprite={sprite} onDevice={(id) => !drawing && onDevice?.(id)} />
        <AreaDrawLayer draw={draw} />
      </MapContainer>
      {usedTones.length > 0 && (
        <div className="area-map-legend">
          {usedTones.map(([tone, t]) => (
            <div key={tone}>
              <i style={{ background: t.colour }} />
              {t.label}
            </div>
          ))}
          {pickedLabel && (picked?.size ?? 0) > 0 && (
            <div>
              <i className="area-map-picked" />
              {pickedLabel}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
