import { CrownOutlined } from '@ant-design/icons';
import { type RoleView, roleBody } from '@sc/contract';
import { Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, type CrudField, ResourceTable } from '../../../components/crud';
import { GLOBAL_ADMIN, ProjectTreeSelect } from '../projectlist/project-tree';

/** /man/rolelist: roles of the caller's projects, filtered by project. */
export default function RoleListPage() {
  return <RoleList />;
}

/**
 * Roles under `apiBase` (the caller's subtree, or a project's: /pjt/pjtrolelist), filtered by project;
 * a new role goes to the filter's project, else `defaultProjectId`.
 */
export function RoleList({
  apiBase = GLOBAL_ADMIN,
  defaultProjectId,
}: {
  apiBase?: string;
  defaultProjectId?: number;
}) {
  const { t } = useTranslation();
  const [projectId, setProjectId] = useState<number | undefined>();

  const columns: CrudColumn<RoleView & { [k: string]: unknown }>[] = [
    {
      field: 'name',
      render: (name, row) => (
        <Space size={6}>
          <span>{String(name)}</span>
          {row.admin && (
            <Tag color="orange" icon={<CrownOutlined />}>
              {t('roles.adminTag')}
            </Tag>
          )}
        </Space>
      ),
    },
    { field: 'no' },
    { field: 'projectName' },
    { field: 'userCount', width: 100 },
    {
      field: 'status',
      width: 100,
      render: (status) => <Tag color={status === 1 ? 'green' : 'default'}>{t(`enums.status_${String(status)}`)}</Tag>,
    },
    { field: 'createdAt', kind: { kind: 'time' } },
  ];
  const fields: CrudField[] = [
    { name: 'name', rule: roleBody.shape.name, required: true },
    { name: 'no', rule: roleBody.shape.no, required: true },
    {
      name: 'projectId',
      rule: roleBody.shape.projectId,
      required: true,
      input: <ProjectTreeSelect apiBase={apiBase} placeholder={t('users.projectFilter')} />,
      initialValue: projectId ?? defaultProjectId,
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="role-list-page">
      <Space wrap>
        <Typography.Text type="secondary">{t('roles.projectFilter')}</Typography.Text>
        <ProjectTreeSelect
          apiBase={apiBase}
          aria-label={t('roles.projectFilter')}
          style={{ width: 260 }}
          placeholder={t('roles.allProjects')}
          value={projectId}
          onChange={(value) => setProjectId(value ?? undefined)}
        />
      </Space>
      <ResourceTable<RoleView & { [k: string]: unknown }>
        key={projectId ?? 'all'}
        resource="roles"
        base={`${apiBase}/roles.do`}
        query={{ projectId }}
        columns={columns}
        fields={fields}
        toForm={(row) => ({ name: row.name, no: row.no, projectId: row.projectId })}
        deletable={(row) => (row.admin ? t('roles.adminNoDelete') : true)}
      />
    </Flex>
  );
}
