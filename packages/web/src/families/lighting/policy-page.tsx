import { ClearOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useFeedback } from '../../app/feedback';
import { type CrudColumn, createAction, ListScreen, tableColumns, useDeleteRows } from '../../components/crud';
import { PolicyPreviewDialog } from '../../components/schedule/policy-editor';
import { CycleText, offsetText, policyPage } from '../../components/schedule/policy-list';
import { PolicyUnitTags, usePolicyActionsColumn, usePolicyScreen } from '../../components/schedule/policy-table';
import { inNightOrder, usualMinuteOf } from '../../components/schedule/schedule';
import { lightingApi, lightingKeys, type Policy, type Preview } from './api';
import { LampBatchProgress, useLampBatch } from './batch';
import { useLampOptions } from './common';
import { PolicyDialog } from './policy-form';
import { TargetsDialog } from './targets';

/** /pjt/pjtdevicelightingpolicy (spec 001 §2): lighting policies, their use on lamps and groups, previews. */
export default policyPage(Policies);

/** A unit in words: "sunset +15 min: on 100 %". */
export function useUnitText() {
  const { t } = useTranslation();
  return (u: Policy['units'][number]) => {
    const when =
      u.start.kind === 'clock'
        ? (u.start.time ?? '')
        : `${t(`lighting.startKinds.${u.start.kind}`)}${offsetText(u.start.offset, t('lamps.policy.minutes'))}`;
    const what = u.type === 'off' ? t('lighting.unitTypes.off') : `${t(`lighting.unitTypes.${u.type}`)} ${u.level}%`;
    return `${when} ${what}`;
  };
}

function Policies({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message, confirm } = useFeedback();
  const l = lightingApi(projectId);
  const unitText = useUnitText();
  const batch = useLampBatch(projectId);
  const { list, dialog, setDialog, close } = usePolicyScreen<Policy, { kind: 'clear' }>(
    lightingKeys.policies(projectId),
    l.policies,
  );
  const askDelete = useDeleteRows(l.policiesBase, () => list.refresh());
  const started = (p: Promise<unknown>) =>
    p.then(() => {
      void list.refresh();
    });
  const policydef = useMutation({
    mutationFn: (p: Policy) => batch.run(() => l.policydef(p.id)),
    onError: (error) => message.error((isApiError(error) && error.body?.message) || t('common.loadFailed')),
  });

  const declared: CrudColumn<Policy>[] = [
    { field: 'name', width: 140 },
    { field: 'no', width: 110 },
    { field: 'alias', width: 110 },
    {
      field: 'units',
      // Bounded, the steps' tags wrap: a night policy's three steps on one line pushed the list past 1366 px.
      width: 150,
      render: (_, p) => (
        <PolicyUnitTags
          units={inNightOrder(p.units, (u) => usualMinuteOf(u.start))}
          color={(u) => (u.type === 'off' ? 'default' : u.type === 'eco' ? 'orange' : 'gold')}
          text={unitText}
        />
      ),
    },
    { field: 'range', width: 100, render: (v) => t(`lighting.channels.${String(v)}`) },
    { field: 'cycle', width: 130, render: (_, p) => <CycleText cycle={p.cycle} /> },
    { field: 'inUse', kind: { kind: 'flag' } },
    { field: 'lampCount', width: 90, align: 'right' },
  ];
  const columns = tableColumns(declared, (field) => t(`lamps.policy.fields.${field}`));
  const actions = usePolicyActionsColumn<Policy>({
    width: 330,
    texts: { preview: 'lamps.policy.preview', use: 'lighting.commands.use', remove: 'lighting.commands.remove' },
    open: setDialog,
    onDelete: (p) => askDelete([p.id]),
    extra: (p) => (
      <Button
        size="small"
        type="link"
        icon={<CloudUploadOutlined />}
        onClick={() =>
          confirm({
            title: t('lighting.commands.policydef'),
            content: t('lamps.policy.policydefConfirm', { name: p.name }),
            okText: t('common.ok'),
            cancelText: t('common.cancel'),
            onOk: () => policydef.mutate(p),
          })
        }
      >
        {t('lighting.commands.policydef')}
      </Button>
    ),
  });
  columns.push(actions);

  return (
    <Card title={t('menu.pjtdevicelightingpolicy')}>
      <Flex vertical gap={12}>
        <ListScreen<Policy, { keyword?: string }>
          list={list}
          columns={columns}
          // To fit 1366 px beside the actions; offered in the column setting.
          hiddenByDefault={['alias', 'range']}
          filters={[{ kind: 'keyword', name: 'keyword' }]}
          actions={[
            editable && createAction(t('common.create'), () => setDialog({ kind: 'edit', policy: null })),
            editable && {
              key: 'clear',
              label: t('lighting.commands.clear'),
              icon: <ClearOutlined />,
              danger: true,
              onClick: () => setDialog({ kind: 'clear' }),
            },
          ]}
          table={{ scroll: { x: 'max-content' } }}
        />
        <LampBatchProgress batch={batch} />
      </Flex>
      {dialog?.kind === 'edit' && (
        <PolicyDialog
          open
          policy={dialog.policy}
          onClose={close}
          onSubmit={(body) =>
            started(
              dialog.policy ? l.updatePolicy(dialog.policy.id, body as never) : l.createPolicy(body as never),
            ).then(() => message.success(t('common.saved')))
          }
        />
      )}
      {(dialog?.kind === 'use' || dialog?.kind === 'remove') && (
        <TargetsDialog
          projectId={projectId}
          open
          title={t(`lamps.policy.${dialog.kind}Title`, { name: dialog.policy.name })}
          danger={dialog.kind === 'remove'}
          onClose={close}
          onSubmit={(targets) =>
            started(
              batch.run(() => (dialog.kind === 'use' ? l.applyPolicy : l.removePolicy)(dialog.policy.id, targets)),
            )
          }
        />
      )}
      {dialog?.kind === 'clear' && (
        <TargetsDialog
          projectId={projectId}
          open
          danger
          title={t('lamps.policy.clearTitle')}
          onClose={close}
          onSubmit={(targets) => started(batch.run(() => l.clearPolicies(targets)))}
        />
      )}
      {dialog?.kind === 'preview' && <PreviewDialog projectId={projectId} policy={dialog.policy} onClose={close} />}
    </Card>
  );
}

/** The preview's day as the timeline takes it. */
export function previewDay(p: Preview) {
  if (!p.day) return null;
  return {
    date: p.day.date,
    sunrise: p.day.sunrise,
    sunset: p.day.sunset,
    startLevel: p.day.startLevel,
    steps: p.day.events.map((e) => ({ at: e.time, action: e.type, level: e.level })),
  };
}
/**
 * What a policy does for a chosen lamp or group (at its coordinates): the on/off/dim timeline of a day
 * and the on and off times over the whole year.
 */
function PreviewDialog({ projectId, policy, onClose }: { projectId: number; policy: Policy; onClose: () => void }) {
  const { t } = useTranslation();
  const l = lightingApi(projectId);
  const options = useLampOptions(projectId);
  const [target, setTarget] = useState<string | undefined>(undefined);
  const [kind, id] = (target ?? '').split(':');
  const at = { lampId: kind === 'lamp' ? Number(id) : undefined, groupId: kind === 'group' ? Number(id) : undefined };
  return (
    <PolicyPreviewDialog
      texts="lamps.policy"
      name={policy.name}
      target={{
        value: target,
        onChange: setTarget,
        options: [
          {
            label: t('lamps.targets.groups'),
            options: options.lcuGroups.map((g) => ({ value: `group:${g.value}`, label: g.label })),
          },
          {
            label: t('lamps.targets.lamps'),
            options: options.lamps.map((g) => ({ value: `lamp:${g.value}`, label: g.label })),
          },
        ],
      }}
      // The preview is at a lamp's or group's coordinates: nothing to ask before one is chosen.
      load={{
        key: [...lightingKeys.policies(projectId), 'preview', policy.id, at],
        fn: (day) => l.preview(policy.id, { ...at, ...day }),
        enabled: target !== undefined,
      }}
      errorText={(error) => (isApiError(error) && error.body?.message) || t('common.loadFailed')}
      dayOf={previewDay}
      waiting={target === undefined ? t('lamps.policy.previewPick') : undefined}
      onClose={onClose}
    />
  );
}
