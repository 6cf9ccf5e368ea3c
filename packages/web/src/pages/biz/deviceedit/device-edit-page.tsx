import { useSearchParams } from 'react-router';
import { BIZ_SCOPE } from '../devicelist/device-scope';
import { DeviceWizard } from './device-wizard';

/** The id of ?id=…, or undefined for a new device. */
export function useEditedId(): number | undefined {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** /biz/deviceedit (?id=… to edit): the device wizard. */
export default function DeviceEditPage() {
  const id = useEditedId();
  return <DeviceWizard key={id ?? 'new'} scope={BIZ_SCOPE} id={id} />;
}
