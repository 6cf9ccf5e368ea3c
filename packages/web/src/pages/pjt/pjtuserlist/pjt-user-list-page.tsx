import { UserList } from '../../man/userlist/user-list-page';
import { ProjectAdminScope } from '../pjtadmin/project-admin-scope';

/** /pjt/pjtuserlist: the members of the current project and its descendants (the /man screen, scoped). */
export default function PjtUserListPage() {
  return <ProjectAdminScope view="users">{({ apiBase }) => <UserList apiBase={apiBase} />}</ProjectAdminScope>;
}
