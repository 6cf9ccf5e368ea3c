import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../time';

/** A card's corner: when what it shows was reported (the text given), and reading it again. */
export function ReportedAtRefresh({
  text,
  loading,
  onRefresh,
  testId,
}: {
  text: string;
  loading: boolean;
  onRefresh: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Typography.Text type="secondary" data-testid={testId}>
        {text}
      </Typography.Text>
      <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={onRefresh}>
        {t('common.refresh')}
      </Button>
    </Space>
  );
}

/**
 * A small card of what a device last reported (`query`, an answer with its time `at`): the title, and in
 * its corner `atText` (a key taking `{{at}}`, `—` before any report) with reading it again. Every live
 * device page shows its latest report this way.
 */
export function LastReportCard({
  title,
  query,
  atText,
  testId,
  children,
}: {
  title: string;
  query: { data?: { at?: string | null }; isFetching: boolean; refetch: () => unknown };
  atText: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={title}
      extra={
        <ReportedAtRefresh
          text={t(atText, { at: formatTime(query.data?.at) || '—' })}
          loading={query.isFetching}
          onRefresh={() => void query.refetch()}
          testId={testId}
        />
      }
    >
      {children}
    </Card>
  );
}

/** A family's controls for an editor; for a reader, a card titled `<texts>.title` saying why there are none (`<texts>.readOnly`). */
export function ControlsCard({ editable, texts, children }: { editable: boolean; texts: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (editable) return children;
  return (
    <Card size="small" title={t(`${texts}.title`)}>
      <Typography.Text type="secondary">{t(`${texts}.readOnly`)}</Typography.Text>
    </Card>
  );
}
