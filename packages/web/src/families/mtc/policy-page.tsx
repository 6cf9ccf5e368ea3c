import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { type CrudColumn, createAction, ListScreen, tableColumns } from '../../components/crud';
import { useErrorText } from '../../components/device';
import { DraggableModal } from '../../components/draggable-modal';
import { PolicyPreviewDialog } from '../../components/schedule/policy-editor';
import { CycleText, offsetText, policyPage } from '../../components/schedule/policy-list';
import { PolicyUnitTags, usePolicyActionsColumn, usePolicyScreen } from '../../components/schedule/policy-table';
import { type CabinetPolicy, type CabinetPreview, mtcApi, mtcKeys, type PolicyUse } from './api';
import { CircuitDay } from './circuit-day';
import { CabinetPolicyDialog } from './policy-form';
import './texts';

/** /pjt/pjtdevicemtcpolicy (spec 001 §2): cabinet policies, their use on cabinets, previews of a day and a year. */
export default policyPage(Policies);

/** A unit in words: "日落 +15 分钟：回路 1、2 开". */
export function useUnitText() {
  const { t } = useTranslation();
  return (u: CabinetPolicy['units'][number]) => {
    const when = u.time
      ? u.time
      : `${t(`cabinets.relativeTypes.${u.relativeTo ?? 'midnight'}`)}${offsetText(u.offset, t('cabinets.policy.minutes'))}`;
    const what =
      u.circuits.length === 0
        ? t('cabinets.policy.allOff')
        : t('cabinets.policy.circuitsOn', { list: u.circuits.join(t('cabinets.circuits.separator')) });
    return t('cabinets.policy.unitText', { when, what });
  };
}

/** The outcome of using or removing a policy, shown after it. */
type UseDialog = { kind: 'result'; policy: CabinetPolicy; use: 'use' | 'remove'; answer: PolicyUse };

function Policies({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message, confirm } = useFeedback();
  const m = mtcApi(projectId);
  const unitText = useUnitText();
  const { list, dialog, setDialog, close } = usePolicyScreen<CabinetPolicy, UseDialog>(
    mtcKeys.policies(projectId),
    m.policies,
  );
  const remove = useMutation({
    mutationFn: (p: CabinetPolicy) => m.deletePolicy(p.id),
    onSuccess: () => {
      message.success(t('common.deleted'));
      void list.refresh();
    },
  });
  const askDelete = (p: CabinetPolicy) =>
    p.cabinetCount > 0
      ? message.warning(t('cabinets.policy.deleteUsed', { name: p.name, count: p.cabinetCount }))
      : confirm({
          title: t('cabinets.policy.deleteTitle', { name: p.name }),
          content: t('cabinets.policy.deleteUnused'),
          okText: t('common.delete'),
          cancelText: t('common.cancel'),
          okButtonProps: { danger: true },
          onOk: () => remove.mutateAsync(p).catch(() => undefined),
        });

  const declared: CrudColumn<CabinetPolicy>[] = [
    // Widths that fit 1366 px with the pinned actions (issue 13: the cycle was cut behind them); the
    // change time is in the column setting, hidden at first.
    { field: 'name', width: 120, ellipsis: true },
    { field: 'no', width: 100, ellipsis: true },
    { field: 'timeMode', width: 110, render: (v) => t(`cabinets.timeModes.${String(v)}`) },
    {
      field: 'units',
      width: 170,
      render: (_, p) => (
        <PolicyUnitTags units={p.units} color={(u) => (u.circuits.length === 0 ? 'default' : 'gold')} text={unitText} />
      ),
    },
    { field: 'cycle', width: 150, render: (_, p) => <CycleText cycle={p.cycle} /> },
    { field: 'inUse', kind: { kind: 'flag' }, width: 80 },
    { field: 'cabinetCount', width: 110, align: 'right' },
    { field: 'updatedAt', kind: { kind: 'time' } },
  ];
  const columns = tableColumns(declared, (field) => t(`cabinets.policy.fields.${field}`));
  const actions = usePolicyActionsColumn<CabinetPolicy>({
    width: 200,
    texts: { preview: 'cabinets.policy.preview', use: 'cabinets.policy.use', remove: 'cabinets.policy.remove' },
    open: setDialog,
    onDelete: askDelete,
  });
  columns.push(actions);
  // Every column has its width and the table scrolls past their sum: with no rows (nothing to size
  // them by, as max-content would) no header is squeezed under the fixed actions column. The change
  // time, hidden at first, is left out: shown, it takes its width from the others.
  const tableWidth = columns.reduce(
    (sum, c) => sum + (typeof c.width === 'number' && c.key !== 'updatedAt' ? c.width : 0),
    0,
  );

  return (
    <Card title={t('menu.pjtdevicemtcpolicy')}>
      <ListScreen<CabinetPolicy, { keyword?: string }>
        list={list}
        columns={columns}
        hiddenByDefault={['updatedAt']}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        actions={[editable && createAction(t('common.create'), () => setDialog({ kind: 'edit', policy: null }))]}
        table={{ scroll: { x: tableWidth } }}
      />
      {dialog?.kind === 'edit' && (
        <CabinetPolicyDialog
          policy={dialog.policy}
          onClose={close}
          onSubmit={(body) =>
            (dialog.policy ? m.updatePolicy(dialog.policy.id, body as never) : m.createPolicy(body as never)).then(
              () => {
                message.success(t('common.saved'));
                void list.refresh();
              },
            )
          }
        />
      )}
      {(dialog?.kind === 'use' || dialog?.kind === 'remove') && (
        <CabinetsDialog
          projectId={projectId}
          title={t(`cabinets.policy.${dialog.kind}Title`, { name: dialog.policy.name })}
          hint={t(`cabinets.policy.${dialog.kind}Hint`)}
          danger={dialog.kind === 'remove'}
          onClose={close}
          onSubmit={async (ids) => {
            const answer = await (dialog.kind === 'use' ? m.usePolicy : m.removePolicy)(dialog.policy.id, ids);
            void list.refresh();
            setDialog({ kind: 'result', policy: dialog.policy, use: dialog.kind, answer });
          }}
        />
      )}
      {dialog?.kind === 'result' && <UseResult dialog={dialog} onClose={close} />}
      {dialog?.kind === 'preview' && <PreviewDialog projectId={projectId} policy={dialog.policy} onClose={close} />}
    </Card>
  );
}

/** Asks which cabinets a policy is used on (or removed from); "choose at least one" rather than nothing. */
function CabinetsDialog({
  projectId,
  title,
  hint,
  danger,
  onSubmit,
  onClose,
}: {
  projectId: number;
  title: string;
  hint: string;
  danger?: boolean;
  onSubmit: (ids: number[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const options = useCabinetOptions(projectId);
  const [ids, setIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <DraggableModal
      open
      title={title}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading: sending }}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        if (ids.length === 0) {
          setError(t('cabinets.policy.noCabinets'));
          return;
        }
        setSending(true);
        setError(null);
        try {
          await onSubmit(ids);
        } catch (e) {
          setError(errorText(e));
        } finally {
          setSending(false);
        }
      }}
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{hint}</Typography.Text>
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          placeholder={t('cabinets.policy.cabinets')}
          aria-label={t('cabinets.policy.cabinets')}
          options={options.data ?? []}
          loading={options.isLoading}
          value={ids}
          onChange={(v) => {
            setIds(v);
            setError(null);
          }}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="policy-cabinets"
        />
        {error && <Alert type="error" showIcon title={error} data-testid="policy-cabinets-error" />}
      </Flex>
    </DraggableModal>
  );
}

/** The project's cabinets as options (name and number). */
function useCabinetOptions(projectId: number) {
  const m = mtcApi(projectId);
  return useQuery({
    queryKey: [...mtcKeys.cabinets(projectId), 'options'],
    queryFn: () => m.map().then((rows) => rows.map((c) => ({ value: c.id, label: `${c.name} (${c.no})` }))),
    staleTime: 60_000,
  });
}

/** Each cabinet's outcome of a use or remove: told now, or stored for its next connection (and why). */
function UseResult({ dialog, onClose }: { dialog: UseDialog; onClose: () => void }) {
  const { t } = useTranslation();
  const { answer } = dialog;
  return (
    <DraggableModal
      open
      title={t(`cabinets.policy.${dialog.use}Title`, { name: dialog.policy.name })}
      footer={null}
      onCancel={onClose}
    >
      <Flex vertical gap={8} data-testid="policy-use-result">
        <Alert
          type={answer.delivered === answer.total ? 'success' : 'warning'}
          showIcon
          title={t('cabinets.policy.useResult', { delivered: answer.delivered, count: answer.total })}
        />
        <Table
          rowKey="deviceId"
          size="small"
          pagination={false}
          dataSource={answer.results}
          columns={[
            { title: t('cabinets.fields.name'), dataIndex: 'name' },
            {
              title: t('cabinets.policy.outcome'),
              key: 'outcome',
              render: (_, r) =>
                r.delivered ? (
                  <Tag color="green">{t('cabinets.policy.delivered')}</Tag>
                ) : (
                  <Tag color="orange">{t('cabinets.policy.stored')}</Tag>
                ),
            },
            {
              title: t('cabinets.policy.reason'),
              dataIndex: 'error',
              render: (e: string | null) =>
                e ? t(`cabinets.policy.reasons.${e}`, { defaultValue: t('cabinets.policy.reasons.other') }) : '',
            },
          ]}
        />
      </Flex>
    </DraggableModal>
  );
}

/** The preview's day as the lighting timeline takes it: lit while any circuit is on. */
export function previewDay(p: CabinetPreview) {
  if (!p.day) return null;
  const lit = (circuits: readonly number[]) => circuits.length > 0;
  return {
    date: p.day.date,
    sunrise: p.day.sunrise,
    sunset: p.day.sunset,
    startLevel: lit(p.day.startCircuits) ? 100 : 0,
    steps: p.day.events.map((e) => ({
      at: e.time,
      action: lit(e.circuits) ? ('on' as const) : ('off' as const),
      level: lit(e.circuits) ? 100 : 0,
    })),
  };
}
/**
 * What a policy does at a chosen cabinet (its coordinates; else the project's centre): the day on the
 * lighting timeline with each circuit's hours below, and the on and off times over the year.
 */
function PreviewDialog({
  projectId,
  policy,
  onClose,
}: {
  projectId: number;
  policy: CabinetPolicy;
  onClose: () => void;
}) {
  const errorText = useErrorText();
  const m = mtcApi(projectId);
  const options = useCabinetOptions(projectId);
  const [cabinetId, setCabinetId] = useState<number | undefined>(undefined);
  return (
    <PolicyPreviewDialog
      texts="cabinets.policy"
      name={policy.name}
      target={{ value: cabinetId, onChange: setCabinetId, options: options.data ?? [] }}
      load={{
        key: [...mtcKeys.policies(projectId), 'preview', policy.id, cabinetId],
        fn: (day) => m.preview(policy.id, { cabinetId, ...day }),
      }}
      errorText={errorText}
      dayOf={previewDay}
      dayExtra={(answer) => answer.day && <CircuitDay day={answer.day} circuitCount={answer.circuitCount} />}
      onClose={onClose}
    />
  );
}
