import { ProjectScoped } from '../../../components/project-scoped';
import { GatewayList } from './gateway-list';

/** /pjt/pjtdevicegatewaylist (spec 001 §2): the gateways of the current project, states live. */
export default function PjtDeviceGatewayListPage() {
  return <ProjectScoped>{(projectId) => <GatewayList projectId={projectId} />}</ProjectScoped>;
}
