import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { PRODUCTION_CSV_COLUMNS, type ProductionImportResult } from '@sc/contract';
import { Alert, Button, Flex, Progress, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../../../components/draggable-modal';
import { loadLanguage, translate, useLang } from '../../../i18n/i18n';
import { decodeCsv, downloadText, errorRowsCsv, readBytes, withoutErrorColumn } from './import-errors';
import { csvFileError, uploadFile } from './production-tools';
import './texts';

type Outcome =
  | { kind: 'none' }
  | { kind: 'done'; imported: number }
  | { kind: 'refused'; message: string; errors: ProductionImportResult['errors']; text: string; name: string }
  | { kind: 'failed'; message: string };

/**
 * CSV import: a .csv under 10MB, checked here with the contract's messages; the server's answer shown as
 * is. A refused file can be downloaded with its errors in a last column, fixed and imported again (that
 * column is dropped before sending); the progress turns red when the import fails.
 */
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
      let text = decodeCsv(await readBytes(file));
      // the errors column's header in either language (the console loads a language's texts on demand)
      await Promise.all([loadLanguage('zh_CN'), loadLanguage('en_US')]);
      const errorHeaders = [
        translate('zh_CN', 'production.importMessage'),
        translate('en_US', 'production.importMessage'),
      ];
      const stripped = withoutErrorColumn(text, errorHeaders);
      let sent: Blob & { name?: string } = file;
      if (stripped !== null) {
        text = stripped;
        sent = new File([stripped], file.name, { type: 'text/csv' });
      }
      const { status, body } = await uploadFile(`${base}/upload`, sent, setPercent);
      const answer = (body ?? {}) as Partial<ProductionImportResult> & { message?: string };
      if (status === 200) {
        setOutcome({ kind: 'done', imported: answer.imported ?? 0 });
        onImported();
      } else if (status === 400 && Array.isArray(answer.errors) && answer.errors.length > 0) {
        setOutcome({
          kind: 'refused',
          message: answer.message ?? t('production.importRefused'),
          errors: answer.errors,
          text,
          name: file.name,
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
        {percent !== null && (
          <Progress
            percent={percent}
            size="small"
            status={outcome.kind === 'refused' || outcome.kind === 'failed' ? 'exception' : undefined}
            data-testid="import-progress"
          />
        )}
        {outcome.kind === 'done' && (
          <Alert type="success" showIcon title={t('production.importDone', { count: outcome.imported })} />
        )}
        {outcome.kind === 'failed' && <Alert type="error" showIcon title={outcome.message} role="alert" />}
        {outcome.kind === 'refused' && (
          <>
            <Alert
              type="error"
              showIcon
              title={outcome.message}
              action={
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    downloadText(
                      errorRowsCsv(outcome.text, outcome.errors, t('production.importMessage')),
                      `${outcome.name.replace(/\.csv$/i, '')}-${t('production.importErrorsFile')}.csv`,
                    )
                  }
                >
                  {t('production.importErrorsDownload')}
                </Button>
              }
            />
            <Typography.Text type="secondary">{t('production.importErrorsHint')}</Typography.Text>
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
