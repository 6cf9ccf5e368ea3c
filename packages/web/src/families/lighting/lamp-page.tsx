import type { RealtimePush } from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { AfterPaint } from '../../components/after-paint';
import {
  type CommandAnswer,
  ControlsCard,
  type DeviceField,
  DeviceLocation,
  DeviceShell,
  namedTabs,
  propertyItems,
  useReportingDevice,
  useRereadLater,
} from '../../components/device';
import { type FamilyDetailProps, familyDevicePage } from '../kit/family-device-page';
import { lightingApi, lightingKeys, type Realdata } from './api';
import { LampStateTag, RunStatusTag } from './common';
import { LampConfigForm } from './lamp-config';
import { LampControls } from './lamp-controls';
import { LampEvents } from './lamp-events';
import { LampPolicies } from './lamp-policies';
import { RealdataCard } from './lamp-realdata-card';
import { lampStateOf } from './lamp-state';

const LIST = '/pjt/pjtdevicelightinglist';
const RUN_STATUS_OF = ['normal', 'alert', 'error'] as const;

/** The lamp's row fields among its properties, labelled `lamps.fields.<field>` (the model and gateway by their own words). */
const LAMP_FIELDS: DeviceField[] = [
  'no',
  'equipmentId',
  'modelName',
  'parentName',
  'areaName',
  'groupName',
  'location',
];
const LAMP_LABELS: Partial<Record<DeviceField, string>> = { modelName: 'model', parentName: 'gatewayName' };

/** /pjt/pjtdevicelighting?id= (spec 001 §2): one lamp controller, live, with its controls and settings. */
export default familyDevicePage({ ns: 'lamps', list: LIST }, LampDetail);

/** Realdata after a telemetry push: the pushed values, the derived state. */
export function applyRealdataPush(data: Realdata, push: RealtimePush): Realdata {
  if (push.kind === 'state') return { ...data, state: push.activeState === 1 ? data.state : 'offline' };
  if (push.kind !== 'telemetry') return data;
  const values = { ...data.values };
  for (const [k, v] of Object.entries(push.values)) if (typeof v === 'number' && k in values) values[k] = v;
  const runStatus =
    typeof push.values.runStatus === 'number' ? (RUN_STATUS_OF[push.values.runStatus] ?? null) : data.runStatus;
  const state = lampStateOf({ activeState: 1, on: values.on === 1, level: values.level, runStatus });
  return { ...data, values, runStatus, state, at: push.at };
}

function LampDetail({ projectId, id, editable, back }: FamilyDetailProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const l = lightingApi(projectId);
  const lampKey = lightingKeys.lamp(projectId, id);
  const realKey = [...lampKey, 'realdata'];
  // The lamp's row from the list call (name, place, registration, gateway).
  const { query, ok, device, fallback } = useReportingDevice<Realdata>({
    projectId,
    id,
    key: lampKey,
    back,
    report: { key: realKey, apply: applyRealdataPush },
  });
  const realdata = useQuery({ queryKey: realKey, queryFn: () => l.realdata(id), enabled: ok });
  const reread = useRereadLater(realKey);
  // After a command the lamp answered: its device time at once when the answer has it, and the stored
  // report (raw message, device time, values) now and again once the lamp's next report is written.
  const afterCommand = (_command: string, answer: CommandAnswer) => {
    const told = (answer.result as { deviceTime?: unknown } | null)?.deviceTime;
    if (typeof told === 'string') client.setQueryData<Realdata>(realKey, (d) => (d ? { ...d, deviceTime: told } : d));
    else void client.invalidateQueries({ queryKey: realKey });
    reread();
  };

  if (!device) return fallback;
  const d = device;

  return (
    <DeviceShell
      device={d}
      back={back}
      testId="lamp"
      tags={
        <>
          {realdata.data && <LampStateTag state={realdata.data.state} />}
          <RunStatusTag status={realdata.data?.runStatus} />
        </>
      }
      registration={
        editable
          ? { texts: 'lamps', send: (registered) => l.register(id, registered), onChanged: () => void query.refetch() }
          : undefined
      }
      properties={{
        columns: 4,
        items: [
          ...propertyItems(d, LAMP_FIELDS, (field) => t(`lamps.fields.${LAMP_LABELS[field] ?? field}`)),
          ...Object.entries(d.props ?? {}).map(([key, value]) => ({
            key,
            label: t(`families.lighting.${key}`, { defaultValue: key }),
            value: String(value ?? ''),
          })),
        ],
      }}
      tabs={namedTabs(t, 'lamps.tabs', {
        events: <LampEvents projectId={projectId} id={id} l={l} />,
        config: <LampConfigForm kind="config" projectId={projectId} lampId={id} l={l} editable={editable} />,
        alarm: <LampConfigForm kind="alarm" projectId={projectId} lampId={id} l={l} editable={editable} />,
        policies: <LampPolicies projectId={projectId} id={id} l={l} editable={editable} />,
        location: (
          <DeviceLocation
            initial={{ lng: d.lng, lat: d.lat }}
            editable={editable}
            save={(lng, lat) => l.location(id, lng, lat)}
            onSaved={() => void query.refetch()}
          />
        ),
      })}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <RealdataCard realdata={realdata} />
        </Col>
        <Col xs={24} xl={10}>
          <ControlsCard editable={editable} texts="lamps.controls">
            {/* Nine command buttons and two selects: mounted once the rest of the top is painted. */}
            <AfterPaint>
              <LampControls name={d.name} send={(c, args) => l.command(id, c, args)} onDone={afterCommand} />
            </AfterPaint>
          </ControlsCard>
        </Col>
      </Row>
    </DeviceShell>
  );
}
