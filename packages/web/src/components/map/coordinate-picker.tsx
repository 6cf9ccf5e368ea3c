import { EnvironmentOutlined } from '@ant-design/icons';
import { coordinate } from '@sc/contract';
import { Flex, InputNumber, Space, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunningParams } from '../../api/session-api';
import { useTranslateMessage } from '../../i18n/i18n';

import './coordinate-picker.css';

const CoordinateMap = lazy(() => import('./coordinate-map'));

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

interface CoordinatePickerProps {
  value?: CoordinateValue;
  onChange?: (value: CoordinateValue) => void;
  /** Show the contract message under the inputs when the value is invalid. */
  showError?: boolean;
  height?: number;
  /**
   * Where the map opens while there is no valid value (the chosen area, group or project, ringed and
   * named on the map when it has a name); else the system's centre.
   */
  around?: (CoordinateValue & { name?: string }) | null;
  /** The project whose placed devices the map shows as dots. */
  projectId?: number;
}

/**
 * Picks a coordinate by clicking a Leaflet map or typing longitude and latitude. The map shows tiles
 * only when the running parameters name a tile URL; the inputs work without any, and the map still
 * reads as a place: the coordinate under the pointer, a scale, the place the device goes to and the
 * project's devices already placed.
 */
export function CoordinatePicker({
  value,
  onChange,
  showError = false,
  height = 320,
  around,
  projectId,
}: CoordinatePickerProps) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const params = useRunningParams();
  const map = params.data?.map;
  const tileUrl = map?.tileUrl?.trim() ?? '';
  const center = isValid(value)
    ? value
    : isValid(around ?? undefined)
      ? (around as { lng: number; lat: number })
      : { lng: map?.lng ?? DEFAULT_CENTER.lng, lat: map?.lat ?? DEFAULT_CENTER.lat };
  const zoom = map?.zoom ?? DEFAULT_CENTER.zoom;
  const placeName = around?.name;
  const place =
    placeName && isValid(around ?? undefined) ? { ...(around as { lng: number; lat: number }), name: placeName } : null;
  const error = showError ? coordinateError(value) : null;
  const plain = <div className="coordinate-picker-map coordinate-picker-plain" style={{ height }} />;

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
        <Suspense fallback={plain}>
          <CoordinateMap
            value={isValid(value) ? { lng: value.lng, lat: value.lat } : null}
            center={center}
            zoom={zoom}
            tileUrl={tileUrl}
            tileAttribution={map?.tileAttribution}
            height={height}
            onPick={(picked) => onChange?.(picked)}
            projectId={projectId}
            place={place}
          />
        </Suspense>
      ) : (
        plain
      )}
    </Flex>
  );
}
