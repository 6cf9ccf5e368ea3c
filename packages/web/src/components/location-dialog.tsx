import { EnvironmentOutlined } from '@ant-design/icons';
import { requiredLocationBody } from '@sc/contract';
import { Alert, Button, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors';
import { useTranslateMessage } from '../i18n/i18n';
import { DraggableModal } from './draggable-modal';
import { CoordinatePicker, type CoordinateValue, coordinateError } from './map/coordinate-picker';

/**
 * THE location dialog (projects, areas, groups, devices): a coordinate picked on the map or typed
 * (spec 000 §5: setting a location requires one), then saved by `onSave`; a refusal shows inside.
 */
export function LocationDialog({
  title,
  initial,
  onSave,
  onClose,
}: {
  title: string;
  initial: CoordinateValue;
  onSave: (location: { lng: number; lat: number }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const [value, setValue] = useState<CoordinateValue>(initial);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setTried(true);
    if (coordinateError(value)) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(requiredLocationBody.parse(value));
    } catch (error) {
      const fieldMessage = isApiError(error) ? error.fieldErrors[0]?.message : undefined;
      setFailure(fieldMessage ?? (isApiError(error) ? (error.body?.message ?? error.message) : String(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableModal
      open
      width={720}
      title={
        <Typography.Text strong>
          <EnvironmentOutlined style={{ color: 'var(--ant-color-primary)' }} /> {title}
        </Typography.Text>
      }
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      {failure && <Alert type="error" showIcon title={translateMessage(failure)} style={{ marginBottom: 12 }} />}
      <CoordinatePicker value={value} onChange={setValue} showError={tried} />
    </DraggableModal>
  );
}

const located = (lng: number | null, lat: number | null): [number, number] | null =>
  lng === null || lat === null || lng === undefined || lat === undefined ? null : [lng, lat];

/** "lng, lat" of a located row, or a muted "not set". */
export function LocationText({ lng, lat, none }: { lng: number | null; lat: number | null; none: string }) {
  const at = located(lng, lat);
  if (!at) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <Typography.Text style={{ whiteSpace: 'nowrap' }}>
      <EnvironmentOutlined style={{ color: 'var(--ant-color-primary)' }} /> {at[0].toFixed(6)}, {at[1].toFixed(6)}
    </Typography.Text>
  );
}

/**
 * A row's location that sets it when clicked (issue 13: a separate "set location" button made the action
 * column too wide for 1366 px): the coordinate (or "not set") as a link named by `label`.
 */
export function LocationLink({
  lng,
  lat,
  none,
  label,
  onClick,
}: {
  lng: number | null;
  lat: number | null;
  none: string;
  label: string;
  /** Absent below the edit level: the text alone. */
  onClick?: () => void;
}) {
  const text = <LocationText lng={lng} lat={lat} none={none} />;
  if (!onClick) return text;
  const at = located(lng, lat);
  const shown = at ? `${at[0].toFixed(6)}, ${at[1].toFixed(6)}` : none;
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="link"
        // What it shows first, then what it does (the name must contain the visible text).
        aria-label={`${shown}, ${label}`}
        style={{ padding: 0, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
        onClick={onClick}
      >
        {text}
      </Button>
    </Tooltip>
  );
}
