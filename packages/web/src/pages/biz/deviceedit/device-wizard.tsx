import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import {
  type DeviceView,
  deviceBody,
  type FamilyDefinition,
  type FamilyField,
  familyOf,
  type NetworkField,
  type ProjectTreeNode,
} from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Divider,
  Empty,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Result,
  Select,
  Skeleton,
  Space,
  Steps,
  Switch,
  Typography,
} from 'antd';
import type { RuleObject } from 'antd/es/form';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import { reportApiError } from '../../../api/report';
import { type Schema, zodRule } from '../../../components/crud';
import { MaintenanceHistoryLink } from '../../../components/maintenance/history-link';
import { CoordinatePicker, coordinateError } from '../../../components/map/coordinate-picker';
import { translate, useLang } from '../../../i18n/i18n';
import { useVisibleProjects } from '../../../session/use-current-project';
import { usePropText } from '../devicelist/device-list';
import { type DeviceScope, deviceApi, deviceRoutes } from '../devicelist/device-scope';
import {
  DEVICES_KEY,
  linkedDeviceLabel,
  linkedTypesOf,
  ProjectTreeSelect,
  useAreas,
  useDeviceModels,
  useDevicesOfTypes,
  useDeviceTypes,
  useGroups,
  useTypeLabel,
} from '../devicelist/lookups';
import {
  BASE_FIELDS,
  clearDraft,
  type DeviceForm,
  deviceToForm,
  draftKey,
  formToBody,
  networkOf,
  readDraft,
  stepOfField,
  writeDraft,
} from './device-form';

const STEPS = ['base', 'type', 'coordinate', 'summary'] as const;
const shape = deviceBody.shape as unknown as Record<string, Schema>;
const INT_NETWORK = new Set<NetworkField>(['port', 'rtspPort', 'minPort', 'maxPort', 'modbusAddress', 'channelNo']);
const blank = (v: unknown) => v === undefined || v === null || v === '';

function indexTree(nodes: ProjectTreeNode[] = [], into = new Map<number, string>()) {
  for (const n of nodes) {
    into.set(n.id, n.name);
    indexTree(n.children, into);
  }
  return into;
}

function findNode(nodes: ProjectTreeNode[] = [], id: number | undefined): ProjectTreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inside = findNode(n.children, id);
    if (inside) return inside;
  }
  return undefined;
}

const located = (place: { lng: number | null; lat: number | null; name: string } | undefined) =>
  place && place.lng !== null && place.lat !== null ? { lng: place.lng, lat: place.lat, name: place.name } : null;

/** The contract rule of one network field; the two ports also check their order (spec: min below max). */
function networkRule(field: NetworkField, form: FormInstance, lang: ReturnType<typeof useLang>): RuleObject[] {
  const rules: RuleObject[] = [zodRule(shape[field], lang)];
  if (field === 'minPort' || field === 'maxPort') {
    rules.push({
      validator: async () => {
        const min = form.getFieldValue('minPort');
        const max = form.getFieldValue('maxPort');
        if (blank(min) || blank(max) || field !== 'minPort') return;
        if (Number(min) >= Number(max)) throw new Error(translate(lang, 'validation.portOrder'));
      },
    });
  }
  return rules;
}

/** A type property validated with the family's props schema (the issue on this key). */
function propRule(
  family: FamilyDefinition,
  key: string,
  form: FormInstance,
  lang: ReturnType<typeof useLang>,
): RuleObject {
  return {
    validator: async () => {
      const props = Object.fromEntries(
        Object.entries((form.getFieldValue('props') as Record<string, unknown>) ?? {}).map(([k, v]) => [
          k,
          blank(v) ? undefined : v,
        ]),
      );
      const result = family.props.safeParse(props);
      const issue = result.success ? undefined : result.error.issues.find((i) => String(i.path[0]) === key);
      if (issue) throw new Error(translate(lang, issue.message));
    },
  };
}

function PropInput({
  field,
  linked,
  ...rest
}: {
  field: FamilyField;
  /** The project's devices that `device` fields may refer to. */
  linked: { data: readonly DeviceView[]; isLoading: boolean };
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  const range =
    field.min !== undefined || field.max !== undefined ? `${field.min ?? ''} - ${field.max ?? ''}` : undefined;
  switch (field.kind) {
    case 'device': {
      const options = linked.data
        .filter((d) => d.type === field.refType)
        .map((d) => ({ value: d.id, label: linkedDeviceLabel(d) }));
      const stored =
        rest.value === undefined || rest.value === null || rest.value === '' ? undefined : Number(rest.value);
      // A stored device that is gone (or moved out of the project) reads as such, never as its id.
      if (stored !== undefined && !linked.isLoading && !options.some((o) => o.value === stored))
        options.unshift({ value: stored, label: t('devices.wizard.linkedGone') });
      return (
        <Select
          id={rest.id}
          showSearch
          allowClear
          optionFilterProp="label"
          loading={linked.isLoading}
          placeholder={t('devices.wizard.linkedPick', { type: t(`families.types.${field.refType}`) })}
          value={linked.isLoading ? undefined : stored}
          onChange={(v) => rest.onChange?.(v ?? undefined)}
          options={options}
        />
      );
    }
    case 'bool':
      return <Switch id={rest.id} checked={rest.value === true} onChange={(v) => rest.onChange?.(v)} />;
    case 'select':
      return (
        <Select
          id={rest.id}
          allowClear
          value={rest.value as string | undefined}
          onChange={(v) => rest.onChange?.(v)}
          options={(field.options ?? []).map((o) => ({ value: o, label: t(`families.options.${o}`) }))}
        />
      );
    case 'int':
    case 'number':
      return (
        <InputNumber
          id={rest.id}
          style={{ width: '100%' }}
          placeholder={range}
          suffix={field.unit}
          precision={field.kind === 'int' ? undefined : 3}
          value={rest.value as number | undefined}
          onChange={(v) => rest.onChange?.(v ?? undefined)}
        />
      );
    default:
      return (
        <Input id={rest.id} value={(rest.value as string) ?? ''} onChange={(e) => rest.onChange?.(e.target.value)} />
      );
  }
}

function NetworkInput({
  field,
  editing,
  ...rest
}: {
  field: NetworkField;
  editing: boolean;
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  if (field === 'protocolVersion') {
    return (
      <Select
        id={rest.id}
        allowClear
        value={rest.value as number | undefined}
        onChange={(v) => rest.onChange?.(v)}
        options={[
          { value: 1, label: t('devices.wizard.protocolV1') },
          { value: 2, label: t('devices.wizard.protocolV2') },
        ]}
      />
    );
  }
  if (INT_NETWORK.has(field)) {
    return (
      <InputNumber
        id={rest.id}
        style={{ width: '100%' }}
        value={rest.value as number | undefined}
        onChange={(v) => rest.onChange?.(v ?? undefined)}
      />
    );
  }
  if (field === 'loginPassword') {
    return (
      <Input.Password
        id={rest.id}
        autoComplete="new-password"
        placeholder={editing ? t('devices.wizard.passwordKept') : undefined}
        value={(rest.value as string) ?? ''}
        onChange={(e) => rest.onChange?.(e.target.value)}
      />
    );
  }
  return <Input id={rest.id} value={(rest.value as string) ?? ''} onChange={(e) => rest.onChange?.(e.target.value)} />;
}

/**
 * The four-step device wizard (spec 000 §2 deviceedit): base property, type property (the family's
 * network fields and its `fields`, validated with the contract), coordinate, summary. The input is
 * kept as a draft in sessionStorage until saved, so the wizard can be left and resumed.
 */
export function DeviceWizard({ scope, id }: { scope: DeviceScope; id?: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DeviceForm>();
  const paths = deviceApi(scope);
  const routes = deviceRoutes(scope);
  const scopeKey = scope.kind === 'pjt' ? `pjt${scope.projectId}` : 'biz';
  const key = draftKey(scopeKey, id);
  const editing = id !== undefined;

  const [step, setStep] = useState(0);
  const [restored, setRestored] = useState(false);
  const [ready, setReady] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [coordinateTried, setCoordinateTried] = useState(false);
  const initial = useRef<DeviceForm>({});

  const device = useQuery({
    queryKey: [...DEVICES_KEY, 'one', paths.base, id, lang],
    queryFn: () => api.get<DeviceView>(paths.one(id as number)),
    enabled: editing,
  });

  // Fill the form once: the stored device (or defaults), then a draft over it.
  useEffect(() => {
    if (ready || (editing && !device.data)) return;
    initial.current = device.data
      ? deviceToForm(device.data)
      : { projectId: scope.kind === 'pjt' ? scope.projectId : undefined, props: {} };
    form.setFieldsValue(initial.current);
    const draft = readDraft(key);
    if (draft) {
      form.setFieldsValue(draft.values);
      setStep(Math.min(Math.max(draft.step, 0), 3));
      setRestored(true);
    }
    setReady(true);
  }, [ready, editing, device.data, form, key, scope]);

  const saveDraft = (nextStep = step) => writeDraft(key, { values: form.getFieldsValue(true), step: nextStep });

  const type = Form.useWatch('type', form) as string | undefined;
  const projectId = Form.useWatch('projectId', form) as number | undefined;
  const areaId = Form.useWatch('areaId', form) as number | undefined;
  const groupId = Form.useWatch('groupId', form) as number | undefined;
  const modelId = Form.useWatch('modelId', form) as number | undefined;
  const lng = Form.useWatch('lng', form) as number | null | undefined;
  const lat = Form.useWatch('lat', form) as number | null | undefined;
  const family = type ? familyOf(type) : undefined;
  const network = networkOf(type);

  const types = useDeviceTypes();
  const typeLabel = useTypeLabel();
  const models = useDeviceModels(scope, type);
  const areas = useAreas(scope, projectId);
  const groups = useGroups(scope, projectId, areaId);
  const parents = useDevicesOfTypes(scope, family?.parentTypes ?? [], projectId);
  const projects = useVisibleProjects();
  const projectNames = useMemo(() => indexTree(projects.data), [projects.data]);
  const linked = useDevicesOfTypes(scope, linkedTypesOf(family?.fields), projectId);
  const propText = usePropText(linked);
  const model = models.data?.find((m) => m.id === modelId);
  // The coordinate step opens where the device goes: its group, else its area, else its project.
  const around =
    located(groups.data?.find((g) => g.id === groupId)) ??
    located(areas.data?.find((a) => a.id === areaId)) ??
    located(findNode(projects.data, projectId ?? (scope.kind === 'pjt' ? scope.projectId : undefined)));

  const onValuesChange = (changed: Partial<DeviceForm>) => {
    if ('type' in changed) {
      // Another family: its own properties; the model and parent belong to the old type.
      form.setFieldsValue({ props: {}, modelId: undefined, factoryId: undefined, parentId: undefined });
      form.setFields([{ name: 'props', errors: [] }]);
    }
    if ('modelId' in changed) {
      const picked = models.data?.find((m) => m.id === changed.modelId);
      form.setFieldsValue({ factoryId: picked?.factoryId });
    }
    if ('projectId' in changed) {
      form.setFieldsValue({ areaId: undefined, groupId: undefined, parentId: undefined });
      // The devices the properties refer to are of the old project.
      for (const f of family?.fields ?? []) if (f.kind === 'device') form.setFieldValue(['props', f.key], undefined);
    }
    if ('areaId' in changed) form.setFieldsValue({ groupId: undefined });
    saveDraft();
  };

  const stepFields = (index: number): (string | (string | number)[])[] => {
    if (index === 0) return [...BASE_FIELDS];
    if (index === 1) return [...network, ...(family?.fields ?? []).map((f) => ['props', f.key])];
    if (index === 2) return ['lng', 'lat'];
    return [];
  };

  const validateStep = async (index: number) => {
    if (index === 2) {
      setCoordinateTried(true);
      const any = !blank(lng) || !blank(lat);
      if (any && coordinateError({ lng, lat })) return false;
    }
    return form
      .validateFields(stepFields(index) as never)
      .then(() => true)
      .catch(() => false);
  };

  const go = async (next: number) => {
    if (next > step) {
      for (let i = step; i < next; i++) {
        if (!(await validateStep(i))) {
          if (i !== step) setStep(i);
          saveDraft(i);
          return;
        }
      }
    }
    setStep(next);
    saveDraft(next);
  };

  const discardDraft = () => {
    clearDraft(key);
    form.resetFields();
    form.setFieldsValue(initial.current);
    setStep(0);
    setRestored(false);
    setFailure(null);
    message.info(t('devices.wizard.draftDiscarded'));
  };

  const save = async () => {
    for (let i = 0; i < 3; i++) {
      if (!(await validateStep(i))) {
        setStep(i);
        return;
      }
    }
    setSaving(true);
    setFailure(null);
    const body = formToBody(form.getFieldsValue(true));
    try {
      if (editing) await api.put(paths.item(id), body, { silent: true });
      else await api.post(paths.base, body, { silent: true });
      clearDraft(key);
      message.success(t('devices.wizard.saved'));
      await queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
      await navigate(routes.list);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        form.setFields(error.fieldErrors.map((e) => ({ name: e.field.split('.') as never, errors: [e.message] })));
        const target = Math.min(...error.fieldErrors.map((e) => stepOfField(e.field)));
        if (target < 3) setStep(target);
        setFailure(
          error.fieldErrors.length && target >= 3 ? error.fieldErrors[0].message : t('devices.wizard.fixErrors'),
        );
      } else if (isApiError(error) && error.status >= 400 && error.status !== 401 && error.body?.message) {
        setFailure(error.body.message);
      } else if (isApiError(error)) {
        reportApiError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  if (editing && device.isError) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => navigate(routes.list)}>{t('devices.wizard.back')}</Button>}
      />
    );
  }

  const label = (field: string) => t(`devices.fields.${field}`);
  const show = (index: number) => ({ display: step === index ? undefined : 'none' });
  const typeOptions = (types.data ?? []).map((ty) => ({ value: ty.no, label: typeLabel(ty.no, ty.name) }));
  /** A type property in the summary: a switch left alone is off, any other blank "not set" like the rest. */
  const propSummary = (field: FamilyField): ReactNode => {
    const v = form.getFieldValue(['props', field.key]);
    if (field.kind === 'bool') return propText(field, v === true || v === 'true');
    if (blank(v)) return <Typography.Text type="secondary">{t('devices.wizard.notSet')}</Typography.Text>;
    return propText(field, v);
  };
  const summaryValue = (field: string): ReactNode => {
    const v = form.getFieldValue(field);
    if (blank(v)) return <Typography.Text type="secondary">{t('devices.wizard.notSet')}</Typography.Text>;
    switch (field) {
      case 'type':
        return typeLabel(String(v), types.data?.find((ty) => ty.no === v)?.name);
      case 'modelId':
        return model?.name ?? String(v);
      case 'factoryId':
        return model?.factoryName ?? String(v);
      case 'projectId':
        return projectNames.get(Number(v)) ?? String(v);
      case 'areaId':
        return areas.data?.find((a) => a.id === v)?.name ?? String(v);
      case 'groupId':
        return groups.data?.find((g) => g.id === v)?.name ?? String(v);
      case 'parentId':
        return parents.data.find((p) => p.id === v)?.name ?? String(v);
      case 'loginPassword':
        return '••••••';
      case 'protocolVersion':
        return t(`devices.wizard.protocolV${v}`);
      default:
        return String(v);
    }
  };

  return (
    <Card
      data-testid="device-wizard"
      title={
        editing ? t('devices.wizard.editTitle', { name: device.data?.name ?? '' }) : t('devices.wizard.createTitle')
      }
      extra={
        <Space wrap>
          {device.data && (
            <MaintenanceHistoryLink
              deviceId={device.data.id}
              project={{ id: device.data.projectId, name: device.data.projectName }}
            />
          )}
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(routes.list)}>
            {t('devices.wizard.back')}
          </Button>
        </Space>
      }
    >
      {!ready ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={20}>
          <Steps
            current={step}
            onChange={(next) => void go(next)}
            items={STEPS.map((s) => ({ key: s, title: t(`devices.wizard.steps.${s}`) }))}
          />
          {restored && (
            <Alert
              type="info"
              showIcon
              data-testid="draft-restored"
              title={t('devices.wizard.draftRestored')}
              action={
                <Button size="small" onClick={discardDraft}>
                  {t('devices.wizard.discardDraft')}
                </Button>
              }
            />
          )}
          {failure && <Alert type="error" showIcon title={failure} data-testid="wizard-failure" />}
          <Form
            form={form}
            layout="vertical"
            name="device-form"
            onValuesChange={onValuesChange}
            style={{ maxWidth: 960, width: '100%', margin: '0 auto' }}
          >
            <div style={show(0)} data-testid="step-base">
              <Flex gap={16} wrap>
                <Form.Item
                  name="name"
                  label={label('name')}
                  required
                  rules={[zodRule(shape.name, lang, { label: label('name') })]}
                  style={{ flex: '1 1 280px' }}
                >
                  <Input />
                </Form.Item>
                <Form.Item
                  name="no"
                  label={label('no')}
                  required
                  rules={[zodRule(shape.no, lang, { label: label('no') })]}
                  style={{ flex: '1 1 280px' }}
                >
                  <Input />
                </Form.Item>
              </Flex>
              <Flex gap={16} wrap>
                <Form.Item
                  name="type"
                  label={label('type')}
                  required
                  rules={[zodRule(shape.type, lang, { label: label('type'), choose: true })]}
                  style={{ flex: '1 1 280px' }}
                >
                  <Select showSearch={{ optionFilterProp: 'label' }} options={typeOptions} loading={types.isLoading} />
                </Form.Item>
                <Form.Item
                  name="modelId"
                  label={label('modelId')}
                  required
                  rules={[zodRule(shape.modelId, lang, { label: label('modelId'), choose: true })]}
                  style={{ flex: '1 1 280px' }}
                >
                  <Select
                    disabled={!type}
                    loading={models.isLoading}
                    options={(models.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.no})` }))}
                  />
                </Form.Item>
              </Flex>
              <Flex gap={16} wrap>
                <Form.Item label={label('factoryId')} style={{ flex: '1 1 280px' }}>
                  <Input disabled value={model?.factoryName ?? ''} data-testid="factory-name" />
                </Form.Item>
                <Form.Item name="factoryId" hidden>
                  <Input />
                </Form.Item>
                <Form.Item
                  name="projectId"
                  label={label('projectId')}
                  required
                  rules={[zodRule(shape.projectId, lang, { label: label('projectId'), choose: true })]}
                  style={{ flex: '1 1 280px' }}
                >
                  <ProjectTreeSelect rootId={scope.kind === 'pjt' ? scope.projectId : undefined} />
                </Form.Item>
              </Flex>
              <Flex gap={16} wrap>
                <Form.Item name="areaId" label={label('areaId')} style={{ flex: '1 1 280px' }}>
                  <Select
                    allowClear
                    disabled={!projectId}
                    options={(areas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
                  />
                </Form.Item>
                <Form.Item name="groupId" label={label('groupId')} style={{ flex: '1 1 280px' }}>
                  <Select
                    allowClear
                    disabled={!projectId}
                    options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
                  />
                </Form.Item>
              </Flex>
              {family?.parentTypes?.length ? (
                <Form.Item name="parentId" label={label('parentId')}>
                  <Select
                    allowClear
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={parents.isLoading}
                    options={parents.data
                      .filter((p) => p.id !== id)
                      .map((p) => ({ value: p.id, label: `${p.name} (${typeLabel(p.type)})` }))}
                  />
                </Form.Item>
              ) : null}
              <Flex gap={16} wrap>
                <Form.Item
                  name="productionName"
                  label={label('productionName')}
                  rules={[zodRule(shape.productionName, lang, { label: label('productionName') })]}
                  style={{ flex: '1 1 280px' }}
                >
                  <Input />
                </Form.Item>
                <Form.Item
                  name="productionNo"
                  label={label('productionNo')}
                  rules={[zodRule(shape.productionNo, lang, { label: label('productionNo') })]}
                  style={{ flex: '1 1 280px' }}
                >
                  <Input />
                </Form.Item>
              </Flex>
              <Form.Item name="description" label={label('description')} rules={[zodRule(shape.description, lang)]}>
                <Input.TextArea rows={3} showCount maxLength={100} />
              </Form.Item>
            </div>

            <div style={show(1)} data-testid="step-type">
              {!type ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.wizard.pickTypeFirst')} />
              ) : (
                <>
                  <Divider titlePlacement="start">{t('devices.wizard.network')}</Divider>
                  <Flex gap={16} wrap>
                    {network.map((field) => (
                      <Form.Item
                        key={`${type}-${field}`}
                        name={field}
                        label={label(field)}
                        rules={networkRule(field, form, lang)}
                        dependencies={field === 'minPort' ? ['maxPort'] : undefined}
                        style={{ flex: '1 1 280px' }}
                      >
                        <NetworkInput field={field} editing={editing} />
                      </Form.Item>
                    ))}
                  </Flex>
                  <Divider titlePlacement="start">
                    {t('devices.wizard.typeFields')} · {typeLabel(type)}
                  </Divider>
                  {family && family.fields.length > 0 ? (
                    <Flex gap={16} wrap data-testid="type-fields">
                      {family.fields.map((field) => (
                        <Form.Item
                          key={`${type}-${field.key}`}
                          name={['props', field.key]}
                          label={t(field.label ?? `families.${family.type}.${field.key}`)}
                          rules={[propRule(family, field.key, form, lang)]}
                          valuePropName="value"
                          style={{ flex: '1 1 280px' }}
                        >
                          <PropInput field={field} linked={linked} />
                        </Form.Item>
                      ))}
                    </Flex>
                  ) : (
                    <Typography.Text type="secondary">{t('devices.wizard.noFields')}</Typography.Text>
                  )}
                </>
              )}
            </div>

            <div style={show(2)} data-testid="step-coordinate">
              <Form.Item name="lng" hidden>
                <InputNumber />
              </Form.Item>
              <Form.Item name="lat" hidden>
                <InputNumber />
              </Form.Item>
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">{t('devices.wizard.coordinateHint')}</Typography.Text>
                {around && blank(lng) && blank(lat) && (
                  <Typography.Text type="secondary" data-testid="coordinate-around">
                    {t('devices.wizard.coordinateAround', { place: around.name })}
                  </Typography.Text>
                )}
                {step === 2 && (
                  <CoordinatePicker
                    value={{ lng, lat }}
                    around={around}
                    projectId={projectId ?? (scope.kind === 'pjt' ? scope.projectId : undefined)}
                    height={380}
                    showError={coordinateTried && (!blank(lng) || !blank(lat))}
                    onChange={(value) => {
                      form.setFieldsValue({ lng: value.lng ?? undefined, lat: value.lat ?? undefined });
                      saveDraft();
                    }}
                  />
                )}
                <div>
                  <Button
                    size="small"
                    disabled={blank(lng) && blank(lat)}
                    onClick={() => {
                      form.setFieldsValue({ lng: undefined, lat: undefined });
                      saveDraft();
                    }}
                  >
                    {t('devices.wizard.clearCoordinate')}
                  </Button>
                </div>
              </Flex>
            </div>

            {step === 3 && (
              <Flex vertical gap={16} data-testid="step-summary">
                <Descriptions
                  bordered
                  size="small"
                  column={2}
                  title={t('devices.wizard.steps.base')}
                  items={BASE_FIELDS.filter((f) => f !== 'parentId' || family?.parentTypes?.length).map((f) => ({
                    key: f,
                    label: label(f),
                    children: summaryValue(f),
                  }))}
                />
                <Descriptions
                  bordered
                  size="small"
                  column={2}
                  title={t('devices.wizard.steps.type')}
                  items={[
                    ...network.map((f) => ({ key: f, label: label(f), children: summaryValue(f) })),
                    ...(family?.fields ?? []).map((f) => ({
                      key: `props.${f.key}`,
                      label: t(f.label ?? `families.${family?.type}.${f.key}`),
                      children: propSummary(f),
                    })),
                  ]}
                />
                <Descriptions
                  bordered
                  size="small"
                  column={2}
                  title={t('devices.wizard.steps.coordinate')}
                  items={[
                    { key: 'lng', label: label('lng'), children: summaryValue('lng') },
                    { key: 'lat', label: label('lat'), children: summaryValue('lat') },
                  ]}
                />
              </Flex>
            )}
          </Form>
          <Flex justify="center" gap={12}>
            <Space>
              {step > 0 && <Button onClick={() => void go(step - 1)}>{t('devices.wizard.prev')}</Button>}
              {step < 3 && (
                <Button type="primary" onClick={() => void go(step + 1)}>
                  {t('devices.wizard.next')}
                </Button>
              )}
              {step === 3 && (
                <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
                  {t('devices.wizard.save')}
                </Button>
              )}
            </Space>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
