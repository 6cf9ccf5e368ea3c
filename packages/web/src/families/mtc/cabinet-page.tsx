import type { RealtimePush } from '@sc/contract';
import { MTC_API, MTC_FIRMWARE } from '@sc/contract/families/mtc';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { AfterPaint } from '../../components/after-paint';
import {
  ControlsCard,
  type DeviceField,
  DeviceShell,
  namedTabs,
  propertyItems,
  useErrorText,
  useReportingDevice,
  useRereadLater,
} from '../../components/device';
import { linkClient, linkTabs } from '../../components/device/link';
import { formatTime } from '../../components/time';
import { type FamilyDetailProps, familyDevicePage } from '../kit/family-device-page';
import { mtcApi, mtcKeys, type Runtime } from './api';
import { CircuitCard } from './circuit-card';
import { AlarmTag, CABINET_LIST, circuitViews, ModeTag, OnlineTag } from './common';
import { AlarmForm, ConfigForm } from './configs';
import { CabinetControls, useCommand } from './controls';
import './texts';
import { AlarmCard, PeripheralCard, PowerCard } from './cabinet-cards';
import { CabinetEvents } from './cabinet-events';
import { CabinetPolicies } from './cabinet-policies';

/** /pjt/pjtdevicemtc?id= (spec 001 §2): one cabinet, live, with its circuits, controls and settings. */
export default familyDevicePage({ ns: 'cabinets', list: CABINET_LIST }, CabinetDetail);

/**
 * The runtime after a report of the cabinet (the server pushes its readings with the circuits, mode,
 * clock, version and active alarms spelled out), before the stored state is read again.
 */
export function applyRuntimePush(data: Runtime, push: RealtimePush): Runtime {
  if (push.kind === 'state') return { ...data, state: push.activeState === 1 ? 'online' : 'offline' };
  if (push.kind !== 'telemetry' || push.deviceId !== data.id) return data;
  const v = push.values as Record<string, unknown>;
  const num = (k: string, old: number | null) => (typeof v[k] === 'number' ? (v[k] as number) : old);
  const values = { ...data.values };
  for (const k of Object.keys(values)) values[k] = num(k, values[k] ?? null);
  const phase = (p: 'A' | 'B' | 'C', old: Runtime['phases']['a']) => ({
    voltage: num(`voltage${p}`, old.voltage),
    current: num(`current${p}`, old.current),
    power: num(`power${p}`, old.power),
  });
  const active = Array.isArray(v.alarms) ? new Set(v.alarms as string[]) : null;
  return {
    ...data,
    at: push.at,
    state: 'online',
    mode: v.mode === 'manual' || v.mode === 'policy' ? v.mode : data.mode,
    version: typeof v.version === 'string' ? v.version : data.version,
    deviceTime: typeof v.deviceTime === 'string' ? v.deviceTime : data.deviceTime,
    circuitCount: typeof v.circuitCount === 'number' ? v.circuitCount : data.circuitCount,
    circuits: Array.isArray(v.circuits) && v.circuits.length > 0 ? (v.circuits as Runtime['circuits']) : data.circuits,
    phases: { a: phase('A', data.phases.a), b: phase('B', data.phases.b), c: phase('C', data.phases.c) },
    values,
    alarms: active
      ? data.alarms.map((a) => ({
          ...a,
          active: active.has(a.kind),
          since: active.has(a.kind) ? (a.active ? a.since : push.at) : null,
        }))
      : data.alarms,
  };
}

/** Pushes that change what the cabinet's page shows: its reports, state changes and events. */
const touchesRuntime = (push: RealtimePush, id: number) =>
  (push.kind === 'telemetry' || push.kind === 'state' || push.kind === 'event') && push.deviceId === id;

function CabinetDetail({ projectId, id, editable, back }: FamilyDetailProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message } = useFeedback();
  const errorText = useErrorText();
  const m = mtcApi(projectId);
  const key = mtcKeys.cabinet(projectId, id);
  const runtimeKey = [...key, 'runtime'];
  const reread = useRereadLater(runtimeKey);
  const { query, ok, device, fallback } = useReportingDevice<Runtime>({
    projectId,
    id,
    key,
    back,
    report: { key: runtimeKey, apply: applyRuntimePush },
    // The stored state (alarm times, peripherals) a moment later, once the report is written.
    onPush: (push) => {
      if (touchesRuntime(push, id)) reread();
    },
  });
  const runtime = useQuery({ queryKey: runtimeKey, queryFn: () => m.runtime(id), enabled: ok });
  const fed = useQuery({ queryKey: [...key, 'fed'], queryFn: () => m.fed(id), enabled: ok });
  const command = useCommand(
    (c, args) => m.command(id, c, args),
    () => {
      void client.invalidateQueries({ queryKey: runtimeKey });
      // The cabinet reports its new state just after it answers: read it again once that is written,
      // so the screen shows the result of the command even if its push was missed.
      reread();
    },
  );

  if (!device) return fallback;
  const d = device;
  const r = runtime.data;
  const cabinetLabel = (field: DeviceField) => t(`cabinets.fields.${field === 'modelName' ? 'model' : field}`);
  const activeAlarms = (r?.alarms ?? []).filter((a) => a.active).map((a) => a.kind);
  const links = linkTabs({
    t,
    device: d,
    client: linkClient(MTC_API, projectId),
    spec: MTC_FIRMWARE,
    queryKey: mtcKeys.cabinet(projectId, id),
    editable,
    testIdPrefix: 'cabinet',
    onLocated: () => void query.refetch(),
    onError: (error) => message.error(errorText(error)),
  });

  return (
    <DeviceShell
      device={d}
      back={back}
      testId="cabinet"
      tags={
        <>
          {r && <OnlineTag state={r.state} />}
          {r && <ModeTag mode={r.mode} />}
          {r && <AlarmTag status={activeAlarms.length > 0 ? 'alarm' : 'normal'} alarms={activeAlarms} />}
        </>
      }
      registration={
        editable
          ? {
              texts: 'cabinets',
              send: (registered) => m.register(id, registered),
              onChanged: () => void query.refetch(),
            }
          : undefined
      }
      properties={{
        columns: 4,
        items: [
          ...propertyItems(d, ['no', 'equipmentId', 'modelName'], cabinetLabel),
          { label: t('cabinets.fields.version'), value: r?.version ?? '—' },
          ...propertyItems(d, ['areaName', 'groupName', 'location'], cabinetLabel),
          {
            label: t('cabinets.fields.deviceTime'),
            value: <span data-testid="cabinet-device-time">{formatTime(r?.deviceTime) || '—'}</span>,
          },
        ],
      }}
      tabs={[
        ...namedTabs(t, 'cabinets.tabs', {
          events: <CabinetEvents projectId={projectId} id={id} m={m} />,
          config: <ConfigForm projectId={projectId} id={id} m={m} editable={editable} />,
          alarm: <AlarmForm projectId={projectId} id={id} m={m} editable={editable} />,
          policies: <CabinetPolicies projectId={projectId} id={id} m={m} />,
        }),
        ...links,
      ]}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={15}>
          {runtime.isError ? (
            <Alert type="warning" showIcon title={t('cabinets.runtime.none')} />
          ) : (
            <CircuitCard
              circuits={r ? circuitViews(r.circuits) : []}
              mode={r?.mode ?? null}
              editable={editable}
              command={command}
              fed={fed.data}
            />
          )}
        </Col>
        <Col xs={24} xl={9}>
          <Flex vertical gap={12}>
            <ControlsCard editable={editable} texts="cabinets.controls">
              {/* The controls mount once the rest of the top is painted. */}
              <AfterPaint>
                <CabinetControls name={d.name} mode={r?.mode ?? null} command={command} />
              </AfterPaint>
            </ControlsCard>
            <AlarmCard runtime={r} />
          </Flex>
        </Col>
        {/* The second row (two tables, below the fold at 768 px) mounts once the first is painted. */}
        <AfterPaint>
          <Col xs={24} xl={15}>
            <PowerCard query={runtime} />
          </Col>
          <Col xs={24} xl={9}>
            <PeripheralCard runtime={r} />
          </Col>
        </AfterPaint>
      </Row>
    </DeviceShell>
  );
}
