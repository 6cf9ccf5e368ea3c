import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, MapContainer, Marker, ScaleControl, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import type { CoordinateValue } from './coordinate-picker';
import { NearbyDevices } from './nearby-devices';

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

/** The coordinate under the pointer (the map's centre while the pointer is away), for a pick that is not blind. */
function PointerReadout() {
  const { t } = useTranslation();
  const map = useMap();
  const [at, setAt] = useState(() => map.getCenter());
  useMapEvents({
    mousemove: (event) => setAt(event.latlng),
    mouseout: () => setAt(map.getCenter()),
    moveend: () => setAt(map.getCenter()),
  });
  return (
    <div className="coordinate-picker-readout" data-testid="coordinate-readout">
      {t('projects.picker.lng')} {at.lng.toFixed(6)} · {t('projects.picker.lat')} {at.lat.toFixed(6)}
    </div>
  );
}

/** The place the device goes to (its group, area or project), ringed and named. */
function PlaceRing({ place }: { place: CoordinatePlace }) {
  return (
    <Circle
      center={[place.lat, place.lng]}
      radius={60}
      pathOptions={{ color: '#d46b08', weight: 2, dashArray: '6 4', fillOpacity: 0.05 }}
      interactive={false}
    >
      <Tooltip permanent direction="top" className="coordinate-picker-place">
        {place.name}
      </Tooltip>
    </Circle>
  );
}

/** A named place with a coordinate: the group, area or project a device is placed in. */
export interface CoordinatePlace {
  name: string;
  lng: number;
  lat: number;
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
  /** The project whose placed devices are drawn as dots around the pick. */
  projectId?: number;
  /** The place the device goes to, ringed and named. */
  place?: CoordinatePlace | null;
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
  projectId,
  place,
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
      <ScaleControl imperial={false} position="bottomright" />
      {place && <PlaceRing place={place} />}
      {projectId !== undefined && <NearbyDevices projectId={projectId} />}
      <PointerReadout />
      <ClickToPick onPick={onPick} />
      <FollowValue value={value} />
      {value && <Marker position={[value.lat, value.lng]} icon={pin} />}
    </MapContainer>
  );
}
