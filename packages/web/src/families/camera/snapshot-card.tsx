import { CameraOutlined } from '@ant-design/icons';
import { type CameraSnapshot, SNAPSHOTS } from '@sc/contract/families/camera';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Image, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/report';
import { useFeedback } from '../../app/feedback';
import { formatTime } from '../../components/time';
import { cameraApi } from './api';

/** The pictures a snapshot answer carries (none when the camera keeps them itself). */
const picturesOf = (result: unknown): CameraSnapshot[] => {
  const pictures = (result as { pictures?: unknown } | null)?.pictures;
  return Array.isArray(pictures) ? (pictures as CameraSnapshot[]) : [];
};

/**
 * Snapshots (spec 001 §9 "camera snapshots per operation 1-16"): how many (empty: the system setting),
 * taken by the camera, then shown with their times.
 */
export function SnapshotCard({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const api = cameraApi(projectId);
  const [count, setCount] = useState<number | null>(null);
  const take = useMutation({
    mutationFn: () => api.snapshot({ id, body: count ? { count } : {} }, { silent: true }),
    onSuccess: (answer) => message.success(t('camera.snapshot.taken', { count: picturesOf(answer.result).length })),
    onError: (error) => message.error(failureText(error)),
  });
  const pictures = take.data ? picturesOf(take.data.result) : [];
  return (
    <Card
      size="small"
      title={t('camera.snapshot.title')}
      data-testid="camera-snapshot"
      extra={
        <Space>
          <Typography.Text>{t('camera.snapshot.count')}</Typography.Text>
          <InputNumber
            min={SNAPSHOTS.min}
            max={SNAPSHOTS.max}
            value={count}
            placeholder={`${SNAPSHOTS.min}-${SNAPSHOTS.max}`}
            onChange={setCount}
            style={{ width: 80 }}
            aria-label={t('camera.snapshot.count')}
            data-testid="snapshot-count"
          />
          <Button
            type="primary"
            icon={<CameraOutlined />}
            loading={take.isPending}
            onClick={() => take.mutate()}
            data-testid="snapshot-take"
          >
            {t('camera.snapshot.take')}
          </Button>
        </Space>
      }
    >
      {take.data && pictures.length === 0 && <Empty description={t('camera.snapshot.none')} />}
      <Flex wrap gap={8} data-testid="snapshot-pictures">
        {pictures.map((p) => (
          <Flex key={p.at} vertical align="center" gap={4}>
            {p.image ? (
              <Image src={p.image} width={160} alt={formatTime(p.at)} />
            ) : (
              <div style={{ width: 160, height: 90, background: '#f0f0f0' }} />
            )}
            <Typography.Text type="secondary">{formatTime(p.at)}</Typography.Text>
          </Flex>
        ))}
      </Flex>
      {take.error && <Typography.Text type="danger">{failureText(take.error)}</Typography.Text>}
    </Card>
  );
}
