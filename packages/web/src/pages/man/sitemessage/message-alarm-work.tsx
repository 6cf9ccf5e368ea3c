import type { MessageAlarm } from '@sc/contract';
import { HandledWorkTag, OpenWorkOrderButton } from '../../../components/maintenance';

/**
 * A device alarm's message: the work order that handled the alarm, else the action opening one with
 * the device and the alarm filled in (for those who may write work orders). Nothing once the alarm's
 * events are gone.
 */
export function MessageAlarmWork({ alarm }: { alarm: MessageAlarm }) {
  if (alarm.handled) return <HandledWorkTag work={alarm.handled} />;
  if (!alarm.at) return null;
  return (
    <OpenWorkOrderButton
      alarm={{
        deviceId: alarm.deviceId,
        deviceName: alarm.deviceName,
        deviceType: alarm.deviceType,
        code: alarm.code,
        at: alarm.at,
      }}
      project={{ id: alarm.projectId, name: alarm.projectName }}
    />
  );
}
