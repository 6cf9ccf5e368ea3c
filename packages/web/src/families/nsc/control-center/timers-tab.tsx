import {
  NSC_TIMER_API,
  NSC_TIMER_LIMITS,
  NSC_TIMER_MODES,
  NSC_TIMER_TYPES,
  type NscTimerFields,
  nscTimerFields,
  nscTimerProblems,
  secondsOfClock,
} from '@sc/contract/families/nsc';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Checkbox,
  DatePicker,
  type FormRule,
  InputNumber,
  Radio,
  Select,
  Slider,
  Space,
  Switch,
  Tag,
  TimePicker,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientOf, fillPath } from '../../../api/endpoints';
import { useFeedback } from '../../../app/feedback';
import { type CrudField, canModify, ResourceTable, ruleMessage, useAuthLevel } from '../../../components/crud';
import { useLang } from '../../../i18n/i18n';
import { type NscTimer, nscApi } from '../api';

type TimerRow = NscTimer & { [key: string]: unknown };

const CLOCK = 'HH:mm:ss';
const DATE = 'YYYY-MM-DD';

/** The start time as the contract takes it ('HH:mm:ss'), picked on a clock. */
function ClockInput({ value, onChange }: { value?: string; onChange?: (value: string | undefined) => void }) {
  return (
    <TimePicker
      format={CLOCK}
      value={value ? dayjs(value, CLOCK) : null}
      onChange={(time) => onChange?.(time ? time.format(CLOCK) : undefined)}
      style={{ width: '100%' }}
      data-testid="nsc-timer-start"
    />
  );
}

/** A single timer's date as the contract takes it ('YYYY-MM-DD'). */
function DateInput({ value, onChange }: { value?: string; onChange?: (value: string | undefined) => void }) {
  return (
    <DatePicker
      value={value ? dayjs(value, DATE) : null}
      onChange={(date) => onChange?.(date ? date.format(DATE) : undefined)}
      style={{ width: '100%' }}
      data-testid="nsc-timer-date"
    />
  );
}

/** When a timer runs, in words: every day, its weekdays, or its date. */
export function timerDays(t: TFunction, timer: Pick<NscTimer, 'mode' | 'weekdays' | 'date'>) {
  const mode = t(`nsc.timers.modes.${timer.mode}`);
  if (timer.mode === 'week') return `${mode}: ${timer.weekdays.map((d) => t(`schedule.weekday.${d}`)).join(' ')}`;
  if (timer.mode === 'single') return `${mode}: ${timer.date ?? ''}`;
  return mode;
}

/** Its start and end time, the end marked as of the next day when it runs past midnight. */
export function timerTime(t: TFunction, timer: Pick<NscTimer, 'startTime' | 'endTime' | 'durationSeconds'>) {
  const pastMidnight = secondsOfClock(timer.startTime) + timer.durationSeconds >= 86_400;
  const end = pastMidnight ? t('nsc.timers.nextDay', { time: timer.endTime }) : timer.endTime;
  return `${timer.startTime} – ${end}`;
}

/**
 * The control center's "timer task" tab (spec 001 §2; docs/nsc-vod.md "Timer broadcasts"): the project's
 * timer broadcasts, created, changed and deleted in the kit's table, enabled and disabled from their row
 * (at the modify level) with what reached the speakers.
 */
export function TimersTab({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = useFeedback();
  const client = useQueryClient();
  const level = useAuthLevel();
  const writable = editable && canModify(level);
  const nsc = nscApi(projectId);
  const timers = clientOf(NSC_TIMER_API, { projectId });
  const base = fillPath(NSC_TIMER_API.createTimer.path, { projectId });
  const [busy, setBusy] = useState<number | null>(null);
  const label = (field: string) => t(`nsc.timers.fields.${field}`);

  const options = useQuery({
    queryKey: ['nsc', projectId, 'timer-options'],
    queryFn: async () => {
      const [speakers, groups, media] = await Promise.all([
        nsc.groupOptions({}),
        nsc.groups({ query: { pageSize: 100 } }),
        nsc.mediaOptions({}),
      ]);
      return { speakers, groups: groups.list, media };
    },
  });
  const o = options.data;

  const shape = nscTimerFields.shape;
  /** A rule spanning fields (weekdays of a week timer, targets, media of a file timer), on the field it names. */
  const across =
    (field: string): FormRule =>
    (form) => ({
      validator: async () => {
        const v = form.getFieldsValue(true) as Partial<NscTimerFields>;
        const problem = nscTimerProblems({
          ...v,
          weekdays: v.weekdays ?? [],
          date: v.date || undefined,
          deviceIds: v.deviceIds ?? [],
          groupIds: v.groupIds ?? [],
          mediaIds: v.mediaIds ?? [],
        } as NscTimerFields).find(([path]) => path[0] === field);
        if (problem) throw new Error(ruleMessage(problem[1], lang));
      },
    });
  const multiple = (choices: { id: number; name: string }[] | undefined, testId: string) => (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      loading={!choices}
      options={(choices ?? []).map((c) => ({ value: c.id, label: c.name }))}
      data-testid={testId}
    />
  );

  const fields: CrudField[] = [
    { name: 'name', rule: shape.name, required: true },
    {
      name: 'type',
      rule: shape.type,
      required: true,
      initialValue: 'mic',
      input: (
        <Radio.Group
          optionType="button"
          options={NSC_TIMER_TYPES.map((v) => ({ value: v, label: t(`nsc.timers.types.${v}`) }))}
        />
      ),
    },
    {
      name: 'mode',
      rule: shape.mode,
      required: true,
      initialValue: 'everyday',
      input: (
        <Radio.Group
          optionType="button"
          options={NSC_TIMER_MODES.map((v) => ({ value: v, label: t(`nsc.timers.modes.${v}`) }))}
        />
      ),
    },
    {
      name: 'weekdays',
      rule: shape.weekdays,
      rules: [across('weekdays')],
      required: true,
      initialValue: [],
      shown: (v) => v.mode === 'week',
      input: (
        <Checkbox.Group
          options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`schedule.weekday.${d}`) }))}
          data-testid="nsc-timer-weekdays"
        />
      ),
    },
    {
      name: 'date',
      rule: shape.date,
      rules: [across('date')],
      required: true,
      shown: (v) => v.mode === 'single',
      input: <DateInput />,
    },
    { name: 'startTime', rule: shape.startTime, required: true, input: <ClockInput /> },
    {
      name: 'durationSeconds',
      rule: shape.durationSeconds,
      required: true,
      initialValue: 600,
      input: (
        <InputNumber
          min={NSC_TIMER_LIMITS.durationSeconds.min}
          max={NSC_TIMER_LIMITS.durationSeconds.max}
          style={{ width: '100%' }}
          data-testid="nsc-timer-duration"
        />
      ),
    },
    {
      name: 'volume',
      rule: shape.volume,
      required: true,
      initialValue: 60,
      input: (
        <Slider
          ariaLabelForHandle={t('nsc.timers.fields.volume')}
          min={NSC_TIMER_LIMITS.volume.min}
          max={NSC_TIMER_LIMITS.volume.max}
        />
      ),
    },
    {
      name: 'deviceIds',
      rule: shape.deviceIds,
      rules: [across('deviceIds')],
      initialValue: [],
      input: multiple(o?.speakers, 'nsc-timer-devices'),
    },
    { name: 'groupIds', rule: shape.groupIds, initialValue: [], input: multiple(o?.groups, 'nsc-timer-groups') },
    {
      name: 'mediaIds',
      rule: shape.mediaIds,
      rules: [across('mediaIds')],
      required: true,
      initialValue: [],
      shown: (v) => v.type === 'file',
      input: multiple(o?.media, 'nsc-timer-media'),
    },
  ];

  const toggle = async (row: NscTimer) => {
    const key = row.enabled ? 'disabled' : 'enabled';
    setBusy(row.id);
    try {
      const args = { timerId: row.id };
      const run = row.enabled ? await timers.disableTimer(args) : await timers.enableTimer(args);
      message.success(
        t(`nsc.timers.${key}`, {
          name: run.timer.name,
          count: run.speakers.filter((s) => s.outcome === 'sent').length,
          waiting: run.speakers.filter((s) => s.outcome !== 'sent').length,
        }),
      );
    } catch {
      // The client showed the server's reason.
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: ['crud', base] });
    }
  };

  return (
    <ResourceTable<TimerRow>
      resource="nsc.timers"
      base={base}
      fields={fields}
      batchDelete={false}
      toForm={(row) => ({
        name: row.name,
        type: row.type,
        mode: row.mode,
        weekdays: row.weekdays,
        date: row.date ?? undefined,
        startTime: row.startTime,
        durationSeconds: row.durationSeconds,
        volume: row.volume,
        deviceIds: row.deviceIds,
        groupIds: row.groupIds,
        mediaIds: row.mediaIds,
      })}
      // The time range says the duration, and the media column a mic timer's type ("microphone input").
      hiddenByDefault={['durationSeconds', 'type']}
      columns={[
        { field: 'name', ellipsis: true, width: 110 },
        {
          field: 'type',
          width: 70,
          kind: { kind: 'status', colors: { mic: 'purple', file: 'blue' }, label: (v) => t(`nsc.timers.types.${v}`) },
        },
        {
          field: 'mode',
          width: 130,
          render: (_v, row) => <span data-testid="nsc-timer-days">{timerDays(t, row)}</span>,
        },
        {
          field: 'time',
          dataIndex: 'startTime',
          title: `${label('startTime')} – ${label('endTime')}`,
          width: 150,
          render: (_v, row) => (
            <span style={{ whiteSpace: 'nowrap' }} data-testid="nsc-timer-time">
              {timerTime(t, row)}
            </span>
          ),
        },
        { field: 'durationSeconds' },
        { field: 'volume', width: 60 },
        {
          field: 'targets',
          dataIndex: 'groupIds',
          title: `${label('groupIds')} / ${label('deviceIds')}`,
          width: 150,
          render: (_v, row) => {
            const names = [...row.groups.map((g) => g.name), ...row.devices.map((d) => d.name)];
            return (
              <Tooltip title={names.join(', ')}>
                <Space size={4} wrap>
                  {row.groups.map((g) => (
                    <Tag key={`g${g.id}`} color="blue" style={{ marginInlineEnd: 0 }}>
                      {g.name}
                    </Tag>
                  ))}
                  {row.devices.map((d) => (
                    <Tag key={`d${d.id}`} style={{ marginInlineEnd: 0 }}>
                      {d.name}
                    </Tag>
                  ))}
                </Space>
              </Tooltip>
            );
          },
        },
        {
          field: 'mediaIds',
          ellipsis: true,
          width: 110,
          render: (_v, row) =>
            row.type === 'file' ? (
              row.media.map((m) => m.name).join(', ')
            ) : (
              <Typography.Text type="secondary">{t('nsc.timers.micInput')}</Typography.Text>
            ),
        },
        {
          field: 'enabled',
          width: 90,
          // An editor switches it here (spec 001 §4 "enabled/disabled"); a reader sees its state.
          render: (_v, row) =>
            writable ? (
              <Switch
                checked={row.enabled}
                loading={busy === row.id}
                onChange={() => toggle(row)}
                checkedChildren={t('nsc.timers.enabledStates.true')}
                unCheckedChildren={t('nsc.timers.enabledStates.false')}
                aria-label={row.enabled ? t('nsc.timers.disable') : t('nsc.timers.enable')}
                data-testid={`nsc-timer-${row.id}-${row.enabled ? 'disable' : 'enable'}`}
              />
            ) : (
              <Tag color={row.enabled ? 'green' : 'default'}>{t(`nsc.timers.enabledStates.${row.enabled}`)}</Tag>
            ),
        },
      ]}
    />
  );
}
