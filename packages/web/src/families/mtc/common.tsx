import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Cabinet, Runtime } from './api';
import type { CircuitView, PhaseView } from './circuits';
import './texts';

export const CABINET_PAGE = '/pjt/pjtdevicemtc';
export const CABINET_LIST = '/pjt/pjtdevicemtclist';
export const cabinetPath = (c: { id: number }) => `${CABINET_PAGE}?id=${c.id}`;

/** The circuits of a list row or a runtime as the widgets take them. */
export const circuitViews = (circuits: Cabinet['circuits']): CircuitView[] =>
  circuits.map((c) => ({
    index: c.no,
    enabled: c.enable,
    setting: c.setting,
    actual: c.actual,
    active: c.active,
    cableTheft: c.cableTheft,
  }));

/** The runtime's phases (A, B, C): voltage V, current A (reported in mA), power kW (reported in W). */
export const phaseViews = (phases: Runtime['phases']): PhaseView[] =>
  (['a', 'b', 'c'] as const).map((p) => {
    const v = phases[p];
    return {
      phase: p.toUpperCase() as PhaseView['phase'],
      voltage: v.voltage,
      current: v.current === null ? null : v.current / 1000,
      power: v.power === null ? null : v.power / 1000,
    };
  });

/** Online (green) or offline (grey). */
export function OnlineTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={state === 'online' ? 'green' : 'default'} data-cabinet-state={state}>
      {t(`cabinets.states.${state}`)}
    </Tag>
  );
}

/** Manual (blue) or policy (purple) mode; a dash before the cabinet has said. */
export function ModeTag({ mode }: { mode: string | null | undefined }) {
  const { t } = useTranslation();
  if (!mode) return <>—</>;
  return <Tag color={mode === 'policy' ? 'purple' : 'blue'}>{t(`cabinets.modes.${mode}`)}</Tag>;
}

/** Normal, or alarm with the active alarms named. */
export function AlarmTag({ status, alarms }: { status: string; alarms: readonly string[] }) {
  const { t } = useTranslation();
  if (status !== 'alarm' || alarms.length === 0)
    return <Tag color={status === 'alarm' ? 'red' : 'green'}>{t(`cabinets.alarmStatus.${status}`)}</Tag>;
  const names = alarms.map((a) => t(`cabinets.alarms.${a}`));
  return (
    <Tooltip title={names.join('、')}>
      <Tag color="red" data-testid="cabinet-alarm">
        {names.length > 2 ? t('cabinets.alarmCount', { first: names[0], count: names.length }) : names.join('、')}
      </Tag>
    </Tooltip>
  );
}

/** A value with its unit (an unbreakable space between), a dash when missing. */
export { withUnit } from '../../components/format';
