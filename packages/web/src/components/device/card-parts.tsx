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
