import { CloudUploadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Progress, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { failureText } from '../../api/report';

/** A size in bytes, KB or MB (one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** Where a firmware upgrade is: the file going up, the device taking it, and how it ended. */
export type FirmwareStage =
  | { stage: 'idle' }
  | { stage: 'uploading'; percent: number }
  | { stage: 'sent' }
  | { stage: 'done'; detail?: ReactNode }
  | { stage: 'failed'; text: string };

/** An error in the reader's words: the server's message (localised by the lang query), else the status. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string => {
    if (isApiError(error)) return failureText(error);
    return t('common.loadFailed');
  };
}

/**
 * A firmware upgrade (spec 001 §7 "firmware"): pick a file (checked before it is sent: `check` answers a
 * reason in words, or null), confirm, watch the upload's progress, then the result. `upload` sends the
 * file and resolves once the server has handed it on; `stage` lets the caller move it on from realtime
 * pushes (the device's own progress and result).
 */
export function FirmwareUpload({
  accept,
  maxBytes,
  check,
  upload,
  confirm,
  disabled,
  hint,
}: {
  accept?: string;
  maxBytes: number;
  check?: (file: File) => string | null;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<ReactNode | undefined>;
  /** Asks before sending (say what happens: the device restarts); resolves true to go on. */
  confirm?: (file: File) => Promise<boolean>;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [state, setState] = useState<FirmwareStage>({ stage: 'idle' });
  const busy = state.stage === 'uploading' || state.stage === 'sent';

  const pick = (f: File) => {
    const reason =
      f.size === 0
        ? t('widgets.firmware.empty')
        : f.size > maxBytes
          ? t('widgets.firmware.tooLarge', { max: formatBytes(maxBytes) })
          : (check?.(f) ?? null);
    setProblem(reason);
    setFile(reason ? null : f);
    setState({ stage: 'idle' });
    return false;
  };

  const send = async () => {
    if (!file) return;
    if (confirm && !(await confirm(file))) return;
    setState({ stage: 'uploading', percent: 0 });
    try {
      const detail = await upload(file, (percent) =>
        setState((s) => (s.stage === 'uploading' ? { stage: 'uploading', percent } : s)),
      );
      setState({ stage: 'done', detail });
    } catch (error) {
      setState({ stage: 'failed', text: errorText(error) });
    }
  };

  return (
    <Flex vertical gap={12} data-testid="firmware-upload">
      <Upload.Dragger
        accept={accept}
        multiple={false}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={pick}
        data-testid="firmware-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('widgets.firmware.pick')}</p>
        <p className="ant-upload-hint">{hint ?? t('widgets.firmware.limit', { max: formatBytes(maxBytes) })}</p>
      </Upload.Dragger>
      {problem && <Alert type="error" showIcon title={problem} data-testid="firmware-problem" />}
      {file && (
        <Flex gap={12} align="center" wrap>
          <Typography.Text data-testid="firmware-name">
            {t('widgets.firmware.chosen', { name: file.name, size: formatBytes(file.size) })}
          </Typography.Text>
          <Button
            type="primary"
            danger
            icon={<CloudUploadOutlined />}
            loading={busy}
            disabled={disabled}
            onClick={() => void send()}
            data-testid="firmware-send"
          >
            {t('widgets.firmware.send')}
          </Button>
        </Flex>
      )}
      {state.stage === 'uploading' && (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('widgets.firmware.uploading')}</Typography.Text>
          <Progress percent={state.percent} status="active" data-testid="firmware-progress" />
        </Flex>
      )}
      {state.stage === 'done' && (
        <Alert
          type="success"
          showIcon
          title={t('widgets.firmware.done')}
          description={state.detail}
          data-testid="firmware-result"
        />
      )}
      {state.stage === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={t('widgets.firmware.failed')}
          description={state.text}
          data-testid="firmware-result"
        />
      )}
    </Flex>
  );
}
