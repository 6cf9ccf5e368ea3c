import { LIGHTING_CHANNELS, lightingPolicyBody, START_KINDS, UNIT_TYPES } from '@sc/contract';
import { Col, Form, InputNumber, Row, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { CycleFields, type CycleForm, cycleFromForm, cycleToForm } from '../../components/schedule/cycle-fields';
import { PolicyDialogFrame, usePolicySubmit, usePolicyUnitsMax } from '../../components/schedule/policy-editor';
import { PolicyNameFields, PolicyUnitsList, UnitOffset, UnitTime } from '../../components/schedule/policy-fields';
import { type PolicyDialogProps, type PolicyNames, trimmedNames } from '../../components/schedule/policy-values';
import type { Policy } from './api';

/** A unit as the form holds it. */
interface UnitForm {
  type: 'on' | 'off' | 'eco';
  level?: number;
  kind: 'clock' | 'sunrise' | 'sunset';
  time?: Dayjs | null;
  offset?: number;
}
interface PolicyForm extends CycleForm, PolicyNames {
  alias?: string;
  units: UnitForm[];
  range: string;
  channelControl: boolean;
  channels: number[];
  inUse: boolean;
}

/** The form's values as the contract's policy body (`lightingPolicyBody`). */
export function toPolicyBody(v: PolicyForm) {
  return {
    ...trimmedNames(v),
    alias: v.alias?.trim() ?? '',
    units: (v.units ?? []).map((u) => ({
      type: u.type,
      level: u.type === 'off' ? 0 : u.level,
      start:
        u.kind === 'clock'
          ? { kind: 'clock', time: u.time ? u.time.format('HH:mm') : '' }
          : { kind: u.kind, offset: u.offset ?? 0 },
    })),
    range: v.range,
    channelControl: v.channelControl,
    channels: v.channelControl ? (v.channels ?? []) : [],
    cycle: cycleFromForm(v),
    inUse: v.inUse,
  };
}

/** A stored policy as the form's values. */
function toForm(p: Policy | null): Partial<PolicyForm> {
  if (!p)
    return {
      units: [
        { type: 'on', level: 100, kind: 'sunset', offset: 0 },
        { type: 'off', kind: 'sunrise', offset: 0 },
      ],
      range: 'all',
      channelControl: false,
      channels: [],
      mode: 'everyday',
      inUse: true,
    };
  return {
    name: p.name,
    no: p.no,
    alias: p.alias,
    units: p.units.map((u) => ({
      type: u.type,
      level: u.level,
      kind: u.start.kind,
      time: u.start.time ? dayjs(u.start.time, 'HH:mm') : null,
      offset: u.start.offset ?? 0,
    })),
    range: p.range,
    channelControl: p.channelControl,
    channels: p.channels,
    ...cycleToForm(p.cycle),
    inUse: p.inUse,
  };
}

/** Where a contract issue's path lands on the form. */
function fieldOf(path: PropertyKey[]): (string | number)[] {
  const [head, i, ...rest] = path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (head === 'cycle') return [i === undefined ? 'mode' : (i as string)];
  if (head === 'units' && typeof i === 'number') {
    const field = rest[0] === 'start' ? (rest[1] === 'time' ? 'time' : 'offset') : (rest[0] ?? 'type');
    return ['units', i, field as string];
  }
  return [head as string];
}

/**
 * The policy editor (spec 001 §3, §5): name, no, alias; 1 to the maximum units, each on, off or eco
 * with its level and a start at a clock time or sunrise/sunset ± minutes; range, channel control; cycle
 * mode with its dates; in use. The contract's rules check it before it is sent.
 */
export function PolicyDialog({
  open,
  ...dialog
}: PolicyDialogProps<Policy, ReturnType<typeof toPolicyBody>> & { open: boolean }) {
  const { policy } = dialog;
  const { t } = useTranslation();
  const maxUnits = usePolicyUnitsMax(dialog.maxUnits);
  const [form] = Form.useForm<PolicyForm>();
  const channelControl = Form.useWatch('channelControl', form);
  const units = Form.useWatch('units', form) ?? [];
  const submit = usePolicySubmit({
    form,
    toBody: toPolicyBody,
    rule: lightingPolicyBody(maxUnits),
    fieldOf,
    errorText: (error) => (isApiError(error) && error.body?.message) || t('common.loadFailed'),
    ...dialog,
  });

  return (
    <PolicyDialogFrame
      open={open}
      width={820}
      title={policy ? t('lamps.policy.edit') : t('lamps.policy.create')}
      initialValues={toForm(policy)}
      name="lighting-policy-form"
      submit={submit}
    >
      <PolicyNameFields texts="lighting.policy" third="alias" />
      <Typography.Text strong>{t('lighting.policy.units')}</Typography.Text>
      <PolicyUnitsList
        maxUnits={maxUnits}
        addLabel={t('lamps.policy.addUnit')}
        removeLabel={t('lamps.policy.removeUnit')}
        newUnit={() => ({ type: 'eco', level: 50, kind: 'clock', time: dayjs('23:00', 'HH:mm') })}
        full={
          <Typography.Text type="warning" data-testid="policy-max-units">
            {t('schedule.rules.unitsMax', { count: maxUnits })}
          </Typography.Text>
        }
        list={{ style: { margin: '8px 0 12px' }, 'data-testid': 'policy-units' }}
      >
        {(field, index) => {
          const unit = units[index];
          return (
            <>
              <Form.Item name={[field.name, 'type']} style={{ marginBottom: 4 }}>
                <Select
                  style={{ width: 100 }}
                  aria-label={t('lamps.policy.unitType')}
                  options={UNIT_TYPES.map((u) => ({ value: u, label: t(`lighting.unitTypes.${u}`) }))}
                />
              </Form.Item>
              {unit?.type !== 'off' && (
                <Form.Item name={[field.name, 'level']} style={{ marginBottom: 4 }}>
                  <InputNumber
                    min={0}
                    max={100}
                    suffix="%"
                    style={{ width: 100 }}
                    aria-label={t('lamps.policy.level')}
                  />
                </Form.Item>
              )}
              <Form.Item name={[field.name, 'kind']} style={{ marginBottom: 4 }}>
                <Select
                  style={{ width: 124 }}
                  aria-label={t('lamps.policy.startKind')}
                  options={START_KINDS.map((k) => ({ value: k, label: t(`lighting.startKinds.${k}`) }))}
                  data-testid={`policy-unit-${index}-kind`}
                />
              </Form.Item>
              {unit?.kind === 'clock' ? (
                <UnitTime field={field} label={t('lamps.policy.time')} />
              ) : (
                <UnitOffset
                  field={field}
                  index={index}
                  min={-720}
                  max={720}
                  texts={{
                    prefix: t('lamps.policy.offset'),
                    suffix: t('lamps.policy.minutes'),
                    label: t('lighting.policy.offset'),
                  }}
                />
              )}
            </>
          );
        }}
      </PolicyUnitsList>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="range" label={t('lighting.policy.range')}>
            <Select options={LIGHTING_CHANNELS.map((c) => ({ value: c, label: t(`lighting.channels.${c}`) }))} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="channelControl" label={t('lighting.policy.channelControl')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={10}>
          {channelControl && (
            <Form.Item name="channels" label={t('lamps.policy.channels')}>
              <Select
                mode="multiple"
                options={[1, 2, 3, 4].map((c) => ({ value: c, label: t('lamps.policy.channel', { channel: c }) }))}
              />
            </Form.Item>
          )}
        </Col>
      </Row>
      <CycleFields>
        <Form.Item name="inUse" label={t('lighting.policy.inUse')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </CycleFields>
    </PolicyDialogFrame>
  );
}
