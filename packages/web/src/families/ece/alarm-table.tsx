import { AUTH_LEVEL } from '@sc/contract';
import { Button, Descriptions, Empty, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/time';
import type { Alarm } from './api';

const DETAIL_COLORS = { init: 'red', settled: 'green', ignored: 'default' } as const;

/** An alarm's state in words: to be processed (red), settled (green) or ignored. */
export function SettleTag({ alarm }: { alarm: Pick<Alarm, 'settleDetail'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={DETAIL_COLORS[alarm.settleDetail]} data-testid="ece-settle-detail">
      {t(`ece.settleDetails.${alarm.settleDetail}`)}
    </Tag>
  );
}

/**
 * The alarm log's rows (spec 001 §3 "ECE alarm log"): the call's start and stop, post, event, state and
 * who settled it when; the codes of the post and its channel in the row's details; settle for those with
 * the check level while it is to be processed.
 */
export function AlarmTable({
  alarms,
  loading,
  level,
  onSettle,
  pagination,
  extra,
}: {
  alarms: Alarm[];
  loading: boolean;
  level: number;
  onSettle: (alarm: Alarm) => void;
  pagination:
    | false
    | { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
  extra?: (alarm: Alarm) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const checker = level >= AUTH_LEVEL.check;
  const columns: ColumnsType<Alarm> = [
    { title: t('ece.log.startTime'), dataIndex: 'startTime', width: 160, render: (v: string) => formatTime(v) },
    { title: t('ece.log.device'), key: 'device', ellipsis: true, width: 130, render: (_, a) => a.device.name },
    {
      title: t('ece.log.eventType'),
      dataIndex: 'eventType',
      width: 96,
      render: (v: string) => t(`ece.eventCodes.${v}`, { defaultValue: v }),
    },
    {
      title: t('ece.log.stopTime'),
      dataIndex: 'stopTime',
      width: 160,
      render: (v: string | null) => (v ? formatTime(v) : <Tag color="orange">{t('ece.log.calling')}</Tag>),
    },
    { title: t('ece.log.settleDetail'), key: 'detail', width: 96, render: (_, a) => <SettleTag alarm={a} /> },
    {
      title: t('ece.log.settleTime'),
      dataIndex: 'settleTime',
      width: 160,
      render: (v: string | null) => (v ? formatTime(v) : '—'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      render: (_, a) => (
        <>
          {extra?.(a)}
          {checker && a.settleDetail === 'init' && (
            <Button size="small" type="link" onClick={() => onSettle(a)} data-testid="ece-settle">
              {t('ece.log.settle')}
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <Table<Alarm>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={alarms}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={pagination}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ece.log.empty')} /> }}
      expandable={{
        expandedRowRender: (a) => (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('ece.log.eventId')}>{a.eventId}</Descriptions.Item>
            <Descriptions.Item label={t('ece.log.deviceIndexCode')}>{a.deviceIndexCode}</Descriptions.Item>
            <Descriptions.Item label={t('ece.log.channelIndexCode')}>{a.channelIndexCode}</Descriptions.Item>
            <Descriptions.Item label={t('ece.log.channelType')}>
              {t(`ece.log.channelTypes.${a.channelType}`, { defaultValue: a.channelType })}
            </Descriptions.Item>
            <Descriptions.Item label={t('ece.log.channelName')}>{a.channelName}</Descriptions.Item>
            <Descriptions.Item label={t('ece.log.camera')}>
              {a.linkedCamera?.name ?? t('ece.noCamera')}
            </Descriptions.Item>
            <Descriptions.Item label={t('ece.log.settleStatus')}>
              {t(`ece.settleStatuses.${a.settleStatus}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('ece.log.answered')}>
              {a.answeredAt ? `${formatTime(a.answeredAt)} ${a.answeredBy ?? ''}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('ece.log.settledBy')}>{a.settledBy ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('ece.log.settleNote')}>{a.settleNote ?? '—'}</Descriptions.Item>
          </Descriptions>
        ),
      }}
    />
  );
}
