import { HistoryOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import type { LedProgram } from '@sc/contract/families/led';
import { LED_PROGRAM_STATES } from '@sc/contract/families/led';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Modal, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { failureText } from '../../api/report';
import { useFeedback } from '../../app/feedback';
import { ListScreen, tableColumns, usePagedList, useReviewActions } from '../../components/crud';
import { BatchProgress, useFollowedBatch } from '../../components/device';
import { projectScreen } from '../../components/project-scoped';
import { formatTime } from '../../components/time';
import { useFamilyDevices } from '../kit/device-select';
import { type LedProgramListed, ledApi, PROGRAM_PAGE, type ProgramPage, programApi } from './api';
import { ProgramScreens } from './program-screens';

interface Filters {
  keyword: string;
  state: string;
}

/** A program's state in words: editable, or checked (approved). */
export function ProgramState({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={state === 'checked' ? 'green' : 'blue'} data-program-state={state}>
      {t(`led.programs.states.${state}`)}
    </Tag>
  );
}

/**
 * /pjt/pjtledprogramlist (spec 001 §2, §4): the project's programs, their state; checked (check level) or
 * back to editable, published to chosen screens and device groups with each screen's progress, and their publish history.
 */
export default projectScreen(Programs);

function Programs({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const { writable, cell: reviewCell } = useReviewActions();
  const api = programApi(projectId);
  const [publishing, setPublishing] = useState<LedProgramListed | null>(null);
  const [history, setHistory] = useState<LedProgramListed | null>(null);
  const list = usePagedList<LedProgramListed, Filters>({
    key: api.programs.key(),
    initialFilters: { keyword: '', state: '' },
    waitForParams: true,
    load: ({ page, pageSize, filters }) =>
      api.programs({
        query: {
          page,
          pageSize,
          keyword: filters.keyword || undefined,
          state: (filters.state || undefined) as never,
        } as never,
      }),
  });
  const client = useQueryClient();
  /**
   * The row as the server answered a check or an uncheck, shown at once: the list read again behind it
   * (not awaited) may come late on a busy server, and the state must not wait for it.
   */
  const shownAs = (answer: LedProgram) =>
    client.setQueryData<ProgramPage>(list.queryKey, (old) =>
      old
        ? {
            ...old,
            list: old.list.map((r) =>
              r.id === answer.id
                ? {
                    ...r,
                    state: answer.state,
                    checkedBy: answer.checkedBy,
                    checkedAt: answer.checkedAt,
                    updatedAt: answer.updatedAt,
                  }
                : r,
            ),
          }
        : old,
    );
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(t(done));
      void list.refresh();
    } catch (error) {
      message.error(failureText(error));
    }
  };
  const edit = (row: LedProgramListed) => navigate(`${PROGRAM_PAGE}?id=${row.id}`);

  const columns: TableColumnsType<LedProgramListed> = tableColumns<LedProgramListed>(
    [
      { field: 'name', ellipsis: true, width: 120 },
      { field: 'no', ellipsis: true, width: 90 },
      { field: 'state', width: 90, render: (v) => <ProgramState state={String(v)} /> },
      {
        field: 'size',
        dataIndex: 'width',
        width: 100,
        render: (_, row) => `${row.width} × ${row.height}`,
      },
      { field: 'durationSeconds', width: 90, align: 'right', render: (v) => t('led.programs.seconds', { n: v }) },
      { field: 'layerCount', width: 70, align: 'right' },
      { field: 'screens', width: 80, align: 'right' },
      { field: 'priority', width: 70, align: 'right' },
      { field: 'creator', ellipsis: true, width: 90 },
      { field: 'updatedAt', width: 150, render: (v) => formatTime(v) },
    ],
    (field) => t(`led.programs.fields.${field}`),
  );
  columns.push({
    title: t('common.actions'),
    key: 'actions',
    fixed: 'right',
    width: 230,
    render: (_, row) => {
      return reviewCell(
        row,
        {
          open: () => edit(row),
          check: () => act(async () => shownAs(await api.checkProgram({ programId: row.id })), 'led.programs.checked'),
          uncheck: () =>
            act(async () => shownAs(await api.uncheckProgram({ programId: row.id })), 'led.programs.unchecked'),
          remove: () => act(() => api.deleteProgram({ programId: row.id }), 'led.programs.deleted'),
          confirmCheck: t('led.programs.confirmCheck', { name: row.name }),
          confirmDelete: t('led.programs.confirmDelete', { name: row.name }),
          testId: 'program',
        },
        [
          {
            key: 'publish',
            label: t('led.programs.publish'),
            icon: <SendOutlined />,
            shown: writable && row.state === 'checked',
            testId: 'program-publish',
            onClick: () => setPublishing(row),
          },
          {
            key: 'history',
            label: t('led.programs.history'),
            icon: <HistoryOutlined />,
            onClick: () => setHistory(row),
          },
        ],
      );
    },
  });

  return (
    <Card
      title={t('menu.pjtledprogramlist')}
      extra={
        <Select
          aria-label={t('led.programs.stateFilter')}
          placeholder={t('led.programs.stateFilter')}
          allowClear
          style={{ width: 130 }}
          options={LED_PROGRAM_STATES.map((s) => ({ value: s, label: t(`led.programs.states.${s}`) }))}
          value={list.filters.state || undefined}
          onChange={(v?: string) => list.setFilters({ state: v ?? '' })}
          data-testid="program-state-filter"
        />
      }
    >
      <ListScreen<LedProgramListed, Filters>
        list={list}
        columns={columns}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        hiddenByDefault={['priority', 'creator']}
        actions={[
          writable && {
            key: 'create',
            label: t('led.programs.add'),
            icon: <PlusOutlined />,
            primary: true,
            onClick: () => navigate(PROGRAM_PAGE),
          },
        ]}
        table={{ tableLayout: 'fixed', scroll: { x: 1030 } }}
      />
      {publishing && (
        <PublishDialog
          projectId={projectId}
          program={publishing}
          onClose={() => {
            setPublishing(null);
            void list.refresh();
          }}
        />
      )}
      {history && <HistoryDialog projectId={projectId} program={history} onClose={() => setHistory(null)} />}
    </Card>
  );
}

/** Publishing a checked program: the screens and device groups chosen, then each screen's progress over the realtime channel. */
function PublishDialog({
  projectId,
  program,
  onClose,
}: {
  projectId: number;
  program: LedProgramListed;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const led = ledApi(projectId);
  const api = programApi(projectId);
  const [ids, setIds] = useState<number[]>([]);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const batch = useFollowedBatch(projectId, 'led', (batchId) => led.batchStatus({ batchId }));
  const screens = useFamilyDevices(led.page);
  const groups = useQuery({ queryKey: api.publishGroups.key({}), queryFn: () => api.publishGroups({}) });
  const names = new Map((screens.data?.list ?? []).map((s) => [s.id, s.name]));
  // The chosen screens are pending at once; the groups' screens come with the batch's first status.
  const send = () =>
    batch
      .runOrFail(
        () => api.publishProgram({ programId: program.id, body: { ids, groupIds } }),
        ids.map((deviceId) => ({ deviceId, name: names.get(deviceId), outcome: 'pending' as const })),
      )
      .catch((error: unknown) => message.error(failureText(error)));
  return (
    <Modal
      open
      width={640}
      title={t('led.programs.publishTitle', { name: program.name })}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t(batch.progress ? 'led.programs.close' : 'common.cancel')}</Button>
          {!batch.progress && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={ids.length + groupIds.length === 0}
              loading={batch.sending}
              onClick={() => void send()}
              data-testid="publish-send"
            >
              {t('led.programs.publish')}
            </Button>
          )}
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <Select
          mode="multiple"
          aria-label={t('led.programs.screens')}
          placeholder={t('led.programs.chooseScreens')}
          style={{ width: '100%' }}
          loading={screens.isLoading}
          disabled={Boolean(batch.progress)}
          value={ids}
          onChange={setIds}
          options={(screens.data?.list ?? []).map((s) => ({
            value: s.id,
            label: `${s.name}${s.activeState === 1 ? '' : ` (${t('led.programs.offline')})`}`,
          }))}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="publish-screens"
        />
        <Select
          mode="multiple"
          aria-label={t('led.programs.groups')}
          placeholder={t('led.programs.chooseGroups')}
          style={{ width: '100%' }}
          loading={groups.isLoading}
          disabled={Boolean(batch.progress)}
          value={groupIds}
          onChange={setGroupIds}
          options={(groups.data ?? []).map((g) => ({
            value: g.id,
            label: t('led.programs.groupScreens', { name: g.name, count: g.screens }),
          }))}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="publish-groups"
        />
        <Typography.Text type="secondary">{t('led.programs.offlineHint')}</Typography.Text>
        {batch.progress && (
          <BatchProgress progress={batch.progress} results={batch.results} commandLabel={t('led.programs.publish')} />
        )}
        {batch.progress && <ProgramScreens projectId={projectId} programId={program.id} live={!batch.progress.done} />}
      </Flex>
    </Modal>
  );
}

/** A program's publish history: when, by whom, to how many screens; each screen's delivery and bytes sent. */
function HistoryDialog({
  projectId,
  program,
  onClose,
}: {
  projectId: number;
  program: LedProgramListed;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = programApi(projectId);
  const rows = useQuery({
    queryKey: [...api.publishes.key(), program.id],
    queryFn: () => api.publishes({ query: { page: 1, pageSize: 50, programId: program.id } as never }),
  });
  type Row = NonNullable<typeof rows.data>['list'][number];
  const columns: TableColumnsType<Row> = [
    { title: t('led.programs.publishedAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    { title: t('led.programs.publishedBy'), dataIndex: 'creator' },
    { title: t('led.programs.fields.screens'), dataIndex: 'total', align: 'right' },
  ];
  return (
    <Modal
      open
      footer={null}
      width={640}
      title={t('led.programs.historyTitle', { name: program.name })}
      onCancel={onClose}
    >
      <Table<Row>
        rowKey="id"
        size="small"
        loading={rows.isLoading}
        columns={columns}
        dataSource={rows.data?.list ?? []}
        pagination={false}
        data-testid="publish-history"
      />
      <div style={{ marginTop: 16 }}>
        <ProgramScreens projectId={projectId} programId={program.id} />
      </div>
    </Modal>
  );
}
