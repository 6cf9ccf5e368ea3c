import type { DeviceMaintenanceRow, DeviceView, Page } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../api/client';
import { ListScreen, usePagedList } from '../../../components/crud';
import { useLabels } from '../../../components/labels';
import {
  BillStatusTag,
  billPath,
  DetailStatusTag,
  maintenanceApi,
  maintenanceKeys,
  polePath,
} from '../../../components/maintenance';
import { ProjectScoped } from '../../../components/project-scoped';
import { formatTime } from '../../../components/time';
import { projectApiBase } from '../../../session/use-current-project';

/** /pjt/pjtdevicemaintenancehistory?deviceId= (spec 001 §2): every work order line a device ever had. */
export default function DeviceHistoryPage() {
  return <ProjectScoped>{(projectId) => <DeviceHistory projectId={projectId} />}</ProjectScoped>;
}

function DeviceHistory({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const [params, setParams] = useSearchParams();
  const deviceId = Number(params.get('deviceId')) || undefined;
  const [keyword, setKeyword] = useState('');
  const base = `${projectApiBase(projectId)}/devices.do/pages`;
  const devices = useQuery({
    queryKey: ['maintenance-history-devices', projectId, keyword, deviceId],
    queryFn: () => api.get<Page<DeviceView>>(base, { keyword: keyword || undefined, pageSize: 25 }),
  });
  const list = usePagedList<DeviceMaintenanceRow, { keyword: string }>({
    key: [...maintenanceKeys.all(projectId), 'history', deviceId],
    initialFilters: { keyword: '' },
    enabled: deviceId !== undefined,
    load: ({ page, pageSize }) => maintenanceApi(projectId).history(deviceId!, { page, pageSize }),
  });
  const current = list.rows[0]?.deviceName ?? devices.data?.list.find((d) => d.id === deviceId)?.name;

  return (
    <Card title={current ? t('maintenance.historyOf', { name: current }) : t('menu.pjtdevicemaintenancehistory')}>
      <Flex vertical gap={12}>
        <Select<number>
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          aria-label={t('maintenance.chooseDevice')}
          placeholder={t('maintenance.chooseDevice')}
          value={deviceId}
          loading={devices.isFetching}
          onChange={(id) => setParams(id ? { deviceId: String(id) } : {})}
          options={(devices.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.no})` }))}
          style={{ width: 320, maxWidth: '100%' }}
          data-testid="history-device"
        />
        {deviceId ? (
          <ListScreen<DeviceMaintenanceRow, { keyword: string }>
            list={list}
            table={{ scroll: { x: 1000 } }}
            columns={[
              {
                key: 'billNo',
                dataIndex: 'billNo',
                title: t('maintenance.fields.billNo'),
                width: 150,
                render: (no: string, r) => <Link to={billPath(r.billId)}>{no}</Link>,
              },
              {
                key: 'billTitle',
                dataIndex: 'billTitle',
                title: t('maintenance.fields.billTitle'),
                width: 160,
                ellipsis: true,
              },
              {
                key: 'billStatus',
                dataIndex: 'billStatus',
                title: t('maintenance.fields.billStatus'),
                width: 100,
                render: (s: number) => <BillStatusTag status={s} />,
              },
              {
                key: 'handleStatus',
                dataIndex: 'handleStatus',
                title: t('maintenance.fields.handleStatus'),
                width: 100,
                render: (s: number) => <DetailStatusTag status={s} />,
              },
              {
                key: 'alarm',
                title: t('maintenance.fields.alarm'),
                width: 180,
                render: (_, r) =>
                  r.alarmCode
                    ? t('maintenance.alarmLabel', {
                        code: labels.eventCode(r.alarmCode, r.deviceType),
                        time: formatTime(r.alarmAt),
                      })
                    : '-',
              },
              {
                key: 'groupName',
                title: t('maintenance.fields.groupName'),
                width: 110,
                render: (_, r) => (r.groupId ? <Link to={polePath(r.groupId)}>{r.groupName}</Link> : '-'),
              },
              {
                key: 'handlerName',
                dataIndex: 'handlerName',
                title: t('maintenance.fields.handlerName'),
                width: 100,
                render: (v: string | null) => v ?? '-',
              },
              {
                key: 'handledAt',
                dataIndex: 'handledAt',
                title: t('maintenance.fields.handledAt'),
                width: 170,
                render: formatTime,
              },
              { key: 'note', dataIndex: 'note', title: t('maintenance.fields.note'), ellipsis: true },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t('maintenance.chooseDevice')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
