import type { ComponentType } from 'react';
import { canModify, useAuthLevel } from '../crud';
import { type DeviceBack, DevicePage } from './device-page';

/** What a family's device detail is given: the project, the device's id, and whether the user may change it. */
export interface DeviceDetailProps {
  projectId: number;
  id: number;
  editable: boolean;
}

/** A family's one-device screen (/pjt/pjtdevice<family>?id=): the page frame around the family's detail. */
export function devicePage(back: DeviceBack, Detail: ComponentType<DeviceDetailProps>) {
  return function FamilyDevicePage() {
    const editable = canModify(useAuthLevel());
    return (
      <DevicePage back={back}>
        {(projectId, id) => <Detail projectId={projectId} id={id} editable={editable} />}
      </DevicePage>
    );
  };
}
