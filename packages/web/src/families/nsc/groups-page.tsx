import { nscGroupBody } from '@sc/contract/families/nsc';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudField, ResourceTable } from '../../components/crud';
import { ProjectScoped } from '../../components/project-scoped';
import { type NscGroup, nscApi } from './api';

type GroupRow = NscGroup & { [key: string]: unknown };

/** /pjt/pjtdevicenscgroup (spec 001 §2): the project's terminal groups, members picked from its speakers. */
export default function NscGroupPage() {
  return <ProjectScoped>{(projectId) => <NscGroups projectId={projectId} />}</ProjectScoped>;
}

function NscGroups({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const nsc = nscApi(projectId);
  const speakers = useQuery({ queryKey: ['nsc', projectId, 'speakers'], queryFn: () => nsc.groupOptions({}) });
  const shape = nscGroupBody.shape;

  const fields: CrudField[] = [
    { name: 'name', rule: shape.name, required: true },
    { name: 'no', rule: shape.no, required: true },
    {
      name: 'deviceIds',
      rule: shape.deviceIds,
      required: true,
      initialValue: [],
      input: (
        <Select<number[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          showSearch={{ optionFilterProp: 'label' }}
          loading={!speakers.data}
          placeholder={t('nsc.groups.devicesPlaceholder')}
          options={(speakers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.no})` }))}
          style={{ width: '100%' }}
        />
      ),
    },
    { name: 'description', rule: shape.description, input: <Input.TextArea rows={3} showCount maxLength={100} /> },
  ];

  return (
    <Card title={t('menu.pjtdevicenscgroup')}>
      <ResourceTable<GroupRow>
        resource="nsc.groups"
        base={nsc.groupsBase}
        fields={fields}
        toForm={(row) => ({
          name: row.name,
          no: row.no,
          deviceIds: row.speakers.map((s) => s.id),
          description: row.description,
        })}
        columns={[
          { field: 'name', ellipsis: true },
          { field: 'no', ellipsis: true },
          {
            field: 'deviceIds',
            render: (_v, row) => {
              const online = row.speakers.filter((s) => s.activeState === 1).length;
              return (
                <Tooltip title={row.speakers.map((s) => s.name).join(', ')}>
                  <span style={{ whiteSpace: 'nowrap' }} data-testid="nsc-group-speakers">
                    {t('nsc.groups.count', { count: row.speakers.length })}{' '}
                    <Typography.Text type="secondary">
                      ({t('nsc.groups.online', { online, count: row.speakers.length })})
                    </Typography.Text>
                  </span>
                </Tooltip>
              );
            },
          },
          { field: 'description', ellipsis: true },
          { field: 'createdAt', kind: { kind: 'time' } },
        ]}
      />
    </Card>
  );
}
