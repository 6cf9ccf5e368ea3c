import { MinusCircleOutlined } from '@ant-design/icons';
import { POLICY_UNITS_MAX_DEFAULT } from '@sc/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  type FormInstance,
  Result,
  Row,
  Select,
  type SelectProps,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { useRunningParams } from '../../api/session-api';
import { translate, useLang } from '../../i18n/i18n';
import { applyServerErrors } from '../crud';
import { DraggableModal } from '../draggable-modal';
import { yearPoints } from './policy-list';
import type { DaySchedule } from './schedule';
import { DayTimeline, YearChart } from './schedule-preview';

/**
 * What the policy screens of the lighting families share: the editor dialog (checked by the contract's
 * rule before it is sent, the server's field errors put back on the form), a unit's row, and the
 * preview of a day and a year at a chosen place.
 */

/**
 * The most units a policy may have: the one given, else the running setting policyUnitsMax (which the
 * server checks too), else the contract's default until that is read.
 */
export function usePolicyUnitsMax(fixed?: number): number {
  const running = useRunningParams().data?.policyUnitsMax;
  return fixed ?? running ?? POLICY_UNITS_MAX_DEFAULT;
}

/**
 * Saving a policy form: its values as the contract's body, checked by the contract's rule (each issue on
 * its field, the first above the form), then sent; the server's field errors go back on the form, any
 * other failure above it.
 */
export function usePolicySubmit<V, B>(options: {
  form: FormInstance<V>;
  toBody: (values: V) => B;
  rule: ZodType;
  /** Where a contract issue's path lands on the form. */
  fieldOf: (path: PropertyKey[]) => (string | number)[];
  onSubmit: (body: B) => Promise<unknown>;
  onClose: () => void;
  errorText: (error: unknown) => string;
}) {
  const lang = useLang();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { form } = options;
  const submit = async () => {
    setFailure(null);
    const body = options.toBody(form.getFieldsValue(true) as V);
    const parsed = options.rule.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues;
      form.setFields(
        issues.map((i) => ({ name: options.fieldOf(i.path) as never, errors: [translate(lang, i.message)] })),
      );
      setFailure(translate(lang, issues[0]!.message));
      return;
    }
    setSaving(true);
    try {
      await options.onSubmit(body);
      options.onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) setFailure(options.errorText(error));
    } finally {
      setSaving(false);
    }
  };
  return { submit, saving, failure, form, onClose: options.onClose };
}

/** The editor dialog: save and cancel, the failure above the form, the form (vertical, not kept when closed). */
export function PolicyDialogFrame<V>(props: {
  open: boolean;
  width: number;
  title: string;
  initialValues: Partial<V>;
  name: string;
  /** The form's saving (usePolicySubmit): its form, and closing the dialog. */
  submit: {
    submit: () => Promise<void>;
    saving: boolean;
    failure: string | null;
    form: FormInstance<V>;
    onClose: () => void;
  };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { submit } = props;
  return (
    <DraggableModal
      open={props.open}
      width={props.width}
      title={props.title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={submit.saving}
      onOk={submit.submit}
      onCancel={submit.onClose}
      destroyOnHidden
    >
      {submit.failure && (
        <Alert type="error" showIcon title={submit.failure} style={{ marginBottom: 12 }} data-testid="policy-error" />
      )}
      <Form
        form={submit.form}
        layout="vertical"
        initialValues={props.initialValues as never}
        preserve={false}
        name={props.name}
      >
        {props.children}
      </Form>
    </DraggableModal>
  );
}

/** One unit of a policy: its fields, then the button removing it (not the last one). */
export function PolicyUnitRow(props: {
  index: number;
  count: number;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Space align="start" wrap data-testid={`policy-unit-${props.index}`}>
      {props.children}
      <Button
        type="text"
        icon={<MinusCircleOutlined />}
        aria-label={props.removeLabel}
        disabled={props.count <= 1}
        onClick={props.onRemove}
      />
    </Space>
  );
}

/** A preview as the server answers it: the place it is for, the day's sun, and the year's on and off times. */
interface PreviewAnswer {
  lng: number;
  lat: number;
  day?: { polar?: string | null; policyId: number | null } | null;
  year: Parameters<typeof yearPoints>[0];
}

/** Which preview to ask for: its query key (the policy and target), and the call for a date. */
export interface PreviewLoad<A> {
  key: QueryKey;
  fn: (day: { date: string; year: number }) => Promise<A>;
  /** False while the preview waits for something (a target). */
  enabled?: boolean;
}

/**
 * What a policy does at a chosen place: a target and a date to choose, the day on the timeline (with
 * the family's own lines below it), and the on and off times over the year. `texts` is the family's key
 * prefix for previewTitle, previewFor, date, previewPlace, dayTitle, yearTitle and noPolicyThatDay.
 */
export function PolicyPreviewDialog<T, A extends PreviewAnswer>(props: {
  texts: string;
  name: string;
  target: { value: T | undefined; onChange: (value: T | undefined) => void; options: SelectProps['options'] };
  load: PreviewLoad<A>;
  errorText: (error: unknown) => string;
  /** The answer's day as the timeline takes it. */
  dayOf: (answer: A) => DaySchedule | null;
  /** The family's lines under the day's timeline. */
  dayExtra?: (answer: A) => ReactNode;
  /**
   * Shown instead of the day and the year while the preview waits for something (a family whose
   * preview needs a target says so here, and asks the server nothing until one is chosen).
   */
  waiting?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { load, texts } = props;
  const [date, setDate] = useState<Dayjs>(dayjs());
  const asked = { date: date.format('YYYY-MM-DD'), year: date.year() };
  const preview = useQuery({ queryKey: [...load.key, asked], queryFn: () => load.fn(asked), enabled: load.enabled });
  const shown = preview.data;
  const day = shown ? props.dayOf(shown) : null;
  return (
    <DraggableModal
      open
      width={980}
      title={t(`${texts}.previewTitle`, { name: props.name })}
      footer={null}
      onCancel={props.onClose}
    >
      <Flex vertical gap={12} data-testid="policy-preview">
        <Space wrap>
          <Select
            allowClear
            style={{ width: 280 }}
            placeholder={t(`${texts}.previewFor`)}
            aria-label={t(`${texts}.previewFor`)}
            value={props.target.value}
            onChange={props.target.onChange}
            showSearch={{ optionFilterProp: 'label' }}
            options={props.target.options}
            data-testid="preview-target"
          />
          <DatePicker
            value={date}
            allowClear={false}
            onChange={(d) => d && setDate(d)}
            aria-label={t(`${texts}.date`)}
          />
          {shown && (
            <Typography.Text type="secondary" data-testid="preview-place">
              {t(`${texts}.previewPlace`, { lng: shown.lng.toFixed(4), lat: shown.lat.toFixed(4) })}
            </Typography.Text>
          )}
        </Space>
        {props.waiting ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.waiting} data-testid="preview-waiting" />
        ) : preview.isLoading ? (
          <Spin />
        ) : preview.isError ? (
          <Result status="warning" title={props.errorText(preview.error)} />
        ) : (
          <Row gutter={[12, 12]}>
            <Col span={24}>
              <Card size="small" title={t(`${texts}.dayTitle`, { date: date.format('YYYY-MM-DD') })}>
                {day ? (
                  <>
                    {shown?.day?.polar && (
                      <Tag color="purple" style={{ marginBottom: 8 }}>
                        {t(`schedule.polar.${shown.day.polar}`)}
                      </Tag>
                    )}
                    {shown?.day?.policyId === null && (
                      <Typography.Text type="warning" style={{ display: 'block' }}>
                        {t(`${texts}.noPolicyThatDay`)}
                      </Typography.Text>
                    )}
                    <DayTimeline day={day} />
                    {shown && props.dayExtra?.(shown)}
                  </>
                ) : (
                  <Empty />
                )}
              </Card>
            </Col>
            <Col span={24}>
              <Card size="small" title={t(`${texts}.yearTitle`, { year: date.year() })}>
                <YearChart days={shown ? yearPoints(shown.year) : undefined} />
              </Card>
            </Col>
          </Row>
        )}
      </Flex>
    </DraggableModal>
  );
}
