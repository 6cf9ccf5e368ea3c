import { Alert, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canModify, useAuthLevel } from '../../../components/crud';
import { ProjectScoped } from '../../../components/project-scoped';
import { projectApiBase, useCurrentProject } from '../../../session/use-current-project';
import { useProjectTree } from '../../man/projectlist/project-tree';
import './texts';

export type ProjectAdminView = 'roles' | 'users' | 'auth';

const TITLES: Record<ProjectAdminView, { edit: string; view: string }> = {
  roles: { edit: 'pjtadmin.rolesTitle', view: 'pjtadmin.myRolesTitle' },
  users: { edit: 'pjtadmin.usersTitle', view: 'pjtadmin.myUsersTitle' },
  auth: { edit: 'pjtadmin.authTitle', view: 'pjtadmin.myAuthTitle' },
};

/**
 * A project administration screen (spec 001 §2 pjtrolelist, pjtuserlist, pjtauthlist): the /man screen
 * on the current project's calls (/api/pjts/{id}/…, the project and its descendants). Below the edit
 * level it is the "view" / "my" item of spec 001 §6: read-only, and it says so.
 */
export function ProjectAdminScope({
  view,
  children,
}: {
  view: ProjectAdminView;
  children: (scope: { projectId: number; apiBase: string; writable: boolean }) => ReactNode;
}) {
  const { t } = useTranslation();
  const writable = canModify(useAuthLevel());
  return (
    <ProjectScoped>
      {(projectId) => (
        <Flex vertical gap={12} data-testid={`pjtadmin-${view}`}>
          <Space size={12} wrap align="baseline">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t(writable ? TITLES[view].edit : TITLES[view].view)}
            </Typography.Title>
            <ScopeHint apiBase={projectApiBase(projectId)} />
          </Space>
          {!writable && <Alert type="info" showIcon title={t('pjtadmin.readOnlyHint')} />}
          {children({ projectId, apiBase: projectApiBase(projectId), writable })}
        </Flex>
      )}
    </ProjectScoped>
  );
}

/** "The project and its sub-projects", the project named as the server answers it in the reader's language. */
function ScopeHint({ apiBase }: { apiBase: string }) {
  const { t } = useTranslation();
  const tree = useProjectTree(apiBase);
  const { project } = useCurrentProject();
  const name = tree.data?.[0]?.name ?? project?.name ?? '';
  return <Typography.Text type="secondary">{t('pjtadmin.scopeHint', { project: name })}</Typography.Text>;
}
