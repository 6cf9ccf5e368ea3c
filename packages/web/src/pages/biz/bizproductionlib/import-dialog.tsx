import { InboxOutlined } from '@ant-design/icons';
import { PRODUCTION_CSV_COLUMNS, type ProductionImportResult } from '@sc/contract';
import { Alert, Flex, Progress, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../../../components/draggable-modal';
import { useLang } from '../../../i18n/i18n';
import { csvFileError, uploadFile } from './production-tools';

type Outcome =
  | { kind: 'none' }
  | { kind: 'done'; imported: number }
  | { kind: 'refused'; message: string; errors: ProductionImportResult['errors'] }
  | { kind: 'failed'; message: string };

/** CSV import: a .csv under 10MB, checked here with the contract's messages; the server's answer shown as is. */
export function ImportDialog({
  base,
  onClose,
  onImported,
}: {
  base: string;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [percent, setPercent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  const send = async (file: File) => {
    setOutcome({ kind: 'none' });
    const invalid = csvFileError(file, lang);
    if (invalid) {
      setOutcome({ kind: 'failed', message: invalid });
      return;
    }
    setPercent(0);
    try {
      const { status, body } = await uploadFile(`${base}/upload`, file, setPercent);
      const answer = (body ?? {}) as Partial<ProductionImportResult> & { message?: string };
      if (status === 200) {
        setOutcome({ kind: 'done', imported: answer.imported ?? 0 });
        onImported();
      } else if (status === 400 && Array.isArray(answer.errors) && answer.errors.length > 0) {
        setOutcome({
          kind: 'refused',
          message: answer.message ?? t('production.importRefused'),
          errors: answer.errors,
        });
      } else {
        setOutcome({ kind: 'failed', message: answer.message ?? `HTTP ${status}` });
      }
    } catch {
      setOutcome({ kind: 'failed', message: t('errors.networkDefault') });
    } finally {
      setPercent((p) => (p === null ? null : 100));
    }
  };

  return (
    <DraggableModal open width={800} title={t('production.importTitle')} footer={null} onCancel={onClose}>
      <Flex vertical gap={12} data-testid="production-import">
        <Upload.Dragger
          accept=".csv,text/csv"
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('production.importHint')}</p>
          <p className="ant-upload-hint">
            {t('production.importColumns', { columns: PRODUCTION_CSV_COLUMNS.join(', ') })}
          </p>
        </Upload.Dragger>
        {percent !== null && <Progress percent={percent} size="small" />}
        {outcome.kind === 'done' && (
          <Alert type="success" showIcon title={t('production.importDone', { count: outcome.imported })} />
        )}
        {outcome.kind === 'failed' && <Alert type="error" showIcon title={outcome.message} role="alert" />}
        {outcome.kind === 'refused' && (
          <>
            <Alert type="error" showIcon title={outcome.message} description={t('production.importRefused')} />
            <Table
              size="small"
              rowKey={(row) => `${row.line}-${row.field}-${row.message}`}
              data-testid="import-errors"
              pagination={outcome.errors.length > 10 ? { pageSize: 10 } : false}
              dataSource={outcome.errors}
              columns={[
                {
                  key: 'line',
                  dataIndex: 'line',
                  title: t('production.importLine'),
                  width: 80,
                  render: (v: number) => (v > 0 ? v : '—'),
                },
                {
                  key: 'field',
                  dataIndex: 'field',
                  title: t('production.importField'),
                  width: 160,
                  render: (v: string) => (v ? <Typography.Text code>{v}</Typography.Text> : '—'),
                },
                { key: 'message', dataIndex: 'message', title: t('production.importMessage') },
              ]}
            />
          </>
        )}
      </Flex>
    </DraggableModal>
  );
}
