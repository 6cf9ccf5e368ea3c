import { ProjectScoped } from '../../../components/project-scoped';
import { projectApiBase } from '../../../session/use-current-project';
import { GroupList } from '../../biz/devicegrouplist/group-list';

/**
 * /pjt/pjtdevicegrouplist: the groups of the current project (the same screen as /biz, on /api/pjts/{id}).
 * Opens on the project holding devices like every /pjt screen (issue 13: the root project has no groups).
 */
export default function PjtDeviceGroupListPage() {
  return <ProjectScoped>{(projectId) => <GroupList apiBase={projectApiBase(projectId)} scoped />}</ProjectScoped>;
}
