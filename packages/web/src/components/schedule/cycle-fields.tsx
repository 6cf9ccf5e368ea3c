import { CYCLE_MODES, type CycleMode, type PolicyCycle } from '@sc/contract';
import { Col, DatePicker, Form, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A policy cycle as a form holds it (fields `mode`, `from`, `to`, `date`, `months`, `days`, `weekdays`, `dates`). */
export interface CycleForm {
  mode: CycleMode;
  from?: Dayjs | null;
  to?: Dayjs | null;
  date?: Dayjs | null;
  months?: number[];
  days?: number[];
  weekdays?: number[];
  dates?: Dayjs[];
}

const DATE = 'YYYY-MM-DD';
const day = (d: Dayjs | null | undefined) => (d ? d.format(DATE) : undefined);

/** A stored cycle (the contract's `policyCycle`) as the form's values; none: every day. */
export function cycleToForm(c: PolicyCycle | undefined | null): CycleForm {
  if (!c) return { mode: 'everyday' };
  return {
    mode: c.mode,
    from: c.from ? dayjs(c.from) : null,
    to: c.to ? dayjs(c.to) : null,
    date: c.date ? dayjs(c.date) : null,
    months: c.months,
    days: c.days,
    weekdays: c.weekdays,
    dates: (c.dates ?? []).map((d) => dayjs(d)),
  };
}

/**
 * The form's values as the contract's cycle: once carries its date, every other mode its effective
 * dates (when set) and the list its mode needs.
 */
export function cycleFromForm(v: CycleForm) {
  return {
    mode: v.mode,
    ...(v.mode === 'once'
      ? { date: day(v.date) }
      : { ...(v.from ? { from: day(v.from) } : {}), ...(v.to ? { to: day(v.to) } : {}) }),
    ...(v.mode === 'year' ? { months: v.months } : {}),
    ...(v.mode === 'month' ? { days: v.days } : {}),
    ...(v.mode === 'week' ? { weekdays: v.weekdays } : {}),
    ...(v.mode === 'holiday' ? { dates: (v.dates ?? []).map((d) => d.format(DATE)) } : {}),
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Every cycle the contract allows (spec 001 §3): the mode, its date (once) or effective dates, and
 * the months, days of the month, weekdays or holidays it applies on. `children` is the row's last
 * column (the policy's in-use switch). Used by the lamp and the cabinet policy forms.
 */
export function CycleFields({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const mode = Form.useWatch('mode') as CycleMode | undefined;
  return (
    <>
      <Row gutter={12}>
        <Col span={6}>
          <Form.Item name="mode" label={t('schedule.cycle')}>
            <Select
              options={CYCLE_MODES.map((m) => ({ value: m, label: t(`schedule.cycleModes.${m}`) }))}
              data-testid="policy-cycle-mode"
            />
          </Form.Item>
        </Col>
        {mode === 'once' ? (
          <Col span={12}>
            <Form.Item name="date" label={t('schedule.date')}>
              <DatePicker />
            </Form.Item>
          </Col>
        ) : (
          <>
            <Col span={6}>
              <Form.Item name="from" label={t('schedule.from')}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="to" label={t('schedule.to')}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={6}>{children}</Col>
      </Row>
      {mode === 'year' && (
        <Form.Item name="months" label={t('schedule.months')}>
          <Select
            mode="multiple"
            options={range(1, 12).map((m) => ({ value: m, label: t('schedule.month', { month: m }) }))}
            data-testid="policy-cycle-months"
          />
        </Form.Item>
      )}
      {mode === 'month' && (
        <Form.Item name="days" label={t('schedule.days')}>
          <Select
            mode="multiple"
            options={range(1, 31).map((d) => ({ value: d, label: String(d) }))}
            data-testid="policy-cycle-days"
          />
        </Form.Item>
      )}
      {mode === 'week' && (
        <Form.Item name="weekdays" label={t('schedule.weekdays')}>
          <Select
            mode="multiple"
            options={range(1, 7).map((d) => ({ value: d, label: t(`schedule.weekday.${d}`) }))}
            data-testid="policy-cycle-weekdays"
          />
        </Form.Item>
      )}
      {mode === 'holiday' && (
        <Form.Item name="dates" label={t('schedule.dates')}>
          <DatePicker multiple data-testid="policy-cycle-dates" />
        </Form.Item>
      )}
    </>
  );
}
