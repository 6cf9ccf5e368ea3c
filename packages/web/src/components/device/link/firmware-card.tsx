import { type FirmwareSpec, firmwareProblemParams, type RealtimePush, type Upgrade } from '@sc/contract';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRealtime } from '../../../api/realtime';
import { useResync } from '../../../api/realtime-resync';
import { useFeedback } from '../../../app/feedback';
import { i18n } from '../../../i18n/i18n';
import { formatTime } from '../../time';
import { FirmwareUpload } from '../firmware-upload';

/** Why an upgrade failed, in words (the server's reasons are keys under `firmware.*`). */
export function upgradeError(error: string | null): string {
  if (!error) return '';
  // The server answers a whole text key (`firmware.offline`); a device's own code is a bare word.
  for (const key of [error, `firmware.${error}`]) if (i18n.exists(key)) return i18n.t(key);
  return i18n.t('firmware.other');
}

/** An upgrade after a `firmware` push of its device (progress and result as they arrive). */
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
 * The firmware trait's part of a device page (spec 001 §7 "firmware"): a file checked before it is sent
 * (the family's spec: extension and size), uploaded with progress, then its transfer to the device
 * live (pushes, with a poll while it runs) and the result.
 */
export function DeviceFirmware({
  id,
  name,
  spec,
  queryKey,
  editable,
  lastUpgrade,
  upload,
}: {
  id: number;
  name: string;
  spec: FirmwareSpec;
  queryKey: QueryKey;
  editable: boolean;
  lastUpgrade: () => Promise<Upgrade | null>;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<Upgrade>;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { confirm } = useFeedback();
  const params = firmwareProblemParams(spec);
  const last = useQuery({
    queryKey,
    queryFn: lastUpgrade,
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 2000 : false),
  });
  const resync = useResync();
  useRealtime(
    { devices: [id] },
    (push) => {
      if (push.kind === 'firmware' && push.deviceId === id)
        client.setQueryData<Upgrade | null>(queryKey, (current) => applyFirmwarePush(current, push, id) ?? null);
    },
    { onLive: resync(queryKey) },
  );
  const u = last.data;
  return (
    <Flex vertical gap={12} style={{ maxWidth: 720 }}>
      {editable ? (
        <FirmwareUpload
          accept={spec.extension}
          maxBytes={spec.maxBytes}
          hint={t('firmware.hint', params)}
          check={(file) =>
            !file.name.toLowerCase().endsWith(spec.extension)
              ? t('firmware.type', params)
              : file.size < spec.minBytes
                ? t('firmware.tooSmall', params)
                : null
          }
          confirm={(file) =>
            new Promise((resolve) =>
              confirm({
                title: t('firmware.confirmTitle'),
                content: t('firmware.confirm', { name, file: file.name }),
                okText: t('common.ok'),
                cancelText: t('common.cancel'),
                okButtonProps: { danger: true },
                onOk: () => resolve(true),
                onCancel: () => resolve(false),
              }),
            )
          }
          upload={async (file, onProgress) => {
            const started = await upload(file, onProgress);
            client.setQueryData(queryKey, started);
            return <StartedNote version={started.version} />;
          }}
        />
      ) : (
        <Typography.Text type="secondary">{t('firmware.readOnly')}</Typography.Text>
      )}
      {u && (
        <Card size="small" title={t('firmware.last')} data-testid="firmware-last">
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('firmware.fileName')}>{u.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('firmware.version')}>{u.version}</Descriptions.Item>
            <Descriptions.Item label={t('firmware.startedAt')}>{formatTime(u.startedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('firmware.finishedAt')}>{formatTime(u.finishedAt) || '—'}</Descriptions.Item>
          </Descriptions>
          <Progress
            data-testid="firmware-device-progress"
            percent={Math.round(u.percent)}
            status={u.state === 'failed' ? 'exception' : u.state === 'done' ? 'success' : 'active'}
          />
          <Typography.Text type="secondary">{t('firmware.chunks', { sent: u.sent, count: u.total })}</Typography.Text>
          {u.state === 'done' && (
            <Alert
              style={{ marginTop: 8 }}
              type="success"
              showIcon
              title={t('firmware.done', { version: u.version })}
            />
          )}
          {u.state === 'failed' && (
            <Alert
              style={{ marginTop: 8 }}
              type="error"
              showIcon
              title={t('firmware.failed')}
              description={upgradeError(u.error)}
              data-testid="firmware-device-failed"
            />
          )}
        </Card>
      )}
    </Flex>
  );
}

/** What an upload started, in the language of the moment (the note stays while the language changes). */
function StartedNote(props: { version: string }) {
  const { t } = useTranslation();
  return t('firmware.started', { version: props.version });
}
