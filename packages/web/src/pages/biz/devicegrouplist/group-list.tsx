import { ThunderboltOutlined } from '@ant-design/icons';
import { ACTIVE_STATE, type DeviceAreaView, type DeviceGroupView, deviceGroupBody } from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Select, type SelectProps, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../api/client';
import { useFeedback } from '../../../app/feedback';
import { type CrudField, canModify, ResourceTable, useAuthLevel } from '../../../components/crud';
import { LocationDialog, LocationLink } from '../../../components/location-dialog';
import { polePath } from '../../../components/maintenance/maintenance-api';
import { formatTime } from '../../../components/time';
import { useLang } from '../../../i18n/i18n';
import { useCurrentProject } from '../../../session/use-current-project';
import { ProjectTreeSelect } from '../../man/projectlist/project-tree';
import { coordinateFields, ProjectFilter, type ScopeProps } from '../devicearealist/area-list';

export type GroupRow = DeviceGroupView & { [key: string]: unknown };

const ACTIVE_COLOURS: Record<number, string> = {
  [ACTIVE_STATE.error]: 'red',
  [ACTIVE_STATE.unknown]: 'default',
  [ACTIVE_STATE.active]: 'green',
};

/** The active state (spec 000 §4): abnormal red, unknown grey, normal green. */
export function ActiveTag({ state }: { state: number }) {
  const { t } = useTranslation();
  return <Tag color={ACTIVE_COLOURS[state] ?? 'default'}>{t(`enums.active_${state}`)}</Tag>;
}

/** The areas of a lookup base, optionally of one project. */
function useAreas(apiBase: string, projectId: number | undefined, enabled = true) {
  const lang = useLang();
  const base = `${apiBase}/deviceareas.do`;
  return useQuery({
    queryKey: ['crud', base, 'all', { projectId, lang }],
    queryFn: () => api.get<DeviceAreaView[]>(base, { projectId }),
    enabled,
  });
}

/**
 * The area of a group (a form input): under /biz only the areas of the project chosen in the same form,
 * and an area of another project is dropped when the project changes.
 */
function AreaSelect({ apiBase, scoped, ...props }: SelectProps<number> & { apiBase: string; scoped: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const projectId = Form.useWatch('projectId', form) as number | undefined;
  const ready = scoped || projectId !== undefined;
  const areas = useAreas(apiBase, scoped ? undefined : projectId, ready);
  const { value, onChange } = props;
  useEffect(() => {
    if (value != null && areas.data && !areas.data.some((a) => a.id === value)) onChange?.(undefined as never, []);
  }, [value, areas.data, onChange]);
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={!ready}
      loading={areas.isFetching}
      placeholder={ready ? t('groups.areaPlaceholder') : t('groups.chooseProjectFirst')}
      options={(areas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
      style={{ width: '100%' }}
      {...props}
    />
  );
}

/** Device groups of /biz/devicegrouplist and /pjt/pjtdevicegrouplist: CRUD, location and forced active state. */
export function GroupList({ apiBase, scoped = false }: ScopeProps) {
  const { t } = useTranslation();
  const { message, confirm } = useFeedback();
  const queryClient = useQueryClient();
  const writable = canModify(useAuthLevel());
  const current = useCurrentProject();
  const base = `${apiBase}/devicegroups.do`;
  const [projectId, setProjectId] = useState<number | undefined>();
  const [areaId, setAreaId] = useState<number | undefined>();
  const [locating, setLocating] = useState<GroupRow | null>(null);
  const filterAreas = useAreas(apiBase, scoped ? undefined : projectId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['crud', base] });

  const fields: CrudField[] = [
    { name: 'name', rule: deviceGroupBody.shape.name, required: true },
    { name: 'no', rule: deviceGroupBody.shape.no, required: true },
    ...(scoped
      ? []
      : [
          {
            name: 'projectId',
            rule: deviceGroupBody.shape.projectId,
            required: true,
            initialValue: projectId,
            input: <ProjectTreeSelect placeholder={t('groups.projectPlaceholder')} />,
          },
        ]),
    {
      name: 'areaId',
      rule: deviceGroupBody.shape.areaId,
      initialValue: areaId,
      input: <AreaSelect apiBase={apiBase} scoped={scoped} />,
    },
    ...coordinateFields(deviceGroupBody.shape),
    {
      name: 'description',
      rule: deviceGroupBody.shape.description,
      input: <Input.TextArea rows={3} showCount maxLength={100} />,
    },
  ];

  const forceActive = (row: GroupRow) =>
    confirm({
      title: t('groups.forceActiveTitle', { name: row.name }),
      content: <Alert type="warning" showIcon title={t('groups.forceActiveWarning')} style={{ marginTop: 8 }} />,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await api.put(`${base}/${row.id}/active`, { activeState: ACTIVE_STATE.active });
          message.success(t('groups.forceActiveDone'));
          await refresh();
        } catch {
          // Toasted by the client.
        }
      },
    });

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex gap={16} wrap align="center">
          {!scoped && (
            <ProjectFilter
              value={projectId}
              onChange={(id) => {
                setProjectId(id);
                setAreaId(undefined);
              }}
              label={t('groups.fields.projectId')}
              placeholder={t('groups.allProjects')}
            />
          )}
          <Flex gap={8} align="center">
            <Typography.Text type="secondary">{t('groups.fields.areaId')}</Typography.Text>
            <Select<number>
              allowClear
              aria-label={t('groups.fields.areaId')}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('groups.allAreas')}
              value={areaId}
              onChange={(id) => setAreaId(id ?? undefined)}
              loading={filterAreas.isFetching}
              options={(filterAreas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              style={{ width: 220 }}
            />
          </Flex>
        </Flex>
      </Card>
      <ResourceTable<GroupRow>
        resource="groups"
        base={base}
        fields={fields}
        query={scoped ? { areaId } : { projectId, areaId }}
        hiddenByDefault={['deviceCount', 'createdAt']}
        toForm={(row) => ({
          name: row.name,
          no: row.no,
          ...(scoped ? {} : { projectId: row.projectId }),
          areaId: row.areaId ?? undefined,
          lng: row.lng ?? undefined,
          lat: row.lat ?? undefined,
          description: row.description,
        })}
        deletable={(row) => (row.deviceCount > 0 ? t('groups.inUseHint', { count: row.deviceCount }) : true)}
        rowActions={(row) =>
          writable && (
            <>
              {/* Already normal: nothing to force, and the reason says so. */}
              <Tooltip title={row.activeState === ACTIVE_STATE.active ? t('groups.forceActiveNotNeeded') : undefined}>
                {/* A span: a disabled button gives the tooltip no pointer events. */}
                <span>
                  <Button
                    size="small"
                    type="link"
                    icon={<ThunderboltOutlined />}
                    disabled={row.activeState === ACTIVE_STATE.active}
                    onClick={() => forceActive(row)}
                  >
                    {t('groups.forceActive')}
                  </Button>
                </span>
              </Tooltip>
            </>
          )
        }
        columns={[
          // A group is a pole: its name opens the pole page (its devices, their state and its
          // maintenance), in the group's project.
          {
            field: 'name',
            render: (v, row) => (
              <Link
                to={polePath(row.id)}
                style={{ whiteSpace: 'nowrap' }}
                title={t('maintenance.openPole')}
                data-testid="group-pole-link"
                onClick={() => {
                  if (current.projectId !== row.projectId)
                    current.setProject({ id: row.projectId, name: row.projectName });
                }}
              >
                {String(v)}
              </Link>
            ),
          },
          {
            field: 'no',
            render: (v) => (
              <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                {String(v)}
              </Typography.Text>
            ),
          },
          // The state right after the group: visible without scrolling (issue 13).
          {
            field: 'activeState',
            width: 120,
            render: (_v, row) =>
              row.activeForcedAt ? (
                <Tooltip title={t('groups.forcedAt', { time: formatTime(row.activeForcedAt) })}>
                  <span>
                    <ActiveTag state={row.activeState} />
                  </span>
                </Tooltip>
              ) : (
                <ActiveTag state={row.activeState} />
              ),
          },
          ...(scoped
            ? []
            : [
                {
                  field: 'projectName',
                  render: (v: unknown) => <span style={{ whiteSpace: 'nowrap' }}>{String(v)}</span>,
                },
              ]),
          {
            field: 'areaName',
            render: (v) =>
              v ? (
                <span style={{ whiteSpace: 'nowrap' }}>{String(v)}</span>
              ) : (
                <Typography.Text type="secondary">{t('groups.noArea')}</Typography.Text>
              ),
          },
          {
            field: 'location',
            render: (_v, row) => (
              <LocationLink
                lng={row.lng}
                lat={row.lat}
                none={t('groups.noLocation')}
                label={t('groups.setLocation')}
                onClick={writable ? () => setLocating(row) : undefined}
              />
            ),
          },
          { field: 'deviceCount', width: 80 },
          { field: 'createdAt', kind: { kind: 'time' } },
        ]}
      />
      {locating && (
        <LocationDialog
          title={t('groups.locationTitle', { name: locating.name })}
          initial={{ lng: locating.lng, lat: locating.lat }}
          onClose={() => setLocating(null)}
          onSave={async (location) => {
            await api.put(`${base}/${locating.id}/location`, location, { silent: true });
            message.success(t('groups.locationSaved'));
            setLocating(null);
            await refresh();
          }}
        />
      )}
    </Flex>
  );
}
