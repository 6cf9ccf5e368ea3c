import { ProjectScoped } from '../../../components/project-scoped';
import { useEditedId } from '../../biz/deviceedit/device-edit-page';
import { DeviceWizard } from '../../biz/deviceedit/device-wizard';

/** /pjt/pjtdeviceedit (?id=… to edit): the device wizard under the current project. */
export default function PjtDeviceEditPage() {
  const id = useEditedId();
  return (
    <ProjectScoped>
      {(projectId) => <DeviceWizard key={id ?? 'new'} scope={{ kind: 'pjt', projectId }} id={id} />}
    </ProjectScoped>
  );
}
