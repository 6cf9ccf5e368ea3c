import { RoleList } from '../../man/rolelist/role-list-page';
import { ProjectAdminScope } from '../pjtadmin/project-admin-scope';

/** /pjt/pjtrolelist: the roles of the current project and its descendants (the /man screen, scoped). */
export default function PjtRoleListPage() {
  return (
    <ProjectAdminScope view="roles">
      {({ projectId, apiBase }) => <RoleList apiBase={apiBase} defaultProjectId={projectId} />}
    </ProjectAdminScope>
  );
}
