import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { clockOf, DAY_MINUTES } from '../../components/schedule/schedule';
import type { CabinetPreview } from './api';
import './circuits.css';
import './texts';

type Day = NonNullable<CabinetPreview['day']>;

/** Each circuit's stretches of the day, on or off, from the state at midnight and the day's steps. */
export function circuitStretches(day: Day, circuit: number): { from: number; to: number; on: boolean }[] {
  const out: { from: number; to: number; on: boolean }[] = [];
  let on = day.startCircuits.includes(circuit);
  let from = 0;
  for (const e of [...day.events].sort((a, b) => a.minute - b.minute)) {
    const next = e.circuits.includes(circuit);
    if (next === on) continue;
    if (e.minute > from) out.push({ from, to: e.minute, on });
    from = e.minute;
    on = next;
  }
  out.push({ from, to: DAY_MINUTES, on });
  return out;
}

const pct = (minutes: number) => `${(100 * minutes) / DAY_MINUTES}%`;

/** Under the day's timeline: one thin bar per circuit, lit where the policy has it on, with its hours. */
export function CircuitDay({ day, circuitCount }: { day: Day; circuitCount: number }) {
  const { t } = useTranslation();
  return (
    <div className="mtc-circuit-day" data-testid="circuit-day">
      {Array.from({ length: circuitCount }, (_, i) => i + 1).map((circuit) => {
        const stretches = circuitStretches(day, circuit);
        const minutes =
          day.circuitMinutes[circuit - 1] ?? stretches.filter((s) => s.on).reduce((a, s) => a + s.to - s.from, 0);
        return (
          <div key={circuit} className="mtc-circuit-day-row" data-circuit={circuit}>
            <span className="mtc-circuit-day-name">{t('cabinets.circuits.name', { index: circuit })}</span>
            <div className="mtc-circuit-day-bar">
              {stretches.map((s) => (
                <Tooltip
                  key={s.from}
                  title={`${clockOf(s.from)} – ${clockOf(s.to)} ${t(s.on ? 'cabinets.circuits.actual_on' : 'cabinets.circuits.actual_off')}`}
                >
                  <span
                    className={s.on ? 'mtc-circuit-day-on' : 'mtc-circuit-day-off'}
                    style={{ width: pct(s.to - s.from) }}
                    data-from={clockOf(s.from)}
                    data-to={clockOf(s.to)}
                    data-on={s.on}
                  />
                </Tooltip>
              ))}
            </div>
            <span className="mtc-circuit-day-hours">
              {t('cabinets.policy.hours', { hours: (minutes / 60).toFixed(1) })}
            </span>
          </div>
        );
      })}
    </div>
  );
}
