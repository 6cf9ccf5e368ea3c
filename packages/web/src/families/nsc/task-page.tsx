import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  NSC_DATE_MODES,
  NSC_PLAY_MODES,
  NSC_SOURCE_MODES,
  NSC_TARGET_MODES,
  NSC_TASK_LIMITS,
  type NscTaskFields,
  type NscTaskInput,
  nscConflictBody,
  nscTaskFields,
  nscTaskProblems,
} from '@sc/contract/families/nsc';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Row,
  Select,
  Slider,
  Space,
  Spin,
  TimePicker,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/errors';
import { useFeedback } from '../../app/feedback';
import { useAskFirst } from '../../components/ask-first';
import { applyServerErrors, canModify, ruleMessage, useAuthLevel, zodRule } from '../../components/crud';
import { projectScreen } from '../../components/project-scoped';
import { useLang } from '../../i18n/i18n';
import { useEditedRecord } from '../kit/edited-record';
import { type NscConflict, type NscTask, nscApi, nscTaskApi } from './api';

const LIST = '/pjt/pjtnsctasklist';
const DATE = 'YYYY-MM-DD';

/** The editor's values: the contract's fields, dates and the start time as pickers hold them. */
type TaskForm = Omit<NscTaskInput, 'beginDate' | 'endDate' | 'startTime' | 'dates'> & {
  range: [Dayjs, Dayjs] | null;
  start: Dayjs | null;
  dates: Dayjs[];
};

const toForm = (task: NscTask): TaskForm => ({
  ...task,
  range: [dayjs(task.beginDate), dayjs(task.endDate)],
  start: dayjs(task.startTime, 'HH:mm'),
  dates: task.dates.map((d) => dayjs(d)),
});
const empty = (): Partial<TaskForm> => ({
  range: [dayjs().startOf('day'), dayjs().add(1, 'year').startOf('day')],
  start: null,
  priority: 5,
  volume: 60,
  playMode: 'cycle',
  durationSeconds: 600,
  dateMode: 'everyday',
  weekdays: [],
  dates: [],
  targetMode: 'group',
  groupIds: [],
  deviceIds: [],
  sourceMode: 'group',
  mediaGroupIds: [],
  mediaIds: [],
  description: '',
});
/** The form's values as the contract's body. */
const bodyOf = (v: Partial<TaskForm>): Record<string, unknown> => {
  const { range, start, dates, ...rest } = v;
  return {
    ...rest,
    beginDate: range?.[0]?.format(DATE),
    endDate: range?.[1]?.format(DATE),
    startTime: start?.format('HH:mm'),
    dates: (dates ?? []).map((d) => d.format(DATE)),
  };
};
/** Where a body's issue shows in the form. */
const formField = (path: string) =>
  path === 'beginDate' || path === 'endDate' ? 'range' : path === 'startTime' ? 'start' : path;

/** /pjt/pjtnsctask (spec 001 §2 "timed task … editor"): a new task, or ?id= a task to change (a checked one is shown read-only). */
export default projectScreen(TaskEditor);

function TaskEditor({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const api = nscTaskApi(projectId);
  const { id, stored: task } = useEditedRecord(api.task, (taskId) => ({ taskId }));
  if (id !== null && task.isLoading) return <Spin style={{ margin: 48 }} />;
  if (id !== null && !task.data)
    return (
      <Result
        status="404"
        title={t('nsc.tasks.missing')}
        extra={
          <Link to={LIST}>
            <Button>{t('nsc.tasks.back')}</Button>
          </Link>
        }
      />
    );
  return <TaskForm key={id ?? 'new'} projectId={projectId} task={task.data ?? null} />;
}

function TaskForm({ projectId, task }: { projectId: number; task: NscTask | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const ask = useAskFirst();
  const api = nscTaskApi(projectId);
  const nsc = nscApi(projectId);
  const client = useQueryClient();
  const [form] = Form.useForm<TaskForm>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = !canModify(useAuthLevel()) || (task !== null && task.state !== 'edit');
  const values = Form.useWatch([], form) as Partial<TaskForm> | undefined;
  const dateMode = Form.useWatch('dateMode', form);
  const targetMode = Form.useWatch('targetMode', form);
  const sourceMode = Form.useWatch('sourceMode', form);

  const options = useQuery({
    queryKey: ['nsc', projectId, 'task-options'],
    queryFn: async () => {
      const [speakers, groups, media, mediaGroups] = await Promise.all([
        nsc.groupOptions({}),
        nsc.groups({ query: { pageSize: 100 } }),
        nsc.mediaOptions({}),
        nsc.mediaGroups({ query: { pageSize: 100 } }),
      ]);
      return { speakers, groups: groups.list, media, mediaGroups: mediaGroups.list };
    },
  });

  // The conflicts of what the form holds now (once its fields are whole), asked as the operator edits.
  const probe = useDeferredValue(values ? JSON.stringify({ ...bodyOf(values), id: task?.id }) : '');
  const parsed = probe ? nscConflictBody.safeParse(JSON.parse(probe)) : null;
  const conflicts = useQuery({
    queryKey: api.taskConflicts.key({ query: probe }),
    queryFn: () => api.taskConflicts({ body: parsed!.data! as never }, { silent: true }),
    enabled: !readOnly && Boolean(parsed?.success),
  });

  const rule = (name: keyof typeof nscTaskFields.shape, label: string, choose = false) => [
    zodRule(nscTaskFields.shape[name], lang, { label, choose }),
  ];
  const label = (key: string) => t(`nsc.tasks.fields.${key}`);

  const save = async () => {
    // The fields' own rules, then the rules that span fields (the contract's body) where no message is yet.
    const fieldsOk = await form.validateFields().then(
      () => true,
      () => false,
    );
    const raw = bodyOf(form.getFieldsValue(true)) as Partial<NscTaskFields>;
    const base = nscTaskFields.safeParse(raw);
    // The rules across fields, even while a field of their own is still wrong.
    const issues: [PropertyKey[], string][] = [
      ...(base.error?.issues.map((i) => [i.path, i.message] as [PropertyKey[], string]) ?? []),
      ...nscTaskProblems(
        base.data ??
          ({ ...raw, startTime: raw.startTime ?? '00:00', durationSeconds: raw.durationSeconds ?? 0 } as NscTaskFields),
      ),
    ];
    const shown = new Set<string>();
    form.setFields(
      issues.flatMap(([path, message]) => {
        const name = formField(String(path[0]));
        if (shown.has(name) || form.getFieldError(name as never).length > 0) return [];
        shown.add(name);
        return [{ name: name as never, errors: [ruleMessage(message, lang)] }];
      }),
    );
    if (!fieldsOk || issues.length > 0) return;
    const write = async () => {
      setSaving(true);
      setFailure(null);
      try {
        const body = bodyOf(form.getFieldsValue(true)) as never;
        const saved = task ? await api.updateTask({ taskId: task.id, body }) : await api.createTask({ body });
        message.success(t('nsc.tasks.saved', { name: saved.name }));
        // The list and the week (kept open in their tab) read again.
        await Promise.all([
          client.invalidateQueries({ queryKey: api.tasks.key({}) }),
          client.invalidateQueries({ queryKey: api.taskWeek.key({}) }),
          client.invalidateQueries({ queryKey: api.task.key({}) }),
        ]);
        navigate(LIST);
      } catch (error) {
        if (applyServerErrors(form, error)) return;
        if (isApiError(error) && error.body?.message) setFailure(error.body.message);
      } finally {
        setSaving(false);
      }
    };
    if (conflicts.data?.length)
      ask({
        title: t('nsc.tasks.conflicts'),
        content: <ConflictList conflicts={conflicts.data} />,
        okText: t('nsc.tasks.saveAnyway'),
        onOk: write,
      });
    else await write();
  };

  const o = options.data;
  return (
    <Card
      title={task ? (readOnly ? t('nsc.tasks.view') : t('nsc.tasks.edit')) : t('nsc.tasks.create')}
      extra={
        <Link to={LIST}>
          <Button icon={<ArrowLeftOutlined />}>{t('nsc.tasks.back')}</Button>
        </Link>
      }
    >
      <Form<TaskForm>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={task ? toForm(task) : empty()}
        style={{ maxWidth: 1100 }}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="name" label={label('name')} required rules={rule('name', label('name'))}>
              <Input maxLength={32} data-testid="nsc-task-name" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="no" label={label('no')} required rules={rule('no', label('no'))}>
              <Input maxLength={32} data-testid="nsc-task-no" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="range" label={label('dateRange')} required>
              <DatePicker.RangePicker style={{ width: '100%' }} allowClear={false} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={4}>
            <Form.Item
              name="start"
              label={label('startTime')}
              required
              rules={[
                {
                  required: true,
                  message: ruleMessage('validation.required', lang, { label: label('startTime'), choose: true }),
                },
              ]}
            >
              <TimePicker format="HH:mm" style={{ width: '100%' }} data-testid="nsc-task-start" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item
              name="durationSeconds"
              label={label('durationSeconds')}
              required
              rules={rule('durationSeconds', label('durationSeconds'))}
            >
              <InputNumber
                min={NSC_TASK_LIMITS.durationSeconds.min}
                max={NSC_TASK_LIMITS.durationSeconds.max}
                suffix={t('nsc.tasks.seconds')}
                style={{ width: '100%' }}
                data-testid="nsc-task-duration"
              />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="priority" label={label('priority')} rules={rule('priority', label('priority'))}>
              <InputNumber
                min={NSC_TASK_LIMITS.priority.min}
                max={NSC_TASK_LIMITS.priority.max}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="volume" label={label('volume')} required rules={rule('volume', label('volume'))}>
              <Slider min={NSC_TASK_LIMITS.volume.min} max={NSC_TASK_LIMITS.volume.max} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="playMode" label={label('playMode')}>
              <Radio.Group
                optionType="button"
                options={NSC_PLAY_MODES.map((m) => ({ value: m, label: t(`nsc.tasks.playModes.${m}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="dateMode" label={label('dateMode')}>
              <Radio.Group
                optionType="button"
                options={NSC_DATE_MODES.map((m) => ({ value: m, label: t(`nsc.tasks.dateModes.${m}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={16}>
            {dateMode === 'week' && (
              <Form.Item name="weekdays" label={label('weekdays')} required>
                <Checkbox.Group
                  options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`schedule.weekday.${d}`) }))}
                />
              </Form.Item>
            )}
            {dateMode === 'date' && (
              <Form.Item name="dates" label={label('dates')} required>
                <DatePicker multiple style={{ width: '100%' }} />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="targetMode" label={label('targetMode')}>
              <Radio.Group
                optionType="button"
                options={NSC_TARGET_MODES.map((m) => ({ value: m, label: t(`nsc.tasks.targetModes.${m}`) }))}
              />
            </Form.Item>
            {targetMode === 'endpoint' ? (
              <Form.Item name="deviceIds" label={label('deviceIds')} required>
                <Select
                  mode="multiple"
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={!o}
                  options={(o?.speakers ?? []).map((s) => ({ value: s.id, label: s.name }))}
                  data-testid="nsc-task-devices"
                />
              </Form.Item>
            ) : (
              <Form.Item name="groupIds" label={label('groupIds')} required>
                <Select
                  mode="multiple"
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={!o}
                  options={(o?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
                  data-testid="nsc-task-groups"
                />
              </Form.Item>
            )}
          </Col>
          <Col span={12}>
            <Form.Item name="sourceMode" label={label('sourceMode')}>
              <Radio.Group
                optionType="button"
                options={NSC_SOURCE_MODES.map((m) => ({ value: m, label: t(`nsc.tasks.sourceModes.${m}`) }))}
              />
            </Form.Item>
            {sourceMode === 'media' ? (
              <Form.Item name="mediaIds" label={label('mediaIds')} required>
                <Select
                  mode="multiple"
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={!o}
                  options={(o?.media ?? []).map((m) => ({ value: m.id, label: m.name }))}
                  data-testid="nsc-task-media"
                />
              </Form.Item>
            ) : (
              <Form.Item name="mediaGroupIds" label={label('mediaGroupIds')} required>
                <Select
                  mode="multiple"
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={!o}
                  options={(o?.mediaGroups ?? []).map((g) => ({ value: g.id, label: g.name }))}
                  data-testid="nsc-task-media-groups"
                />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Form.Item name="description" label={label('description')} rules={rule('description', label('description'))}>
          <Input.TextArea rows={2} showCount maxLength={100} />
        </Form.Item>
      </Form>
      {!readOnly && conflicts.data && (
        <Alert
          data-testid="nsc-task-conflicts"
          style={{ marginBottom: 16, maxWidth: 1100 }}
          type={conflicts.data.length ? 'warning' : 'success'}
          showIcon
          title={conflicts.data.length ? t('nsc.tasks.conflicts') : t('nsc.tasks.noConflicts')}
          description={conflicts.data.length ? <ConflictList conflicts={conflicts.data} /> : undefined}
        />
      )}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16, maxWidth: 1100 }} />}
      {!readOnly && (
        <Space>
          <Button type="primary" loading={saving} onClick={save} data-testid="nsc-task-save">
            {t('common.save')}
          </Button>
          <Link to={LIST}>
            <Button>{t('common.cancel')}</Button>
          </Link>
        </Space>
      )}
    </Card>
  );
}

/** Each conflicting task: its time, the first shared date and the speakers both use. */
function ConflictList({ conflicts }: { conflicts: NscConflict[] }) {
  const { t } = useTranslation();
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {conflicts.map((c) => (
        <li key={c.taskId}>
          {t('nsc.tasks.conflictLine', {
            name: c.name,
            start: c.startTime,
            end: c.endTime,
            date: c.date,
            speakers: c.speakers.map((s) => s.name).join(', '),
          })}
        </li>
      ))}
    </ul>
  );
}
