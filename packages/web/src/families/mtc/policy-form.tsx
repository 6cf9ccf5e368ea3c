import {
  MTC_DEFAULT_CIRCUITS,
  MTC_MAX_CIRCUITS,
  MTC_RELATIVE_TYPES,
  MTC_TIME_MODES,
  mtcPolicyBody,
} from '@sc/contract/families/mtc';
import { Checkbox, Col, Form, InputNumber, Radio, Row, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/device';
import { CycleFields, type CycleForm, cycleFromForm, cycleToForm } from '../../components/schedule/cycle-fields';
import { PolicyDialogFrame, usePolicySubmit, usePolicyUnitsMax } from '../../components/schedule/policy-editor';
import { PolicyNameFields, PolicyUnitsList, UnitOffset, UnitTime } from '../../components/schedule/policy-fields';
import { type PolicyDialogProps, type PolicyNames, trimmedNames } from '../../components/schedule/policy-values';
import type { CabinetPolicy } from './api';
import './texts';

interface UnitForm {
  time?: Dayjs | null;
  relativeTo?: 'midnight' | 'sunrise' | 'sunset';
  offset?: number;
  circuits: number[];
}
interface PolicyForm extends CycleForm, PolicyNames {
  description?: string;
  timeMode: 'absolute' | 'relative';
  units: UnitForm[];
  circuitCount: number;
  inUse: boolean;
}

/** The form's values as the contract's policy body (`mtcPolicyBody`). */
export function toPolicyBody(v: PolicyForm) {
  return {
    ...trimmedNames(v),
    description: v.description?.trim() ?? '',
    timeMode: v.timeMode,
    units: (v.units ?? []).map((u) =>
      v.timeMode === 'absolute'
        ? { time: u.time ? u.time.format('HH:mm') : undefined, offset: 0, circuits: u.circuits ?? [] }
        : { relativeTo: u.relativeTo, offset: u.offset ?? 0, circuits: u.circuits ?? [] },
    ),
    cycle: cycleFromForm(v),
    inUse: v.inUse,
  };
}

function toForm(p: CabinetPolicy | null): PolicyForm {
  const highest = Math.max(0, ...(p?.units ?? []).flatMap((u) => u.circuits));
  return {
    name: p?.name ?? '',
    no: p?.no ?? '',
    description: p?.description ?? '',
    timeMode: p?.timeMode ?? 'relative',
    units: p
      ? p.units.map((u) => ({
          time: u.time ? dayjs(u.time, 'HH:mm') : null,
          relativeTo: u.relativeTo,
          offset: u.offset,
          circuits: u.circuits,
        }))
      : [
          { relativeTo: 'sunset', offset: 0, circuits: [1, 2, 3, 4, 5, 6, 7, 8] },
          { relativeTo: 'sunrise', offset: 0, circuits: [] },
        ],
    circuitCount: Math.max(MTC_DEFAULT_CIRCUITS, highest),
    ...cycleToForm(p?.cycle),
    inUse: p?.inUse ?? true,
  };
}

/** The form field a contract issue is about. */
const fieldOf = (path: readonly PropertyKey[]): (string | number)[] => {
  if (path[0] === 'cycle') return [path[1] === undefined ? 'mode' : String(path[1])];
  return path.map((p) => (typeof p === 'number' ? p : String(p)));
};

/**
 * A cabinet policy (spec 001 §3 "MTC policy"): absolute clock times or times relative to midnight,
 * sunrise or sunset with an offset in minutes; at each unit the circuits listed are on, the rest off.
 */
export function CabinetPolicyDialog({ ...dialog }: PolicyDialogProps<CabinetPolicy, ReturnType<typeof toPolicyBody>>) {
  const { policy } = dialog;
  const { t } = useTranslation();
  const maxUnits = usePolicyUnitsMax(dialog.maxUnits);
  const errorText = useErrorText();
  const [form] = Form.useForm<PolicyForm>();
  const timeMode = Form.useWatch('timeMode', form) ?? toForm(policy).timeMode;
  const units = Form.useWatch('units', form) ?? [];
  const circuitCount = Form.useWatch('circuitCount', form) ?? MTC_DEFAULT_CIRCUITS;
  const circuitOptions = Array.from({ length: circuitCount }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
  const submit = usePolicySubmit({
    form,
    toBody: toPolicyBody,
    rule: mtcPolicyBody(maxUnits),
    fieldOf,
    errorText,
    ...dialog,
  });

  return (
    <PolicyDialogFrame
      open
      width={860}
      title={policy ? t('cabinets.policy.edit') : t('cabinets.policy.create')}
      initialValues={toForm(policy)}
      name="mtc-policy-form"
      submit={submit}
    >
      <PolicyNameFields
        texts="cabinets.policy.fields"
        third="description"
        maxLength={{ name: 32, no: 32, description: 100 }}
      />
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="timeMode" label={t('cabinets.policy.fields.timeMode')}>
            <Radio.Group
              optionType="button"
              options={MTC_TIME_MODES.map((m) => ({ value: m, label: t(`cabinets.timeModes.${m}`) }))}
              data-testid="policy-time-mode"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="circuitCount" label={t('cabinets.policy.circuitCount')}>
            <InputNumber min={1} max={MTC_MAX_CIRCUITS} aria-label={t('cabinets.policy.circuitCount')} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text strong>{t('cabinets.policy.fields.units')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('cabinets.policy.unitsHint')}
      </Typography.Paragraph>
      <PolicyUnitsList
        maxUnits={maxUnits}
        addLabel={t('cabinets.policy.addUnit')}
        removeLabel={t('cabinets.policy.removeUnit')}
        newUnit={() =>
          timeMode === 'absolute'
            ? { time: dayjs('23:00', 'HH:mm'), circuits: [] }
            : { relativeTo: 'midnight', offset: 0, circuits: [] }
        }
        full={<Typography.Text type="secondary">{t('cabinets.policy.unitsMax', { count: maxUnits })}</Typography.Text>}
      >
        {(field, index) => {
          const unit = units[index];
          return (
            <>
              {timeMode === 'absolute' ? (
                <UnitTime field={field} label={t('cabinets.policy.time')} placeholder={t('cabinets.policy.time')} />
              ) : (
                <>
                  <Form.Item name={[field.name, 'relativeTo']} style={{ marginBottom: 4 }}>
                    <Select
                      style={{ width: 110 }}
                      aria-label={t('cabinets.policy.relativeTo')}
                      placeholder={t('cabinets.policy.relativeTo')}
                      options={MTC_RELATIVE_TYPES.map((k) => ({
                        value: k,
                        label: t(`cabinets.relativeTypes.${k}`),
                      }))}
                      data-testid={`policy-unit-${index}-relative`}
                    />
                  </Form.Item>
                  <UnitOffset
                    field={field}
                    index={index}
                    min={unit?.relativeTo === 'midnight' ? 0 : -720}
                    max={unit?.relativeTo === 'midnight' ? 1439 : 720}
                    texts={{
                      prefix: t('cabinets.policy.offset'),
                      suffix: t('cabinets.policy.minutes'),
                      label: t('cabinets.policy.offset'),
                    }}
                  />
                </>
              )}
              <Form.Item
                name={[field.name, 'circuits']}
                style={{ marginBottom: 4 }}
                label={index === 0 ? undefined : undefined}
              >
                <Checkbox.Group options={circuitOptions} data-testid={`policy-unit-${index}-circuits`} />
              </Form.Item>
            </>
          );
        }}
      </PolicyUnitsList>
      <div style={{ marginTop: 12 }}>
        <CycleFields>
          <Form.Item name="inUse" label={t('cabinets.policy.fields.inUse')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </CycleFields>
      </div>
    </PolicyDialogFrame>
  );
}
