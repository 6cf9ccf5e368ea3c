import { ProjectScoped } from '../../../components/project-scoped';
import { projectApiBase } from '../../../session/use-current-project';
import { AreaList } from '../../biz/devicearealist/area-list';

/**
 * /pjt/pjtdevicearealist: the areas of the current project (the same screen as /biz, on /api/pjts/{id}).
 * Opens on the project holding devices like every /pjt screen (issue 13: the root project has no areas).
 */
export default function PjtDeviceAreaListPage() {
  return <ProjectScoped>{(projectId) => <AreaList apiBase={projectApiBase(projectId)} scoped />}</ProjectScoped>;
}
