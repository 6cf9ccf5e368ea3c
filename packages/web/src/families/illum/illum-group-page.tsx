import { illumGroupBody } from '@sc/contract/families/illum';
import { useQuery } from '@tanstack/react-query';
import { Card, Form, Input, Select, type SelectProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudField, NamesTip, ResourceTable } from '../../components/crud';
import { projectScreen } from '../../components/project-scoped';
import { type IllumGroup, type IllumGroupOption, illumApi, illumKeys } from './api';

type GroupRow = IllumGroup & { [key: string]: unknown };

/** /pjt/pjtdeviceillumgroup (spec 001 §2): the illumination groups of the current project. */
export default projectScreen(IllumGroups);

/** A device choice of the form: name and number, searchable. */
function DeviceSelect({
  options,
  ...props
}: SelectProps<number | number[]> & { options: IllumGroupOption[] | undefined }) {
  return (
    <Select<number | number[]>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={!options}
      options={(options ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.no})` }))}
      style={{ width: '100%' }}
      {...props}
    />
  );
}

/**
 * The group's lamp controllers: those behind the group's gateway (a group's lamps are reached through
 * it), none before a gateway is chosen; a chosen one of another gateway stays listed so it can be taken off.
 */
function LampSelect({ lamps, ...props }: SelectProps<number | number[]> & { lamps: IllumGroupOption[] | undefined }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const gatewayId = Form.useWatch('gatewayId', form) as number | undefined;
  const chosen = new Set((props.value as number[] | undefined) ?? []);
  const options = lamps?.filter((l) => (gatewayId !== undefined && l.parentId === gatewayId) || chosen.has(l.id));
  return (
    <DeviceSelect
      mode="multiple"
      maxTagCount="responsive"
      {...props}
      options={options}
      placeholder={gatewayId === undefined ? t('illum.groups.gatewayFirst') : t('illum.groups.childrenPlaceholder')}
      notFoundContent={gatewayId === undefined ? t('illum.groups.gatewayFirst') : t('illum.groups.noLampsBehind')}
    />
  );
}

const Missing = () => {
  const { t } = useTranslation();
  return <Typography.Text type="secondary">{t('illum.groups.missingDevice')}</Typography.Text>;
};

/** Groups with their gateway, sensor and lamp controllers: create, edit, delete (the kit's resource table). */
function IllumGroups({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const illum = illumApi(projectId);
  const options = useQuery({ queryKey: illumKeys.options(projectId), queryFn: () => illum.groupOptions() });
  const shape = illumGroupBody.shape;

  const fields: CrudField[] = [
    { name: 'name', rule: shape.name, required: true },
    { name: 'no', rule: shape.no, required: true },
    {
      name: 'gatewayId',
      rule: shape.gatewayId,
      required: true,
      input: <DeviceSelect options={options.data?.gateways} placeholder={t('illum.groups.gatewayPlaceholder')} />,
    },
    {
      name: 'sensorId',
      rule: shape.sensorId,
      required: true,
      input: <DeviceSelect options={options.data?.sensors} placeholder={t('illum.groups.sensorPlaceholder')} />,
    },
    {
      name: 'childIds',
      rule: shape.childIds,
      initialValue: [],
      input: <LampSelect lamps={options.data?.lamps} />,
    },
    {
      name: 'description',
      rule: shape.description,
      input: <Input.TextArea rows={3} showCount maxLength={100} />,
    },
  ];

  return (
    <Card title={t('menu.pjtdeviceillumgroup')}>
      <ResourceTable<GroupRow>
        resource="illum.groups"
        base={illum.groupsBase}
        fields={fields}
        toForm={(row) => ({
          name: row.name,
          no: row.no,
          gatewayId: row.gateway?.id,
          sensorId: row.sensor?.id,
          childIds: row.lamps.map((c) => c.id),
          description: row.description,
        })}
        columns={[
          { field: 'name', ellipsis: true },
          { field: 'no', ellipsis: true },
          { field: 'projectName', ellipsis: true },
          { field: 'gatewayId', render: (_v, row) => (row.gateway ? row.gateway.name : <Missing />) },
          { field: 'sensorId', render: (_v, row) => (row.sensor ? row.sensor.name : <Missing />) },
          {
            field: 'childIds',
            render: (_v, row) =>
              row.lamps.length === 0 ? (
                <Typography.Text type="secondary">{t('illum.groups.none')}</Typography.Text>
              ) : (
                <NamesTip names={row.lamps.map((c) => c.name)}>
                  {t('illum.groups.childCount', { count: row.lamps.length })}
                </NamesTip>
              ),
          },
          { field: 'description' },
          { field: 'createdAt', kind: { kind: 'time' } },
        ]}
      />
    </Card>
  );
}
