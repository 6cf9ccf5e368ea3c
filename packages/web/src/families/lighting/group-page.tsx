import { DeleteOutlined, EditOutlined, ScheduleOutlined, TeamOutlined } from '@ant-design/icons';
import { LAMP_STATES, lightingGroupBody } from '@sc/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Select, Space, Tabs, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useFeedback } from '../../app/feedback';
import {
  applyServerErrors,
  type CrudColumn,
  canModify,
  createAction,
  ListScreen,
  tableColumns,
  useAuthLevel,
  useDeleteRows,
  usePagedList,
  zodFieldRule,
} from '../../components/crud';
import { DraggableModal } from '../../components/draggable-modal';
import { devicesInArea } from '../../components/map/area';
import { AreaDrawBar } from '../../components/map/area-draw-bar';
import { useMapPicks } from '../../components/map/map-picks';
import { useAreaDraw } from '../../components/map/use-area-draw';
import { ProjectScoped } from '../../components/project-scoped';
import { OwnProjectNote } from '../../components/project-switcher';
import { useLang } from '../../i18n/i18n';
import { type LcuGroup, lightingApi, lightingKeys } from './api';
import { LampBatchProgress, PowerCommands, useLampBatch } from './batch';
import { useLampOptions } from './common';
import { STATE_COLOURS } from './lamp-state';

const AreaMap = lazy(() => import('../../components/map/area-map'));

/** /pjt/pjtdevicelightinggroup (spec 001 §2): LCU groups, their members, and commands to a whole group. */
export default function GroupPage() {
  // Lamp groups are made in one project: with the child-projects switch on, the page says these are its own.
  return (
    <ProjectScoped>
      {(projectId) => (
        <>
          <OwnProjectNote what="groups" />
          <Groups projectId={projectId} />
        </>
      )}
    </ProjectScoped>
  );
}

type Dialog = { kind: 'edit'; group: LcuGroup | null } | null;

function Groups({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const editable = canModify(useAuthLevel());
  const l = lightingApi(projectId);
  const batch = useLampBatch(projectId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [chosen, setChosen] = useState<LcuGroup | null>(null);
  const [policyId, setPolicyId] = useState<number | undefined>(undefined);
  const list = usePagedList<LcuGroup, { keyword?: string }>({
    key: lightingKeys.groups(projectId),
    load: ({ page, pageSize, filters }) => l.groups(page, pageSize, filters.keyword),
    initialFilters: {},
  });
  const policies = useQuery({
    queryKey: [...lightingKeys.policies(projectId), 'options'],
    queryFn: () => l.policies(1, 100),
    enabled: editable,
  });
  const askDelete = useDeleteRows(l.groupsBase, () => list.refresh());
  const use = useMutation({
    mutationFn: ({ group, policy }: { group: LcuGroup; policy: number }) =>
      batch.run(() => l.applyPolicy(policy, { groupIds: [group.id] })),
    onError: (error) => message.error((isApiError(error) && error.body?.message) || t('common.loadFailed')),
  });

  const declared: CrudColumn<LcuGroup>[] = [
    { field: 'name', width: 180 },
    { field: 'no', width: 140 },
    { field: 'memberCount', width: 110, align: 'right' },
    { field: 'description', ellipsis: true },
    { field: 'createdAt', kind: { kind: 'time' } },
  ];
  const columns = tableColumns(declared, (field) => t(`lamps.group.fields.${field}`));
  columns.push({
    title: t('common.actions'),
    key: 'actions',
    width: 260,
    render: (_, g: LcuGroup) => (
      <Space size={0}>
        <Button
          size="small"
          type="link"
          icon={<TeamOutlined />}
          onClick={() => setChosen(g)}
          data-testid={`group-control-${g.id}`}
        >
          {t('lamps.group.control')}
        </Button>
        {editable && (
          <>
            <Button
              size="small"
              type="link"
              icon={<EditOutlined />}
              onClick={() => setDialog({ kind: 'edit', group: g })}
            >
              {t('common.edit')}
            </Button>
            <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => askDelete([g.id])}>
              {t('common.delete')}
            </Button>
          </>
        )}
      </Space>
    ),
  });

  return (
    <Flex vertical gap={12}>
      <Card title={t('menu.pjtdevicelightinggroup')}>
        <ListScreen<LcuGroup, { keyword?: string }>
          list={list}
          columns={columns}
          filters={[{ kind: 'keyword', name: 'keyword' }]}
          actions={[editable && createAction(t('common.create'), () => setDialog({ kind: 'edit', group: null }))]}
          table={{
            onRow: (g) => ({ onClick: () => setChosen(g) }),
            rowClassName: (g) => (g.id === chosen?.id ? 'ant-table-row-selected' : ''),
          }}
        />
      </Card>
      {chosen && (
        <Card
          size="small"
          title={t('lamps.group.controlTitle', { name: chosen.name, count: chosen.memberCount })}
          data-testid="group-control"
        >
          {editable ? (
            <Flex gap={16} wrap align="center">
              <PowerCommands
                target={chosen.name}
                loading={batch.sending}
                send={(request) => batch.run(() => l.groupCommand(chosen.id, request)).catch(() => undefined)}
              />
              <Space>
                <Select
                  style={{ width: 220 }}
                  placeholder={t('lamps.group.choosePolicy')}
                  aria-label={t('lamps.group.choosePolicy')}
                  value={policyId}
                  onChange={setPolicyId}
                  options={(policies.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
                  data-testid="group-policy"
                />
                <Button
                  icon={<ScheduleOutlined />}
                  disabled={policyId === undefined}
                  loading={use.isPending}
                  onClick={() => policyId !== undefined && use.mutate({ group: chosen, policy: policyId })}
                  data-testid="group-use-policy"
                >
                  {t('lighting.commands.use')}
                </Button>
              </Space>
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('lamps.controls.readOnly')}</Typography.Text>
          )}
        </Card>
      )}
      <LampBatchProgress batch={batch} />
      {dialog && (
        <GroupDialog
          projectId={projectId}
          group={dialog.group}
          onClose={() => setDialog(null)}
          onSaved={() => {
            message.success(t('common.saved'));
            void list.refresh();
          }}
        />
      )}
    </Flex>
  );
}

/** Create or edit a group: name, no, description, and its lamps picked from a list or on the map. */
function GroupDialog({
  projectId,
  group,
  onClose,
  onSaved,
}: {
  projectId: number;
  group: LcuGroup | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const l = lightingApi(projectId);
  const options = useLampOptions(projectId);
  const [form] = Form.useForm();
  const [members, setMembers] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: [...lightingKeys.groups(projectId), 'one', group?.id],
    queryFn: () => l.group(group!.id),
    enabled: Boolean(group),
  });
  useEffect(() => {
    if (detail.data) setMembers(detail.data.lampIds);
  }, [detail.data]);
  const save = useMutation({
    mutationFn: (values: { name: string; no: string; description?: string }) => {
      const body = { ...values, description: values.description ?? '', lampIds: members };
      return group ? l.updateGroup(group.id, body) : l.createGroup(body);
    },
    onSuccess: () => {
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (!applyServerErrors(form, error))
        setFailure((isApiError(error) && error.body?.message) || t('common.loadFailed'));
    },
  });
  const rule = (field: string) => [zodFieldRule(lightingGroupBody, field, lang)];
  return (
    <DraggableModal
      open
      width={900}
      title={group ? t('lamps.group.edit') : t('lamps.group.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (values) save.mutate(values);
      }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={group ?? {}} name="lcu-group-form">
        <Space align="start" wrap>
          <Form.Item name="name" label={t('lamps.group.fields.name')} rules={rule('name')} required>
            <Input style={{ width: 240 }} data-testid="group-name" />
          </Form.Item>
          <Form.Item name="no" label={t('lamps.group.fields.no')} rules={rule('no')} required>
            <Input style={{ width: 200 }} data-testid="group-no" />
          </Form.Item>
          <Form.Item name="description" label={t('lamps.group.fields.description')} rules={rule('description')}>
            <Input style={{ width: 320 }} />
          </Form.Item>
        </Space>
      </Form>
      <Typography.Text strong data-testid="group-member-count">
        {t('lamps.group.members', { count: members.length })}
      </Typography.Text>
      <Tabs
        items={[
          {
            key: 'list',
            label: t('lamps.group.fromList'),
            children: (
              <Select
                mode="multiple"
                style={{ width: '100%' }}
                value={members}
                onChange={setMembers}
                options={options.lamps}
                showSearch={{ optionFilterProp: 'label' }}
                maxTagCount="responsive"
                aria-label={t('lamps.group.fromList')}
                data-testid="group-members"
              />
            ),
          },
          {
            key: 'map',
            label: t('lamps.group.onMap'),
            children: <MembersOnMap projectId={projectId} members={members} onChange={setMembers} />,
          },
        ]}
      />
    </DraggableModal>
  );
}

/** Members on the map: a click toggles a lamp, an area drawn adds every lamp inside. */
function MembersOnMap({
  projectId,
  members,
  onChange,
}: {
  projectId: number;
  members: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const l = lightingApi(projectId);
  const points = useQuery({ queryKey: lightingKeys.map(projectId), queryFn: () => l.map() });
  const draw = useAreaDraw();
  const picks = useMapPicks(members, onChange);
  const inside = useMemo(
    () => (draw.area ? devicesInArea(points.data ?? [], draw.area) : []),
    [draw.area, points.data],
  );
  const marks = useMemo(
    () => (points.data ?? []).map((p) => ({ id: p.id, lng: p.lng, lat: p.lat, tone: p.state })),
    [points.data],
  );
  const tones = useMemo(
    () =>
      Object.fromEntries(LAMP_STATES.map((s) => [s, { colour: STATE_COLOURS[s], label: t(`lighting.states.${s}`) }])),
    [t],
  );
  return (
    <Flex vertical gap={8}>
      <AreaDrawBar
        draw={draw}
        inside={inside.length}
        actions={
          <Button
            type="primary"
            disabled={inside.length === 0}
            onClick={() => {
              picks.add(inside.map((p) => p.id));
              draw.clear();
            }}
            data-testid="group-add-area"
          >
            {t('lamps.group.addInside', { count: inside.length })}
          </Button>
        }
      />
      <Suspense fallback={<div style={{ height: 360 }} />}>
        <AreaMap
          marks={marks}
          tones={tones}
          draw={draw}
          picked={picks.picked}
          pickedLabel={t('lamps.group.memberLegend')}
          onDevice={picks.toggle}
          height={360}
        />
      </Suspense>
    </Flex>
  );
}
