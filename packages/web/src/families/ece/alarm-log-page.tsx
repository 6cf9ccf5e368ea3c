import { ALARM_FILTERS, type AlarmFilter, ECE_CALL } from '@sc/contract/families/ece';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Input, Segmented } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { resyncQuery } from '../../api/realtime-resync';
import { useFeedback } from '../../app/feedback';
import { useAuthLevel } from '../../components/crud';
import { projectScreen } from '../../components/project-scoped';
import { fromPickerValue } from '../../components/time';
import { AlarmTable } from './alarm-table';
import { type Alarm, ECE_TYPE, eceApi } from './api';
import { SettleDialog } from './settle-dialog';

/** /pjt/pjtdeviceece (spec 001 §2, §3, §4): the alarm log of the project's posts, settled there. */
export default projectScreen(AlarmLog);

const isFilter = (v: string | null): v is AlarmFilter => ALARM_FILTERS.includes(v as AlarmFilter);

/** The calls that read the log, refreshed together (a settle, a post's call). */
export function useAlarmCalls(projectId: number) {
  const api = eceApi(projectId);
  const client = useQueryClient();
  const { t } = useTranslation();
  const { message } = useFeedback();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: api.logs.key({}) }),
      client.invalidateQueries({ queryKey: api.counts.key({}) }),
    ]);
  // A post's call or hang-up: the log and the counts read again.
  useRealtime(
    { projects: [projectId] },
    (push) => {
      if (push.kind === 'event' && push.type === ECE_TYPE && push.code === ECE_CALL) void refresh();
    },
    {
      onLive: (reopened) => {
        resyncQuery(client, api.logs.key({}), reopened, false);
        resyncQuery(client, api.counts.key({}), reopened, false);
      },
    },
  );
  const settle = useMutation({
    mutationFn: ({ alarm, values }: { alarm: Alarm; values: { result: 'settled' | 'ignored'; note: string } }) =>
      api.settle({ alarmId: alarm.id, body: values }),
    onSuccess: () => {
      message.success(t('ece.log.done'));
      void refresh();
    },
  });
  return { api, refresh, settle };
}

function AlarmLog({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const level = useAuthLevel();
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('filter');
  const filter: AlarmFilter = isFilter(filterParam) ? filterParam : 'all';
  const deviceId = Number(params.get('deviceId')) || undefined;
  const [keyword, setKeyword] = useState('');
  const [period, setPeriod] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState({ current: 1, pageSize: 50 });
  const [settling, setSettling] = useState<Alarm | null>(null);
  const { api, settle } = useAlarmCalls(projectId);

  const query = {
    filter,
    page: page.current,
    pageSize: page.pageSize,
    ...(keyword ? { keyword } : {}),
    ...(deviceId ? { deviceId } : {}),
    ...(period ? { from: fromPickerValue(period[0]), to: fromPickerValue(period[1]) } : {}),
  };
  const logs = useQuery({
    queryKey: api.logs.key({ query }),
    queryFn: () => api.logs({ query }),
    placeholderData: keepPreviousData,
  });
  const counts = useQuery({ queryKey: api.counts.key({}), queryFn: () => api.counts({}) });
  const choose = (next: AlarmFilter) => {
    const p = new URLSearchParams(params);
    p.set('filter', next);
    setParams(p, { replace: true });
    setPage((x) => ({ ...x, current: 1 }));
  };

  return (
    <Card title={t('menu.pjtdeviceece')}>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
        <Segmented<AlarmFilter>
          value={filter}
          onChange={choose}
          data-testid="ece-log-filter"
          options={ALARM_FILTERS.map((f) => ({
            value: f,
            label: `${t(`ece.log.${f}`)} (${counts.data?.[f] ?? 0})`,
          }))}
        />
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('ece.log.search')}
          aria-label={t('ece.log.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((x) => ({ ...x, current: 1 }));
          }}
        />
        <DatePicker.RangePicker
          showTime
          aria-label={t('ece.log.period')}
          value={period}
          onChange={(v) => {
            setPeriod(v?.[0] && v[1] ? [v[0], v[1]] : null);
            setPage((x) => ({ ...x, current: 1 }));
          }}
        />
      </Flex>
      <div data-testid="ece-log">
        <AlarmTable
          alarms={logs.data?.list ?? []}
          loading={logs.isLoading}
          level={level}
          onSettle={setSettling}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total: logs.data?.total ?? 0,
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
        />
      </div>
      <SettleDialog
        alarm={settling}
        onSettle={(alarm, values) => settle.mutateAsync({ alarm, values })}
        onClose={() => setSettling(null)}
      />
    </Card>
  );
}
