import type { MapCluster } from '@sc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Spin, Typography } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router';
import { api, buildUrl } from '../../../api/client';
import { useRunningParams } from '../../../api/session-api';
import { DEFAULT_CENTER } from '../../../components/map/coordinate-picker';
import { ActiveStateTag, useDeviceTypes, useTypeLabel } from '../../biz/devicelist/lookups';
import { type Bbox, buildClusterQuery, clusterTone, type MapFilters } from './cluster-query';
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

/** Follows the map: the bbox and zoom after each move or zoom, debounced. */
function ViewTracker({ onView }: { onView: (view: View) => void }) {
  const map = useMap();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onView(readView(map)), DEBOUNCE_MS);
  };
  useMapEvents({ moveend: schedule, zoomend: schedule });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the initial view
  useEffect(() => {
    onView(readView(map));
    return () => clearTimeout(timer.current);
  }, [map]);
  return null;
}

const clusterIcons = new Map<string, L.DivIcon>();
function clusterIcon(cluster: MapCluster): L.DivIcon {
  const tone = clusterTone(cluster);
  const size = cluster.count < 10 ? 34 : cluster.count < 100 ? 40 : cluster.count < 1000 ? 48 : 56;
  const label = cluster.count >= 10000 ? `${Math.round(cluster.count / 1000)}k` : String(cluster.count);
  const key = `${tone}-${size}-${label}`;
  let icon = clusterIcons.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: '',
      html: `<div class="device-cluster device-cluster-${tone}" data-testid="map-cluster" style="width:${size}px;height:${size}px">${label}</div>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    clusterIcons.set(key, icon);
  }
  return icon;
}

function singleIcon(cluster: MapCluster, iconUrl: string | null | undefined): L.DivIcon {
  const tone = clusterTone(cluster);
  const inner = iconUrl ? `<img src="${buildUrl(iconUrl)}" alt="" />` : '<span class="device-single-dot"></span>';
  return L.divIcon({
    className: '',
    html: `<div class="device-single device-cluster-${tone}" data-testid="map-device">${inner}</div>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    popupAnchor: [0, -14],
  });
}

interface DeviceSummary {
  id: number;
  name?: string;
  no?: string;
  type?: string;
  typeName?: string;
  modelName?: string | null;
  projectName?: string;
  areaName?: string | null;
  groupName?: string | null;
  activeState?: number;
  lastActiveAt?: string | null;
  lng?: number | null;
  lat?: number | null;
}

function DevicePopup({ id, editPath }: { id: number; editPath: string }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const summary = useQuery({
    queryKey: ['devices', 'map', 'summary', id],
    queryFn: () => api.get<DeviceSummary>(`/api/map/devices.do/${id}/summary`, undefined, { silent: true }),
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

function Clusters({
  clusters,
  icons,
  editPath,
}: {
  clusters: MapCluster[];
  icons: Map<string, string | null>;
  editPath: string;
}) {
  const map = useMap();
  return (
    <>
      {clusters.map((c) =>
        c.id !== undefined && c.count === 1 ? (
          <Marker
            key={`d${c.id}`}
            position={[c.lat, c.lng]}
            icon={singleIcon(c, c.type ? icons.get(c.type) : null)}
            title={c.name}
          >
            <Popup minWidth={280} maxWidth={360}>
              <DevicePopup id={c.id} editPath={editPath} />
            </Popup>
          </Marker>
        ) : (
          <Marker
            key={`c${c.lng},${c.lat},${c.count}`}
            position={[c.lat, c.lng]}
            icon={clusterIcon(c)}
            eventHandlers={{ click: () => map.setView([c.lat, c.lng], Math.min(map.getZoom() + 2, map.getMaxZoom())) }}
          />
        ),
      )}
    </>
  );
}

export interface DeviceMapProps {
  filters: MapFilters;
  height?: number | string;
  editPath?: string;
}

/**
 * Devices on a Leaflet map, clustered by the server (GET /api/map/clusters.do for the visible bbox
 * and zoom, refetched after each move). Tiles only when the running parameters name a tile URL.
 */
export function DeviceMap({ filters, height = '100%', editPath = '/biz/deviceedit' }: DeviceMapProps) {
  const { t } = useTranslation();
  const params = useRunningParams();
  const types = useDeviceTypes();
  const [view, setView] = useState<View | null>(null);
  const settings = params.data?.map;
  const tileUrl = settings?.tileUrl?.trim() ?? '';
  const icons = useMemo(() => new Map((types.data ?? []).map((ty) => [ty.no, ty.icon])), [types.data]);

  const query = view ? buildClusterQuery(view.bbox, view.zoom, filters) : null;
  const clusters = useQuery({
    queryKey: ['devices', 'map', 'clusters', query],
    queryFn: () => api.get<MapCluster[]>('/api/map/clusters.do', query ?? undefined),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const total = (clusters.data ?? []).reduce((sum, c) => sum + c.count, 0);

  return (
    <div className={`device-map${tileUrl ? '' : ' device-map-plain'}`} style={{ height }} data-testid="device-map">
      {params.isFetched || params.isError ? (
        <MapContainer
          center={[settings?.lat ?? DEFAULT_CENTER.lat, settings?.lng ?? DEFAULT_CENTER.lng]}
          zoom={settings?.zoom ?? DEFAULT_CENTER.zoom}
          maxZoom={22}
          attributionControl={Boolean(tileUrl)}
          preferCanvas
        >
          {tileUrl && <TileLayer url={tileUrl} attribution={settings?.tileAttribution} maxZoom={22} />}
          <ViewTracker onView={setView} />
          <Clusters clusters={clusters.data ?? []} icons={icons} editPath={editPath} />
        </MapContainer>
      ) : null}
      <div className="device-map-status" data-testid="map-status">
        {clusters.isFetching ? <Spin size="small" style={{ marginRight: 6 }} /> : null}
        {t('mapview.showing', { count: total })}
        {!tileUrl && <Typography.Text type="secondary"> · {t('mapview.noTiles')}</Typography.Text>}
      </div>
      <div className="device-map-legend">
        <div>
          <i style={{ background: '#f5222d' }} />
          {t('mapview.legend.error')}
        </div>
        <div>
          <i style={{ background: '#52c41a' }} />
          {t('mapview.legend.active')}
        </div>
        <div>
          <i style={{ background: '#8c8c8c' }} />
          {t('mapview.legend.unknown')}
        </div>
      </div>
    </div>
  );
}
