import type { RealtimePush } from '@sc/contract';
import { MTC_FIRMWARE } from '@sc/contract/families/mtc';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRealtime } from '../../api/realtime';
import { useFeedback } from '../../app/feedback';
import { FirmwareUpload } from '../../components/device';
import { formatTime } from '../../components/time';
import { i18n } from '../../i18n/i18n';
import { type MtcApi, mtcKeys, type Upgrade } from './api';
import './texts';

/** Why an upgrade failed, in words (the server's reasons are keys under `mtc.firmware.*`). */
export function upgradeError(error: string | null): string {
  if (!error) return '';
  // The server answers a whole text key (`mtc.firmware.offline`); a cabinet's own code is a bare word.
  for (const key of [error, `mtc.firmware.${error}`, `cabinets.firmware.errors.${error}`])
    if (i18n.exists(key)) return i18n.t(key);
  return i18n.t('cabinets.firmware.errors.other');
}

/** An upgrade after a `firmware` push of its cabinet (progress and result as they arrive). */
export function applyFirmwarePush(current: Upgrade | null | undefined, push: RealtimePush, id: number) {
  if (push.kind !== 'firmware' || push.deviceId !== id) return current;
  const { upgradeId, version, sent, total, percent, state, error, at } = push;
  const base = current && current.upgradeId === upgradeId ? current : null;
  return {
    upgradeId,
    deviceId: id,
    fileName: base?.fileName ?? '',
    size: base?.size ?? 0,
    startedAt: base?.startedAt ?? at,
    version,
    sent,
    total,
    percent,
    state,
    error,
    finishedAt: state === 'running' ? null : at,
  } satisfies Upgrade;
}

/**
 * The firmware upgrade of a cabinet (spec 001 §7): a .bin file (checked before it is sent), uploaded
 * with progress, then its transfer to the cabinet live (pushes, with a poll while it runs) and the result.
 */
export function CabinetFirmware({
  projectId,
  id,
  name,
  m,
  editable,
  maxBytes,
}: {
  projectId: number;
  id: number;
  name: string;
  m: MtcApi;
  editable: boolean;
  maxBytes: number;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { confirm } = useFeedback();
  const key = [...mtcKeys.cabinet(projectId, id), 'firmware'];
  const last = useQuery({
    queryKey: key,
    queryFn: () => m.lastUpgrade(id),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 2000 : false),
  });
  useRealtime({ devices: [id] }, (push) => {
    if (push.kind === 'firmware' && push.deviceId === id)
      client.setQueryData<Upgrade | null>(key, (current) => applyFirmwarePush(current, push, id) ?? null);
  });
  const u = last.data;
  return (
    <Flex vertical gap={12} style={{ maxWidth: 720 }}>
      {editable ? (
        <FirmwareUpload
          accept={MTC_FIRMWARE.extension}
          maxBytes={maxBytes}
          hint={t('cabinets.firmware.hint', { max: '4 MB' })}
          check={(file) =>
            !file.name.toLowerCase().endsWith(MTC_FIRMWARE.extension)
              ? t('cabinets.firmware.errors.type')
              : file.size < MTC_FIRMWARE.minBytes
                ? t('cabinets.firmware.errors.tooSmall')
                : null
          }
          confirm={(file) =>
            new Promise((resolve) =>
              confirm({
                title: t('cabinets.firmware.confirmTitle'),
                content: t('cabinets.firmware.confirm', { name, file: file.name }),
                okText: t('common.ok'),
                cancelText: t('common.cancel'),
                okButtonProps: { danger: true },
                onOk: () => resolve(true),
                onCancel: () => resolve(false),
              }),
            )
          }
          upload={async (file, onProgress) => {
            const started = await m.firmware(id, file, onProgress);
            client.setQueryData(key, started);
            return t('cabinets.firmware.started', { version: started.version });
          }}
        />
      ) : (
        <Typography.Text type="secondary">{t('cabinets.controls.readOnly')}</Typography.Text>
      )}
      {u && (
        <Card size="small" title={t('cabinets.firmware.last')} data-testid="firmware-last">
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('cabinets.firmware.file')}>{u.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('cabinets.firmware.version')}>{u.version}</Descriptions.Item>
            <Descriptions.Item label={t('cabinets.firmware.startedAt')}>{formatTime(u.startedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('cabinets.firmware.finishedAt')}>
              {formatTime(u.finishedAt) || '—'}
            </Descriptions.Item>
          </Descriptions>
          <Progress
            data-testid="firmware-device-progress"
            percent={Math.round(u.percent)}
            status={u.state === 'failed' ? 'exception' : u.state === 'done' ? 'success' : 'active'}
          />
          <Typography.Text type="secondary">
            {t('cabinets.firmware.chunks', { sent: u.sent, total: u.total })}
          </Typography.Text>
          {u.state === 'done' && (
            <Alert
              style={{ marginTop: 8 }}
              type="success"
              showIcon
              title={t('cabinets.firmware.done', { version: u.version })}
            />
          )}
          {u.state === 'failed' && (
            <Alert
              style={{ marginTop: 8 }}
              type="error"
              showIcon
              title={t('cabinets.firmware.failed')}
              description={upgradeError(u.error)}
              data-testid="firmware-device-failed"
            />
          )}
        </Card>
      )}
    </Flex>
  );
}
