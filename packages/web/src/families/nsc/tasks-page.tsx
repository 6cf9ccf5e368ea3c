import { LeftOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { addDays } from '@sc/contract/families/kit';
import { NSC_TASK_LIMITS } from '@sc/contract/families/nsc';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../app/feedback';
import { useAskFirst } from '../../components/ask-first';
import { NamesTip, ResponsiveTable, useReviewActions } from '../../components/crud';
import { formatDuration } from '../../components/format';
import { projectScreen } from '../../components/project-scoped';
import { type NscTask, type NscWeek, nscTaskApi } from './api';

/** The task editor's route (?id= to change a task). */
export const TASK_PAGE = '/pjt/pjtnsctask';

/** When a task plays, in words: every day, its weekdays, or its dates. */
export function dateModeText(t: TFunction, task: Pick<NscTask, 'dateMode' | 'weekdays' | 'dates'>) {
  if (task.dateMode === 'week')
    return `${t('nsc.tasks.dateModes.week')}: ${task.weekdays.map((d) => t(`schedule.weekday.${d}`)).join(' ')}`;
  if (task.dateMode === 'date') return `${t('nsc.tasks.dateModes.date')}: ${task.dates.join(', ')}`;
  return t('nsc.tasks.dateModes.everyday');
}

/** /pjt/pjtnsctasklist (spec 001 §2): the project's timed tasks, and a week of what plays where. */
export default projectScreen(TasksScreen);

function TasksScreen({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.pjtnsctasklist')}>
      <Tabs
        items={[
          { key: 'list', label: t('nsc.tasks.list'), children: <TaskList projectId={projectId} /> },
          { key: 'week', label: t('nsc.tasks.week'), children: <WeekView projectId={projectId} /> },
        ]}
      />
    </Card>
  );
}

/** The tasks (at most 10) with their state, and what the caller's level lets them do with each. */
function TaskList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const api = nscTaskApi(projectId);
  const { writable, cell: reviewCell } = useReviewActions();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = useFeedback();
  const ask = useAskFirst();
  const [busy, setBusy] = useState<number | null>(null);
  const tasks = useQuery({
    queryKey: api.tasks.key({ query: { pageSize: 100 } }),
    queryFn: () => api.tasks({ query: { pageSize: 100 } }),
  });
  const list = tasks.data?.list ?? [];
  const refresh = () => Promise.all([tasks.refetch(), client.invalidateQueries({ queryKey: api.taskWeek.key({}) })]);
  const act = async (row: NscTask, run: () => Promise<unknown>, done: (answer: never) => string) => {
    setBusy(row.id);
    try {
      message.success(done((await run()) as never));
    } catch {
      // The client showed the server's reason.
    } finally {
      setBusy(null);
      await refresh();
    }
  };
  const runText = (key: 'started' | 'stopped', row: NscTask) => (answer: { speakers: { outcome: string }[] }) =>
    t(`nsc.tasks.${key}`, {
      name: row.name,
      count: answer.speakers.filter((s) => s.outcome === 'sent').length,
      waiting: answer.speakers.filter((s) => s.outcome !== 'sent').length,
    });

  const actions = (row: NscTask) => {
    const id = { taskId: row.id };
    return reviewCell(
      row,
      {
        open: () => navigate(`${TASK_PAGE}?id=${row.id}`),
        check: () =>
          act(
            row,
            () => api.checkTask(id),
            () => t('nsc.tasks.checked', { name: row.name }),
          ),
        uncheck: () =>
          act(
            row,
            () => api.uncheckTask(id),
            () => t('nsc.tasks.unchecked', { name: row.name }),
          ),
        remove: () =>
          act(
            row,
            () => api.deleteTask(id),
            () => t('common.deleted'),
          ),
        confirmDelete: t('nsc.tasks.confirmDelete', { name: row.name }),
        testId: `nsc-task-${row.id}`,
        busy: busy === row.id,
      },
      [
        {
          key: 'start',
          label: t('nsc.tasks.start'),
          icon: <PlayCircleOutlined />,
          shown: writable && row.state === 'checked' && !row.running,
          loading: busy === row.id,
          testId: `nsc-task-${row.id}-start`,
          onClick: () => act(row, () => api.startTask(id), runText('started', row)),
        },
        {
          key: 'stop',
          label: t('nsc.tasks.stop'),
          icon: <PauseCircleOutlined />,
          shown: writable && row.running,
          onClick: () =>
            ask({
              title: t('nsc.tasks.confirmStop', { name: row.name }),
              danger: true,
              onOk: () => act(row, () => api.stopTask(id), runText('stopped', row)),
            }),
        },
      ],
    );
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">
          {t('nsc.tasks.count', { used: list.length, count: NSC_TASK_LIMITS.perProject })} · {t('nsc.tasks.rules')}
        </Typography.Text>
        {writable && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={list.length >= NSC_TASK_LIMITS.perProject}
            onClick={() => navigate(TASK_PAGE)}
            data-testid="nsc-task-create"
          >
            {t('nsc.tasks.create')}
          </Button>
        )}
      </Flex>
      <ResponsiveTable<NscTask>
        rowKey="id"
        size="middle"
        loading={tasks.isLoading}
        dataSource={list}
        pagination={false}
        columns={[
          { title: t('nsc.tasks.fields.name'), dataIndex: 'name', width: 100, ellipsis: true },
          { title: t('nsc.tasks.fields.no'), dataIndex: 'no', width: 80, ellipsis: true },
          {
            title: t('nsc.tasks.fields.startTime'),
            width: 150,
            render: (_v, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {row.startTime}-{row.endTime}
                <Typography.Text type="secondary"> ({formatDuration(row.durationSeconds, t)})</Typography.Text>
              </span>
            ),
          },
          {
            title: t('nsc.tasks.fields.dateMode'),
            width: 190,
            render: (_v, row) => (
              <div>
                <div>{dateModeText(t, row)}</div>
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
                  {row.beginDate} ~ {row.endDate}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('nsc.tasks.fields.speakers'),
            width: 100,
            render: (_v, row) => (
              <NamesTip names={row.speakers.map((s) => s.name)}>
                {t('nsc.tasks.speakersOf', { count: row.speakers.length })}
              </NamesTip>
            ),
          },
          {
            title: t('nsc.tasks.fields.mediaIds'),
            width: 110,
            ellipsis: true,
            render: (_v, row) => row.sources.map((s) => s.name).join(', '),
          },
          { title: t('nsc.tasks.fields.volume'), dataIndex: 'volume', width: 80, align: 'right' },
          {
            title: t('nsc.tasks.fields.state'),
            width: 130,
            render: (_v, row) => (
              <Space size={4}>
                <Tag color={row.state === 'checked' ? 'blue' : 'default'} data-testid="nsc-task-state">
                  {t(`nsc.tasks.states.${row.state}`)}
                </Tag>
                {row.running && (
                  <Tag color="green" data-testid="nsc-task-running">
                    {t('nsc.tasks.runStates.running')}
                  </Tag>
                )}
              </Space>
            ),
          },
          { title: t('common.actions'), render: (_v, row) => actions(row) },
        ]}
      />
    </Flex>
  );
}

/** Seven days of what plays where: each day's tasks by start time, conflicts marked. */
function WeekView({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const api = nscTaskApi(projectId);
  const [from, setFrom] = useState<string | undefined>(undefined);
  const week = useQuery({
    queryKey: api.taskWeek.key({ query: { from } }),
    queryFn: () => api.taskWeek({ query: from ? { from } : {} }),
  });
  const data: NscWeek | undefined = week.data;
  const start = data?.from;
  return (
    <Flex vertical gap={12} data-testid="nsc-week">
      <Space>
        <Button icon={<LeftOutlined />} disabled={!start} onClick={() => start && setFrom(addDays(start, -7))}>
          {t('nsc.tasks.previousWeek')}
        </Button>
        <Button onClick={() => setFrom(undefined)}>{t('nsc.tasks.thisWeek')}</Button>
        <Button disabled={!start} onClick={() => start && setFrom(addDays(start, 7))}>
          {t('nsc.tasks.nextWeek')} <RightOutlined />
        </Button>
        {start && (
          <Typography.Text type="secondary">
            {start} ~ {addDays(start, 6)}
          </Typography.Text>
        )}
      </Space>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 8 }}>
        {(data?.days ?? []).map((day) => (
          <Card
            key={day.date}
            size="small"
            title={
              <div style={{ lineHeight: 1.3, padding: '4px 0' }}>
                <div>{t(`schedule.weekday.${day.weekday}`)}</div>
                <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                  {day.date.slice(5)}
                </Typography.Text>
              </div>
            }
            style={day.date === data?.today ? { borderColor: '#1677ff' } : undefined}
            styles={{ body: { padding: 8, minHeight: 160 } }}
          >
            {day.entries.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nsc.tasks.nothing')} />
            ) : (
              <Flex vertical gap={6}>
                {day.entries.map((e) => (
                  <Tooltip
                    key={e.taskId}
                    title={`${e.speakers.map((s) => s.name).join(', ')} · ${e.sources.map((s) => s.name).join(', ')}`}
                  >
                    <div
                      data-testid="nsc-week-entry"
                      style={{
                        borderLeft: `3px solid ${e.conflict ? '#ff4d4f' : e.running ? '#52c41a' : '#d9d9d9'}`,
                        paddingLeft: 6,
                      }}
                    >
                      <div style={{ whiteSpace: 'nowrap' }}>
                        {e.startTime}-{e.endTime}
                      </div>
                      <Typography.Text strong ellipsis style={{ display: 'block' }}>
                        {e.name}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('nsc.tasks.speakersOf', { count: e.speakers.length })}
                      </Typography.Text>
                      <div>
                        {e.running && (
                          <Tag color="green" style={{ marginInlineEnd: 4 }}>
                            {t('nsc.tasks.runStates.running')}
                          </Tag>
                        )}
                        {e.conflict && <Tag color="red">{t('nsc.tasks.conflict')}</Tag>}
                      </div>
                    </div>
                  </Tooltip>
                ))}
              </Flex>
            )}
          </Card>
        ))}
      </div>
    </Flex>
  );
}
