import { ProjectScoped } from '../../../components/project-scoped';
import { DeviceList } from '../../biz/devicelist/device-list';

/** /pjt/pjtdevicelist: the devices of the current project (the /biz list on /api/pjts/{id}), with a full-screen map. */
export default function PjtDeviceListPage() {
  return <ProjectScoped>{(projectId) => <DeviceList scope={{ kind: 'pjt', projectId }} />}</ProjectScoped>;
}
