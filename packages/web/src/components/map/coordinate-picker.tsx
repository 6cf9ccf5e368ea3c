import { EnvironmentOutlined } from '@ant-design/icons';
import { coordinate } from '@sc/contract';
import { Flex, InputNumber, Space, Typography } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useRunningParams } from '../../api/session-api';
import { useTranslateMessage } from '../../i18n/i18n';
import './coordinate-picker.css';

/** A longitude/latitude pair as the forms hold it (either may be missing while typing). */
export interface CoordinateValue {
  lng?: number | null;
  lat?: number | null;
}

/** Fallback centre when the running parameters have not arrived (spec default: Zhenjiang). */
export const DEFAULT_CENTER = { lng: 119.50081, lat: 32.1692833, zoom: 18 };
const PRECISION = 7;

/** The contract's message when `value` is not a valid coordinate, else null. */
export function coordinateError(value: CoordinateValue | undefined): string | null {
  const result = coordinate().safeParse({ lng: value?.lng ?? undefined, lat: value?.lat ?? undefined });
  return result.success ? null : (result.error.issues[0]?.message ?? 'validation.coordinate');
}

const isValid = (value?: CoordinateValue): value is { lng: number; lat: number } => coordinateError(value) === null;
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
function FollowValue({ value }: { value?: CoordinateValue }) {
  const map = useMap();
  const valid = isValid(value);
  const lng = value?.lng;
  const lat = value?.lat;
  useEffect(() => {
    if (!valid || lng == null || lat == null) return;
    const target = L.latLng(lat, lng);
    if (!map.getBounds().contains(target)) map.panTo(target);
  }, [map, valid, lng, lat]);
  return null;
}

interface CoordinatePickerProps {
  value?: CoordinateValue;
  onChange?: (value: CoordinateValue) => void;
  /** Show the contract message under the inputs when the value is invalid. */
  showError?: boolean;
  height?: number;
}

/**
 * Picks a coordinate by clicking a Leaflet map or typing longitude and latitude. The map shows tiles
 * only when the running parameters name a tile URL; the inputs work without any.
 */
export function CoordinatePicker({ value, onChange, showError = false, height = 320 }: CoordinatePickerProps) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const params = useRunningParams();
  const map = params.data?.map;
  const tileUrl = map?.tileUrl?.trim() ?? '';
  const center = isValid(value) ? value : { lng: map?.lng ?? DEFAULT_CENTER.lng, lat: map?.lat ?? DEFAULT_CENTER.lat };
  const zoom = map?.zoom ?? DEFAULT_CENTER.zoom;
  const error = showError ? coordinateError(value) : null;

  return (
    <Flex vertical gap={8} data-testid="coordinate-picker">
      <Space wrap>
        <InputNumber
          aria-label={t('projects.picker.lng')}
          data-testid="coordinate-lng"
          prefix={<span style={{ color: 'var(--ant-color-text-tertiary)' }}>{t('projects.picker.lng')}</span>}
          style={{ width: 230 }}
          step={0.0001}
          precision={PRECISION}
          status={error ? 'error' : undefined}
          value={value?.lng ?? null}
          onChange={(lng) => onChange?.({ ...value, lng })}
        />
        <InputNumber
          aria-label={t('projects.picker.lat')}
          data-testid="coordinate-lat"
          prefix={<span style={{ color: 'var(--ant-color-text-tertiary)' }}>{t('projects.picker.lat')}</span>}
          style={{ width: 230 }}
          step={0.0001}
          precision={PRECISION}
          status={error ? 'error' : undefined}
          value={value?.lat ?? null}
          onChange={(lat) => onChange?.({ ...value, lat })}
        />
      </Space>
      {error && (
        <Typography.Text type="danger" role="alert">
          {translateMessage(error)}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">
        <EnvironmentOutlined /> {tileUrl ? t('projects.picker.hint') : t('projects.picker.noTiles')}
      </Typography.Text>
      {params.isFetched || params.isError ? (
        <MapContainer
          className={`coordinate-picker-map${tileUrl ? '' : ' coordinate-picker-plain'}`}
          style={{ height }}
          center={[center.lat, center.lng]}
          zoom={zoom}
          maxZoom={22}
          attributionControl={Boolean(tileUrl)}
        >
          {tileUrl && <TileLayer url={tileUrl} attribution={map?.tileAttribution} maxZoom={22} />}
          <ClickToPick onPick={(picked) => onChange?.(picked)} />
          <FollowValue value={value} />
          {isValid(value) && <Marker position={[value.lat, value.lng]} icon={pin} />}
        </MapContainer>
      ) : (
        <div className="coordinate-picker-map coordinate-picker-plain" style={{ height }} />
      )}
    </Flex>
  );
}
