import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Col,
  DatePicker,
  Flex,
  type FlexProps,
  Form,
  type FormListFieldData,
  Input,
  InputNumber,
  Row,
  Space,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PolicyUnitRow } from './policy-editor';

/**
 * The policy editor's fields every family's form has: the name, number and a third text (an alias, a
 * description) on one row, and the list of units with their add and remove buttons.
 */

/** Name and number (required) and the family's third text, labelled `<texts>.<field>`, with their length limits. */
export function PolicyNameFields(props: { texts: string; third: string; maxLength?: Record<string, number> }) {
  const { t } = useTranslation();
  const field = (name: string, required?: true) => (
    <Col span={8}>
      <Form.Item name={name} label={t(`${props.texts}.${name}`)} required={required}>
        <Input maxLength={props.maxLength?.[name]} data-testid={required && `policy-${name}`} />
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={12}>
      {field('name', true)}
      {field('no', true)}
      {field(props.third)}
    </Row>
  );
}

/**
 * The units (form list `units`): each a row of the family's fields with its remove button (not the
 * last one), then the add button, and in its place the family's words once the list is full.
 */
export function PolicyUnitsList<U>(props: {
  maxUnits: number;
  addLabel: string;
  removeLabel: string;
  /** The unit the add button adds. */
  newUnit: () => U;
  /** Beside the add button once there are as many units as allowed. */
  full: ReactNode;
  list?: FlexProps & { 'data-testid'?: string };
  children: (field: FormListFieldData, index: number) => ReactNode;
}) {
  return (
    <Form.List name="units">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4} {...props.list}>
          {fields.map((field, index) => (
            <PolicyUnitRow
              key={field.key}
              index={index}
              count={fields.length}
              removeLabel={props.removeLabel}
              onRemove={() => remove(field.name)}
            >
              {props.children(field, index)}
            </PolicyUnitRow>
          ))}
          <Space>
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= props.maxUnits}
              onClick={() => add(props.newUnit())}
              data-testid="policy-add-unit"
            >
              {props.addLabel}
            </Button>
            {fields.length >= props.maxUnits && props.full}
          </Space>
        </Flex>
      )}
    </Form.List>
  );
}

/** A unit's start at a clock time (HH:mm). */
export function UnitTime(props: { field: FormListFieldData; label: string; placeholder?: string }) {
  return (
    <Form.Item name={[props.field.name, 'time']} style={{ marginBottom: 4 }}>
      <DatePicker.TimePicker
        format="HH:mm"
        aria-label={props.label}
        placeholder={props.placeholder}
        needConfirm={false}
      />
    </Form.Item>
  );
}

/** A unit's offset in minutes (from sunrise, sunset or midnight), with its words before and after. */
export function UnitOffset(props: {
  field: FormListFieldData;
  index: number;
  min: number;
  max: number;
  texts: { prefix: string; suffix: string; label: string };
}) {
  return (
    <Form.Item name={[props.field.name, 'offset']} style={{ marginBottom: 4 }}>
      <InputNumber
        min={props.min}
        max={props.max}
        style={{ width: 170 }}
        prefix={props.texts.prefix}
        suffix={props.texts.suffix}
        aria-label={props.texts.label}
        data-testid={`policy-unit-${props.index}-offset`}
      />
    </Form.Item>
  );
}
