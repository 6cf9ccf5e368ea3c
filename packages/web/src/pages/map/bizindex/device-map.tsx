import type { MapDeviceSummary, MapExtent, MapPoleSummary, MapView } from '@sc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Spin, Typography } from 'antd';
import type L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router';
import { api, buildUrl, type Params } from '../../../api/client';
import { useRunningParams } from '../../../api/session-api';
import { polePath } from '../../../components/maintenance/maintenance-api';
import { DEFAULT_CENTER } from '../../../components/map/coordinate-picker';
import { useCurrentProject } from '../../../session/use-current-project';
import { ActiveStateTag, useDeviceTypes, useTypeLabel } from '../../biz/devicelist/lookups';
import { type Bbox, buildClusterQuery, type MapFilters } from './cluster-query';
import { DeviceLayer, SPRITE_SIZE, stateTone, TONE_COLOURS } from './device-layer';
import './device-map.css';

const DEBOUNCE_MS = 250;

interface View {
  bbox: Bbox;
  zoom: number;
}

function readView(map: L.Map): View {
  const b = map.getBounds();
  return {
    bbox: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
    zoom: map.getZoom(),
  };
}

const hasSize = (map: L.Map) => {
  const size = map.getSize();
  return size.x > 0 && size.y > 0;
};

/**
 * Follows the map: the bbox and zoom after each move or zoom, debounced. A map without a size yet (its
 * box not laid out when Leaflet measured it) has no view to ask for: its box would be a point at the
 * widest zoom, "0 devices in view". Leaflet measures the box again when it resizes, and a map created
 * without a size fits the devices then (`bounds`).
 */
function ViewTracker({ onView, bounds }: { onView: (view: View) => void; bounds: L.LatLngBoundsExpression | null }) {
  const map = useMap();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const unsized = useRef(!hasSize(map));
  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (hasSize(map)) onView(readView(map));
    }, DEBOUNCE_MS);
  };
  useMapEvents({ moveend: schedule, zoomend: schedule });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the initial view
  useEffect(() => {
    if (!unsized.current) onView(readView(map));
    const container = map.getContainer();
    const observer = new ResizeObserver(() => {
      map.invalidateSize({ pan: false });
      if (!unsized.current || !hasSize(map)) return;
      unsized.current = false;
      if (bounds) map.fitBounds(bounds, FIT_OPTIONS);
      onView(readView(map));
    });
    observer.observe(container);
    return () => {
      clearTimeout(timer.current);
      observer.disconnect();
    };
  }, [map]);
  return null;
}

function DevicePopup({ id, editPath }: { id: number; editPath: string }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const summary = useQuery({
    queryKey: ['devices', 'map', 'summary', id],
    queryFn: () => api.get<MapDeviceSummary>(`/api/map/devices.do/${id}/summary`, undefined, { silent: true }),
  });
  if (summary.isLoading) return <Spin size="small" />;
  if (!summary.data) return <Typography.Text type="danger">{t('mapview.summaryFailed')}</Typography.Text>;
  const d = summary.data;
  const rows: [string, React.ReactNode][] = [
    ['no', d.no],
    ['typeName', d.type ? typeLabel(d.type, d.typeName) : d.typeName],
    ['modelName', d.modelName],
    ['projectName', d.projectName],
    ['areaName', d.areaName],
    ['groupName', d.groupName],
    ['activeState', d.activeState === undefined ? undefined : <ActiveStateTag key="state" state={d.activeState} />],
    ['location', d.lng != null && d.lat != null ? `${d.lng.toFixed(6)}, ${d.lat.toFixed(6)}` : undefined],
  ];
  return (
    <div style={{ minWidth: 240 }} data-testid="map-popup">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {d.name}
      </Typography.Title>
      <Descriptions
        size="small"
        column={1}
        items={rows
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .map(([key, v]) => ({ key, label: t(`devices.fields.${key}`), children: v }))}
      />
      <Link to={`${editPath}?id=${id}`}>
        <Button type="primary" size="small" style={{ marginTop: 8 }}>
          {t('mapview.edit')}
        </Button>
      </Link>
    </div>
  );
}

/**
 * A pole's popup: its name and project, every device on it with its state (one click to the device's
 * page) and a link to the pole page, in the pole's project (the current project becomes it).
 */
function PolePopup({ id, editPath }: { id: number; editPath: string }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const current = useCurrentProject();
  const summary = useQuery({
    queryKey: ['devices', 'map', 'pole', id],
    queryFn: () => api.get<MapPoleSummary>(`/api/map/poles.do/${id}/summary`, undefined, { silent: true }),
  });
  if (summary.isLoading) return <Spin size="small" />;
  if (!summary.data) return <Typography.Text type="danger">{t('mapview.pole.failed')}</Typography.Text>;
  const p = summary.data;
  const open = () => {
    if (current.projectId !== p.projectId) current.setProject({ id: p.projectId, name: p.projectName });
  };
  return (
    <div style={{ minWidth: 260 }} data-testid="map-pole-popup">
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 4 }}>
        {p.name}
      </Typography.Title>
      <Typography.Text type="secondary">
        {p.no} · {t('mapview.pole.project')}: {p.projectName}
      </Typography.Text>
      <Typography.Paragraph strong style={{ margin: '8px 0 4px' }}>
        {t('mapview.pole.devices', { count: p.devices.length })}
      </Typography.Paragraph>
      {p.devices.length === 0 ? (
        <Typography.Text type="secondary">{t('mapview.pole.none')}</Typography.Text>
      ) : (
        <div className="device-map-pole-devices">
          {p.devices.map((d) => (
            <Flex key={d.id} justify="space-between" align="center" gap={8} data-testid="map-pole-device">
              <span>
                <Link to={`${editPath}?id=${d.id}`}>{d.name}</Link>
                <Typography.Text type="secondary"> · {typeLabel(d.type)}</Typography.Text>
              </span>
              <ActiveStateTag state={d.activeState} />
            </Flex>
          ))}
        </div>
      )}
      <Link to={polePath(p.id)} onClick={open}>
        <Button type="primary" size="small" style={{ marginTop: 8 }}>
          {t('mapview.pole.open')}
        </Button>
      </Link>
    </div>
  );
}

/** A letter per built-in type: the marker's glyph when the type has no uploaded icon. */
const GLYPHS: Record<string, string> = {
  camera: 'C',
  dvr: 'R',
  nsc: 'S',
  lighting: 'L',
  envmonitor: 'E',
  gateway: 'G',
  led: 'D',
  wifi: 'W',
  evse: 'V',
  smartclassifieddustbin: 'B',
  emergencycallequipment: 'H',
  illumination: 'I',
  watthourmeter: 'M',
  mtc: 'T',
  pgw: 'P',
};
const glyphOf = (type: string) => GLYPHS[type] ?? (type.charAt(0).toUpperCase() || '?');

/**
 * Marker images by type and state, drawn once each: a ring in the state's colour around the type's
 * uploaded icon or its glyph. An icon that loads later redraws the layer.
 */
function useSprites(icons: Map<string, string | null>, onLoad: () => void) {
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;
  return useMemo(() => {
    const sprites = new Map<string, HTMLCanvasElement | null>();
    const images = new Map<string, HTMLImageElement>();
    const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
    return (type: string, state: number): CanvasImageSource | null => {
      const key = `${type}:${state}`;
      const known = sprites.get(key);
      if (known !== undefined) return known;
      const url = icons.get(type);
      let image = url ? images.get(type) : undefined;
      if (url && !image) {
        image = new Image();
        image.onload = () => {
          for (const s of [-1, 0, 1]) sprites.delete(`${type}:${s}`);
          onLoadRef.current();
        };
        image.src = buildUrl(url);
        images.set(type, image);
      }
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d');
      if (!ctx) {
        sprites.set(key, null);
        return null;
      }
      const size = SPRITE_SIZE;
      canvas.width = size * dpr;
      canvas.height = size * dpr;
      ctx.scale(dpr, dpr);
      const c = size / 2;
      ctx.beginPath();
      ctx.arc(c, c, c - 1, 0, Math.PI * 2);
      ctx.fillStyle = TONE_COLOURS[stateTone(state)];
      ctx.fill();
      ctx.beginPath();
      ctx.arc(c, c, c - 4, 0, Math.PI * 2);
      ctx.fillStyle = '#fff';
      ctx.fill();
      if (image?.complete && image.naturalWidth > 0) ctx.drawImage(image, 6, 6, size - 12, size - 12);
      else {
        ctx.fillStyle = TONE_COLOURS[stateTone(state)];
        ctx.font = '700 11px sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(glyphOf(type), c, c + 0.5);
      }
      sprites.set(key, canvas);
      return canvas;
    };
  }, [icons]);
}

interface Selected {
  kind: 'device' | 'pole';
  id: number;
  lat: number;
  lng: number;
}

/** The canvas layer of devices, clusters and poles: one layer for the map's life, fed each answer. */
function DeviceLayerView({
  view,
  icons,
  onSelect,
}: {
  view: MapView | undefined;
  icons: Map<string, string | null>;
  onSelect: (selected: Selected) => void;
}) {
  const map = useMap();
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const layer = useMemo(
    () =>
      new DeviceLayer({
        onDevice: (d) => onSelectRef.current({ kind: 'device', id: d.id, lat: d.lat, lng: d.lng }),
        onPole: (p) => onSelectRef.current({ kind: 'pole', id: p.pole, lat: p.lat, lng: p.lng }),
        onCluster: (c) => map.setView([c.lat, c.lng], Math.min(map.getZoom() + 2, map.getMaxZoom())),
      }),
    [map],
  );
  const sprite = useSprites(icons, () => layer.redraw());
  useEffect(() => {
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, layer]);
  useEffect(() => {
    if (view) layer.setView(view);
  }, [layer, view]);
  useEffect(() => {
    layer.options.sprite = sprite;
    layer.redraw();
  }, [layer, sprite]);
  return null;
}

/** Fits the map to the devices again when the project filter changes (the first fit is the initial view). */
function Refit({ extent, projectId }: { extent: MapExtent | undefined; projectId: number | undefined }) {
  const map = useMap();
  const fitted = useRef(projectId);
  useEffect(() => {
    if (fitted.current === projectId || !extent) return;
    fitted.current = projectId;
    const bounds = extentBounds(extent);
    if (bounds) map.fitBounds(bounds, FIT_OPTIONS);
  }, [map, extent, projectId]);
  return null;
}

const FIT_OPTIONS: L.FitBoundsOptions = { padding: [32, 32], maxZoom: 17 };
const extentBounds = (extent: MapExtent | undefined): L.LatLngBoundsExpression | null =>
  extent && 'west' in extent
    ? [
        [extent.south, extent.west],
        [extent.north, extent.east],
      ]
    : null;

/** Whether the devices' box holds the centre: they are "around" it. */
const aroundCentre = (extent: MapExtent | undefined, c: { lat: number; lng: number }) =>
  Boolean(
    extent &&
      'west' in extent &&
      c.lng >= extent.west &&
      c.lng <= extent.east &&
      c.lat >= extent.south &&
      c.lat <= extent.north,
  );

export interface DeviceMapProps {
  filters: MapFilters;
  height?: number | string;
  editPath?: string;
}

/**
 * Devices on a Leaflet map, drawn on one canvas: GET /api/map/view.do answers the visible box and zoom
 * compactly (clusters, or every device at street level, and poles: a device group standing together as
 * one marker in its worst device's tone), refetched after each move. The map opens at
 * the default centre and zoom when the devices in scope lie around it, else fitted to them (GET
 * /api/map/extent.do). Tiles only when the running parameters
 * name a tile URL; without them the devices show on a plain sheet.
 */
export function DeviceMap({ filters, height = '100%', editPath = '/biz/deviceedit' }: DeviceMapProps) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const params = useRunningParams();
  const types = useDeviceTypes();
  const [view, setView] = useState<View | null>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const settings = params.data?.map;
  const tileUrl = settings?.tileUrl?.trim() ?? '';
  const icons = useMemo(() => new Map((types.data ?? []).map((ty) => [ty.no, ty.icon])), [types.data]);

  const extentQuery: Params = {};
  if (filters.projectId !== undefined) extentQuery.projectId = filters.projectId;
  if (filters.includeChildren) extentQuery.includeChildren = true;
  const extent = useQuery({
    queryKey: ['devices', 'map', 'extent', extentQuery],
    queryFn: () => api.get<MapExtent>('/api/map/extent.do', extentQuery, { silent: true }),
    staleTime: 60_000,
  });
  const query = view ? buildClusterQuery(view.bbox, view.zoom, filters) : null;
  const answer = useQuery({
    queryKey: ['devices', 'map', 'view', query],
    queryFn: () => api.get<MapView>('/api/map/view.do', query ?? undefined),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    // Thousands of points per answer: comparing them with the last answer cost a long task, and the
    // layer keeps its marks by id anyway.
    structuralSharing: false,
  });
  const total = useMemo(
    () =>
      answer.data
        ? answer.data.points.length +
          answer.data.clusters.reduce((n, c) => n + c[2], 0) +
          (answer.data.poles ?? []).reduce((n, p) => n + p[3], 0)
        : 0,
    [answer.data],
  );
  const typesInView = answer.data?.types.filter(Boolean) ?? [];
  const initialBounds = useRef<L.LatLngBoundsExpression | null | undefined>(undefined);
  const ready = (params.isFetched || params.isError) && (extent.isFetched || extent.isError);
  // Spec 000 §9: the map opens at the default centre and zoom (18) when the devices lie around that centre;
  // devices elsewhere (a project in another city) are fitted instead.
  const centre = { lat: settings?.lat ?? DEFAULT_CENTER.lat, lng: settings?.lng ?? DEFAULT_CENTER.lng };
  if (ready && initialBounds.current === undefined)
    initialBounds.current = aroundCentre(extent.data, centre) ? null : extentBounds(extent.data);

  return (
    <div className={`device-map${tileUrl ? '' : ' device-map-plain'}`} style={{ height }} data-testid="device-map">
      {ready ? (
        <MapContainer
          {...(initialBounds.current
            ? { bounds: initialBounds.current, boundsOptions: FIT_OPTIONS }
            : {
                center: [centre.lat, centre.lng],
                zoom: settings?.zoom ?? DEFAULT_CENTER.zoom,
              })}
          maxZoom={22}
          attributionControl={Boolean(tileUrl)}
          preferCanvas
        >
          {tileUrl && <TileLayer url={tileUrl} attribution={settings?.tileAttribution} maxZoom={22} />}
          <ViewTracker onView={setView} bounds={initialBounds.current ?? null} />
          <Refit extent={extent.data} projectId={filters.projectId} />
          <DeviceLayerView view={answer.data} icons={icons} onSelect={setSelected} />
          {selected && (
            <Popup
              key={`${selected.kind}:${selected.id}`}
              position={[selected.lat, selected.lng]}
              minWidth={280}
              maxWidth={360}
              offset={[0, -8]}
              eventHandlers={{ remove: () => setSelected(null) }}
            >
              {selected.kind === 'pole' ? (
                <PolePopup id={selected.id} editPath={editPath} />
              ) : (
                <DevicePopup id={selected.id} editPath={editPath} />
              )}
            </Popup>
          )}
        </MapContainer>
      ) : null}
      <div className="device-map-status" data-testid="map-status">
        {answer.isFetching || !ready ? <Spin size="small" style={{ marginRight: 6 }} /> : null}
        {answer.data
          ? t('mapview.showing', { count: total })
          : answer.isError
            ? t('mapview.viewFailed')
            : t('mapview.loading')}
        {!tileUrl && <Typography.Text type="secondary"> · {t('mapview.noTiles')}</Typography.Text>}
      </div>
      <div className="device-map-legend">
        <div>
          <i style={{ background: TONE_COLOURS.error }} />
          {t('mapview.legend.error')}
        </div>
        <div>
          <i style={{ background: TONE_COLOURS.active }} />
          {t('mapview.legend.active')}
        </div>
        <div>
          <i style={{ background: TONE_COLOURS.unknown }} />
          {t('mapview.legend.unknown')}
        </div>
        {(answer.data?.poles?.length ?? 0) > 0 && (
          <div data-testid="map-legend-pole">
            <i className="device-map-legend-pole" />
            {t('mapview.legend.pole')}
          </div>
        )}
        {typesInView.map((type) => (
          <div key={type}>
            <b className="device-map-glyph">
              {icons.get(type) ? <img src={buildUrl(icons.get(type)!)} alt="" /> : glyphOf(type)}
            </b>
            {typeLabel(type, types.data?.find((ty) => ty.no === type)?.name)}
          </div>
        ))}
      </div>
    </div>
  );
}
