import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/** Where a reader without control rights would see controls: the card's title and why there are none. */
export function ReadOnlyCard({ title, note }: { title: ReactNode; note: ReactNode }) {
  return (
    <Card size="small" title={title}>
      <Typography.Text type="secondary">{note}</Typography.Text>
    </Card>
  );
}
