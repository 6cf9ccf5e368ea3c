import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { CoordinateValue } from './coordinate-picker';

const PRECISION = 7;
const round = (n: number) => Number(n.toFixed(PRECISION));

// A drawn pin: no marker images fetched from a CDN (or anywhere).
const pin = L.divIcon({
  className: '',
  html: '<div class="coordinate-picker-pin"></div>',
  iconSize: [26, 26],
  iconAnchor: [13, 26],
});

function ClickToPick({ onPick }: { onPick: (value: { lng: number; lat: number }) => void }) {
  useMapEvents({ click: (event) => onPick({ lng: round(event.latlng.lng), lat: round(event.latlng.lat) }) });
  return null;
}

/** Keeps a typed coordinate in view. */
function FollowValue({ value }: { value: { lng: number; lat: number } | null }) {
  const map = useMap();
  const lng = value?.lng;
  const lat = value?.lat;
  useEffect(() => {
    if (lng == null || lat == null) return;
    const target = L.latLng(lat, lng);
    if (!map.getBounds().contains(target)) map.panTo(target);
  }, [map, lng, lat]);
  return null;
}

export interface CoordinateMapProps {
  /** The picked coordinate when valid, else null. */
  value: { lng: number; lat: number } | null;
  center: { lng: number; lat: number };
  zoom: number;
  tileUrl: string;
  tileAttribution?: string;
  height: number;
  onPick: (value: CoordinateValue) => void;
}

/** The picker's Leaflet map, loaded with the first picker shown (Leaflet stays off the other screens). */
export default function CoordinateMap({
  value,
  center,
  zoom,
  tileUrl,
  tileAttribution,
  height,
  onPick,
}: CoordinateMapProps) {
  return (
    <MapContainer
      className={`coordinate-picker-map${tileUrl ? '' : ' coordinate-picker-plain'}`}
      style={{ height }}
      center={[center.lat, center.lng]}
      zoom={zoom}
      maxZoom={22}
      attributionControl={Boolean(tileUrl)}
    >
      {tileUrl && <TileLayer url={tileUrl} attribution={tileAttribution} maxZoom={22} />}
      <ClickToPick onPick={onPick} />
      <FollowValue value={value} />
      {value && <Marker position={[value.lat, value.lng]} icon={pin} />}
    </MapContainer>
  );
}
