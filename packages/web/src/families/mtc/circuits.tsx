import { AlertOutlined, BulbFilled, BulbOutlined } from '@ant-design/icons';
import { Button, Checkbox, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatReading } from '../../components/format';
import type { FedDevice } from './api';
import './circuits.css';
import { FedDevices } from './fed-devices';
import './texts';

/**
 * A circuit as the widgets show it (from the cabinet's runtime answer): whether it is enabled, what it
 * is set to, what it actually is, whether it carries current (active) and whether its cable is cut.
 * Unknown values are null (never reported).
 */
export interface CircuitView {
  index: number;
  enabled: boolean | null;
  setting: boolean | null;
  actual: boolean | null;
  active: boolean | null;
  cableTheft: boolean | null;
}

const onOff = (v: boolean | null) => (v === null ? 'unknown' : v ? 'on' : 'off');

/** The circuits at a glance (list rows, map popups): a numbered cell per circuit, lit yellow, cut red. */
export function CircuitStrip({ circuits }: { circuits: CircuitView[] }) {
  const { t } = useTranslation();
  if (circuits.length === 0) return <>—</>;
  const lit = circuits.filter((c) => c.actual === true).length;
  return (
    <Tooltip title={t('cabinets.circuits.litOf', { lit, count: circuits.length })}>
      <span
        className="mtc-strip"
        data-testid="circuit-strip"
        role="img"
        aria-label={t('cabinets.circuits.litOf', { lit, count: circuits.length })}
      >
        {circuits.map((c) => (
          <span
            key={c.index}
            className="mtc-strip-cell"
            data-actual={onOff(c.actual)}
            data-theft={c.cableTheft === true}
            data-enabled={c.enabled !== false}
          >
            {c.index}
          </span>
        ))}
      </span>
    </Tooltip>
  );
}

/**
 * Every circuit of a cabinet as a tile: its actual state large, setting, enable, active and cable theft
 * as tags; a checkbox to pick it for a multi control, and on/off buttons when it may be switched.
 */
export function CircuitGrid({
  circuits,
  selected = [],
  onSelect,
  onSwitch,
  pending,
  fed,
}: {
  circuits: CircuitView[];
  /** The devices each circuit powers (absent: not shown). */
  fed?: ReadonlyMap<number | null, readonly FedDevice[]>;
  selected?: number[];
  onSelect?: (indexes: number[]) => void;
  onSwitch?: (index: number, on: boolean) => void;
  /** The circuits a command is running on. */
  pending?: number[];
}) {
  const { t } = useTranslation();
  const picked = new Set(selected);
  const toggle = (index: number, on: boolean) =>
    onSelect?.(on ? [...selected, index].sort((a, b) => a - b) : selected.filter((i) => i !== index));
  return (
    <div className="mtc-circuit-grid" data-testid="circuit-grid">
      {circuits.map((c) => {
        const actual = onOff(c.actual);
        const name = t('cabinets.circuits.name', { index: c.index });
        return (
          <div
            key={c.index}
            className="mtc-circuit"
            data-testid={`circuit-${c.index}`}
            data-actual={actual}
            data-theft={c.cableTheft === true}
            data-selected={picked.has(c.index)}
          >
            <div className="mtc-circuit-head">
              {onSelect ? (
                <Checkbox checked={picked.has(c.index)} onChange={(e) => toggle(c.index, e.target.checked)}>
                  {name}
                </Checkbox>
              ) : (
                <span>{name}</span>
              )}
            </div>
            <div className="mtc-circuit-state" data-testid={`circuit-${c.index}-actual`}>
              {c.actual ? <BulbFilled style={{ color: '#d4b106' }} /> : <BulbOutlined style={{ color: '#bfbfbf' }} />}
              {t(`cabinets.circuits.actual_${actual}`)}
            </div>
            <div className="mtc-circuit-tags">
              <Tag color={c.setting ? 'gold' : 'default'}>
                {t('cabinets.circuits.setting')}: {t(`cabinets.circuits.set_${onOff(c.setting)}`)}
              </Tag>
              {c.enabled === false && <Tag>{t('cabinets.circuits.disabled')}</Tag>}
              {c.active !== null && (
                <Tag color={c.active ? 'green' : 'default'}>
                  {t(c.active ? 'cabinets.circuits.active' : 'cabinets.circuits.inactive')}
                </Tag>
              )}
              {c.cableTheft && (
                <Tag color="red" icon={<AlertOutlined />}>
                  {t('cabinets.circuits.cableTheft')}
                </Tag>
              )}
            </div>
            {fed && <FedDevices index={c.index} devices={fed.get(c.index) ?? []} />}
            {onSwitch && (
              <div>
                <Button
                  size="small"
                  type={c.setting ? 'default' : 'primary'}
                  loading={pending?.includes(c.index)}
                  disabled={c.enabled === false}
                  onClick={() => onSwitch(c.index, !c.setting)}
                  data-testid={`circuit-${c.index}-switch`}
                  danger={c.setting === true}
                >
                  {t(c.setting ? 'cabinets.circuits.switchOff' : 'cabinets.circuits.switchOn')}
                </Button>
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** The three phases (A, B, C): voltage, current and power, each with its unit; a dash where not reported. */
export interface PhaseView {
  phase: 'A' | 'B' | 'C';
  voltage: number | null;
  current: number | null;
  power: number | null;
}

const PHASE_ROWS = [
  { key: 'voltage', unit: 'V' },
  { key: 'current', unit: 'A' },
  { key: 'power', unit: 'kW' },
] as const;

export function PhasePanel({
  phases,
  units,
}: {
  phases: PhaseView[];
  units?: Partial<Record<'voltage' | 'current' | 'power', string>>;
}) {
  const { t } = useTranslation();
  return (
    <table className="mtc-phases" data-testid="phase-panel">
      <thead>
        <tr>
          <th />
          {phases.map((p) => (
            <th key={p.phase}>{t('cabinets.phases.phase', { phase: p.phase })}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {PHASE_ROWS.map((row) => {
          const unit = units?.[row.key] ?? row.unit;
          return (
            <tr key={row.key}>
              <td>{t(`cabinets.phases.${row.key}`)}</td>
              {phases.map((p) => {
                const v = p[row.key];
                return (
                  <td key={p.phase} data-phase={`${p.phase}-${row.key}`}>
                    {v === null || v === undefined ? '—' : `${formatReading(v)} ${unit}`}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
