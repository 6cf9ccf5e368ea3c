import { ProjectScoped } from '../../../components/project-scoped';
import { EnvList } from './env-list';

/** /pjt/pjtdeviceenvmonitorlist (spec 001 §2): every monitor of the project with its latest readings, live. */
export default function PjtDeviceEnvMonitorListPage() {
  return <ProjectScoped>{(projectId) => <EnvList projectId={projectId} />}</ProjectScoped>;
}
