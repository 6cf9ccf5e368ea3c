import { DeviceList } from './device-list';
import { BIZ_SCOPE } from './device-scope';

/** /biz/devicelist: every device the user may see. */
export default function DeviceListPage() {
  return <DeviceList scope={BIZ_SCOPE} />;
}
