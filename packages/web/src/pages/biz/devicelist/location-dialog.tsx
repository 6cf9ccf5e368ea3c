import { type DeviceListItem, requiredLocationBody } from '@sc/contract';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import { DraggableModal } from '../../../components/draggable-modal';
import { CoordinatePicker, type CoordinateValue, coordinateError } from '../../../components/map/coordinate-picker';
import { useTranslateMessage } from '../../../i18n/i18n';

/** "Set location" of a device: a picked coordinate is required (spec 000 §5). */
export function LocationDialog({
  device,
  path,
  onClose,
  onSaved,
}: {
  device: Pick<DeviceListItem, 'id' | 'name' | 'lng' | 'lat'>;
  path: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const [value, setValue] = useState<CoordinateValue>({ lng: device.lng, lat: device.lat });
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setTried(true);
    if (coordinateError(value)) return;
    setSaving(true);
    setFailure(null);
    try {
      await api.put(path, requiredLocationBody.parse(value), { silent: true });
      onSaved();
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
      title={t('devices.locationTitle', { name: device.name })}
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
