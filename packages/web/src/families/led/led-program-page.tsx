import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlayCircleOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import {
  LED_PROGRAM_LIMITS as L,
  LED_EFFECTS,
  LED_LAYER_TYPES,
  LED_PROGRAM_FILTERS,
  LED_PROGRAM_LANGUAGES,
  LED_PROGRAM_VERSIONS,
  LED_TEXT_ALIGNS,
  LED_TEXT_SUBTYPES,
  type LedLayerType,
  type LedTextStyle,
  type LedTextSubtype,
} from '@sc/contract/families/led';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  ColorPicker,
  DatePicker,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Tabs,
  TimePicker,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { cloneElement, isValidElement, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { failureText } from '../../api/report';
import { useFeedback } from '../../app/feedback';
import { canModify, ruleMessage, useAuthLevel } from '../../components/crud';
import { projectScreen } from '../../components/project-scoped';
import { useLang } from '../../i18n/i18n';
import { useEditedRecord } from '../kit/edited-record';
import { PROGRAM_LIST, PROGRAM_PAGE, programApi, resourceApi } from './api';
import { useEnvMonitors } from './env-readings';
import { ProgramState } from './led-programs-page';
import {
  bodyOf,
  clampBox,
  type Draft,
  type DraftLayer,
  draftOf,
  layerProblems,
  moveLayer,
  newDraft,
  newLayer,
  problemsOf,
} from './program-model';
import { ProgramPreview } from './program-preview';

/** The id of a field's input, for its label. */
const idOf = (path: string) => `program-${path.replaceAll('.', '-')}`;
/** The input with the id its label names. */
const withId = (input: ReactNode, id: string) =>
  isValidElement<{ id?: string }>(input) ? cloneElement(input, { id }) : input;

/** Konva only with this screen (its own chunk, loaded when the editor opens). */
const ProgramCanvas = lazy(() => import('./program-canvas'));

/** The widest the canvas and the preview are drawn (the screen scaled down to it, never up past 4×). */
const CANVAS_WIDTH = 720;

/** /pjt/pjtledprogram[?id=] (spec 001 §2): a program's properties, its layers on the screen, its playing policy, a preview. */
export default projectScreen(ProgramEditor);

function ProgramEditor({ projectId }: { projectId: number }) {
  const api = programApi(projectId);
  const { id, stored } = useEditedRecord(api.program, (programId) => ({ programId }));
  if (id !== null && !stored.data) return stored.isError ? <Empty /> : <Spin />;
  return (
    <Editor
      key={id ?? 'new'}
      projectId={projectId}
      id={id}
      initial={stored.data ? draftOf(stored.data) : newDraft()}
      state={stored.data?.state ?? 'edit'}
    />
  );
}

function Editor({
  projectId,
  id,
  initial,
  state,
}: {
  projectId: number;
  id: number | null;
  initial: Draft;
  state: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = useFeedback();
  const writable = canModify(useAuthLevel()) && state === 'edit';
  const api = programApi(projectId);
  const [draft, setDraft] = useState<Draft>(initial);
  const [selected, setSelected] = useState<number | null>(null);
  const [shown, setShown] = useState(false);
  const [saving, setSaving] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const problems = useMemo(() => problemsOf(draft), [draft]);
  const screen = { width: Number(draft.width) || 1, height: Number(draft.height) || 1 };
  const scale = Math.min(4, CANVAS_WIDTH / screen.width);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setLayer = (index: number, patch: Partial<DraftLayer>) =>
    setDraft((d) => ({ ...d, layers: d.layers.map((l, i) => (i === index ? { ...l, ...patch } : l)) }));
  const setText = (index: number, patch: Partial<LedTextStyle>) =>
    setDraft((d) => ({
      ...d,
      layers: d.layers.map((l, i) => (i === index ? { ...l, text: { ...l.text!, ...patch } } : l)),
    }));
  /** A field's message once the operator tried to save (or as soon as it is typed again afterwards). */
  const problem = (path: string) => {
    const encoded = shown ? problems.get(path) : undefined;
    return encoded ? ruleMessage(encoded, lang) : undefined;
  };
  const item = (path: string, label: string, input: ReactNode, span = 12) => (
    <Col span={span}>
      <Form.Item
        label={label}
        htmlFor={idOf(path)}
        validateStatus={problem(path) ? 'error' : undefined}
        help={problem(path)}
      >
        {withId(input, idOf(path))}
      </Form.Item>
    </Col>
  );
  const typeNames = (kind: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`led.${kind}.${v}`) }));

  const add = (type: LedLayerType, subtype?: LedTextSubtype) => {
    const layer = newLayer(type, screen, subtype);
    setDraft((d) => ({ ...d, layers: [...d.layers, layer] }));
    setSelected(draft.layers.length);
  };
  const save = async () => {
    setShown(true);
    if (problems.size > 0) {
      message.error(t('led.editor.fix'));
      return;
    }
    setSaving(true);
    try {
      const body = bodyOf(draft) as never;
      const saved = id ? await api.updateProgram({ programId: id, body }) : await api.createProgram({ body });
      message.success(t('led.editor.saved'));
      await client.invalidateQueries({ queryKey: api.programs.key() });
      if (!id) navigate(`${PROGRAM_PAGE}?id=${saved.id}`, { replace: true });
      else await client.invalidateQueries({ queryKey: api.program.key({ programId: id }) });
    } catch (error) {
      message.error(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  const layerLabel = (l: DraftLayer, i: number) =>
    `${i + 1}. ${l.type === 'text' && l.text ? t(`led.textSubtypes.${l.text.subtype}`) : t(`led.layerTypes.${l.type}`)}`;
  const layerProblemsShown = shown ? problems : new Map<string, string>();
  const current = selected === null ? undefined : draft.layers[selected];

  const properties = (
    <Row gutter={16}>
      {item(
        'name',
        t('led.programs.fields.name'),
        <Input value={draft.name} onChange={(e) => set({ name: e.target.value })} data-testid="program-name" />,
      )}
      {item(
        'no',
        t('led.programs.fields.no'),
        <Input value={draft.no} onChange={(e) => set({ no: e.target.value })} data-testid="program-no" />,
      )}
      {item(
        'version',
        t('led.editor.version'),
        <Select
          value={draft.version}
          onChange={(v) => set({ version: v })}
          options={typeNames('versions', LED_PROGRAM_VERSIONS)}
        />,
        8,
      )}
      {item(
        'priority',
        t('led.programs.fields.priority'),
        <InputNumber
          value={draft.priority as number}
          min={L.priority.min}
          max={L.priority.max}
          onChange={(v) => set({ priority: v ?? undefined })}
          style={{ width: '100%' }}
        />,
        8,
      )}
      {item(
        'repeatTimes',
        t('led.editor.repeatTimes'),
        <InputNumber
          value={draft.repeatTimes as number}
          min={L.repeatTimes.min}
          max={L.repeatTimes.max}
          onChange={(v) => set({ repeatTimes: v ?? undefined })}
          style={{ width: '100%' }}
        />,
        8,
      )}
      {item(
        'language',
        t('led.editor.language'),
        <Select
          value={draft.language}
          onChange={(v) => set({ language: v })}
          options={LED_PROGRAM_LANGUAGES.map((l) => ({ value: l, label: t(`led.languages.${l}`) }))}
        />,
        8,
      )}
      {item(
        'width',
        t('led.editor.width'),
        <InputNumber
          value={draft.width as number}
          min={L.screen.min}
          max={L.screen.max}
          suffix="px"
          onChange={(v) => set({ width: v ?? undefined })}
          style={{ width: '100%' }}
          data-testid="program-width"
        />,
        8,
      )}
      {item(
        'height',
        t('led.editor.height'),
        <InputNumber
          value={draft.height as number}
          min={L.screen.min}
          max={L.screen.max}
          suffix="px"
          onChange={(v) => set({ height: v ?? undefined })}
          style={{ width: '100%' }}
          data-testid="program-height"
        />,
        8,
      )}
      {item(
        'description',
        t('led.editor.description'),
        <Input.TextArea rows={2} value={draft.description} onChange={(e) => set({ description: e.target.value })} />,
        24,
      )}
    </Row>
  );

  const policy = (
    <Row gutter={16}>
      {item(
        'durationSeconds',
        t('led.programs.fields.durationSeconds'),
        <InputNumber
          value={draft.durationSeconds as number}
          min={L.durationSeconds.min}
          max={L.durationSeconds.max}
          suffix={t('led.editor.secondsUnit')}
          onChange={(v) => set({ durationSeconds: v ?? undefined })}
          style={{ width: '100%' }}
          data-testid="program-duration"
        />,
      )}
      {item(
        'endDate',
        t('led.editor.dates'),
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(draft.startDate), dayjs(draft.endDate)]}
          onChange={(v) =>
            v?.[0] && v[1] && set({ startDate: v[0].format('YYYY-MM-DD'), endDate: v[1].format('YYYY-MM-DD') })
          }
          style={{ width: '100%' }}
        />,
      )}
      {item(
        'endTime',
        t('led.editor.times'),
        <TimePicker.RangePicker
          allowClear={false}
          order={false}
          format="HH:mm"
          value={[dayjs(`2000-01-01T${draft.startTime}`), dayjs(`2000-01-01T${draft.endTime}`)]}
          onChange={(v) => v?.[0] && v[1] && set({ startTime: v[0].format('HH:mm'), endTime: v[1].format('HH:mm') })}
          style={{ width: '100%' }}
        />,
      )}
      {item(
        'filter',
        t('led.editor.filter'),
        <Select
          value={draft.filter}
          onChange={(v) => set({ filter: v })}
          options={typeNames('filters', LED_PROGRAM_FILTERS)}
          data-testid="program-filter"
        />,
      )}
      {draft.filter === 'week' &&
        item(
          'weekdays',
          t('led.editor.weekdays'),
          <Checkbox.Group
            value={draft.weekdays}
            onChange={(v) => set({ weekdays: v as number[] })}
            options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`led.weekdays.${d}`) }))}
          />,
          24,
        )}
      {draft.filter === 'month' &&
        item(
          'days',
          t('led.editor.days'),
          <Select
            mode="multiple"
            value={draft.days}
            onChange={(v) => set({ days: v })}
            options={Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
          />,
          24,
        )}
    </Row>
  );

  const layersTab = (
    <Flex vertical gap={12}>
      {writable && (
        <Space wrap>
          <Dropdown
            menu={{
              items: LED_TEXT_SUBTYPES.map((s) => ({ key: s, label: t(`led.textSubtypes.${s}`) })),
              onClick: ({ key }) => add('text', key as LedTextSubtype),
            }}
          >
            <Button data-testid="add-text-layer">{t('led.editor.addText')}</Button>
          </Dropdown>
          {LED_LAYER_TYPES.filter((x) => x !== 'text').map((type) => (
            <Button key={type} onClick={() => add(type)} data-testid={`add-${type}-layer`}>
              {t('led.editor.addLayer', { type: t(`led.layerTypes.${type}`) })}
            </Button>
          ))}
        </Space>
      )}
      {shown && problems.has('layers') && <Alert type="error" showIcon title={problem('layers')} />}
      <Row gutter={16} wrap={false}>
        <Col flex="none">
          <div data-testid="program-canvas" style={{ width: screen.width * scale, height: screen.height * scale }}>
            <Suspense fallback={<Spin />}>
              <ProgramCanvas
                screen={screen}
                layers={draft.layers}
                scale={scale}
                selected={selected}
                onSelect={setSelected}
                onChange={(i, box) => writable && setLayer(i, box)}
                labelOf={layerLabel}
                readOnly={!writable}
              />
            </Suspense>
          </div>
          <Typography.Text type="secondary">
            {t('led.editor.canvasHint', { width: screen.width, height: screen.height })}
          </Typography.Text>
        </Col>
        <Col flex="auto" style={{ minWidth: 220 }}>
          <Flex vertical gap={4} data-testid="layer-list" className="led-layer-list">
            {draft.layers.length === 0 && (
              <Typography.Text type="secondary">{t('led.editor.noLayers')}</Typography.Text>
            )}
            {draft.layers.map((l, i) => (
              <Flex
                key={l.key}
                justify="space-between"
                align="center"
                onClick={() => setSelected(i)}
                data-testid="layer-item"
                style={{
                  cursor: 'pointer',
                  padding: '2px 8px',
                  border: '1px solid rgba(5,5,5,0.06)',
                  borderRadius: 6,
                  background: selected === i ? 'rgba(22,119,255,0.08)' : undefined,
                }}
              >
                <Typography.Text type={layerProblems(layerProblemsShown, i).length ? 'danger' : undefined}>
                  {layerLabel(l, i)}
                </Typography.Text>
                {writable && (
                  <Space size={0}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      aria-label={t('led.editor.up')}
                      disabled={i === 0}
                      onClick={(e) => {
                        e.stopPropagation();
                        set({ layers: moveLayer(draft.layers, i, i - 1) });
                        setSelected(i - 1);
                      }}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      aria-label={t('led.editor.down')}
                      disabled={i === draft.layers.length - 1}
                      onClick={(e) => {
                        e.stopPropagation();
                        set({ layers: moveLayer(draft.layers, i, i + 1) });
                        setSelected(i + 1);
                      }}
                    />
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('common.delete')}
                      data-testid="layer-remove"
                      onClick={(e) => {
                        e.stopPropagation();
                        set({ layers: draft.layers.filter((_, j) => j !== i) });
                        setSelected(null);
                      }}
                    />
                  </Space>
                )}
              </Flex>
            ))}
          </Flex>
        </Col>
      </Row>
      {current && selected !== null && (
        <LayerPanel
          projectId={projectId}
          layer={current}
          index={selected}
          screen={screen}
          disabled={!writable}
          problem={problem}
          onChange={(patch) => setLayer(selected, patch)}
          onText={(patch) => setText(selected, patch)}
        />
      )}
    </Flex>
  );

  return (
    <Card
      title={
        <Space>
          {t(id ? 'led.editor.editTitle' : 'led.editor.newTitle')}
          {id && <ProgramState state={state} />}
        </Space>
      }
      extra={
        <Space>
          <Link to={PROGRAM_LIST}>{t('led.editor.back')}</Link>
          <Button
            icon={<PlayCircleOutlined />}
            onClick={() => setPreviewing((p) => !p)}
            data-testid="program-preview-toggle"
          >
            {t(previewing ? 'led.editor.stopPreview' : 'led.editor.preview')}
          </Button>
          {writable && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              onClick={() => void save()}
              data-testid="program-save"
            >
              {t('common.save')}
            </Button>
          )}
        </Space>
      }
    >
      {state === 'checked' && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('led.editor.checkedHint')} />
      )}
      {previewing && (
        <Flex vertical gap={4} style={{ marginBottom: 16 }}>
          <Typography.Text strong>{t('led.editor.preview')}</Typography.Text>
          <ProgramPreview projectId={projectId} draft={draft} scale={scale} />
        </Flex>
      )}
      <Form layout="vertical" disabled={!writable} component={false}>
        <Tabs
          items={[
            { key: 'property', label: t('led.editor.tabs.property'), children: properties, forceRender: true },
            { key: 'layers', label: t('led.editor.tabs.layers'), children: layersTab, forceRender: true },
            { key: 'policy', label: t('led.editor.tabs.policy'), children: policy, forceRender: true },
          ]}
        />
      </Form>
    </Card>
  );
}

/** One layer's place (pixels, kept inside the screen), what it shows and its effects. */
function LayerPanel({
  projectId,
  layer,
  index,
  screen,
  disabled,
  problem,
  onChange,
  onText,
}: {
  projectId: number;
  layer: DraftLayer;
  index: number;
  screen: { width: number; height: number };
  disabled: boolean;
  problem: (path: string) => string | undefined;
  onChange: (patch: Partial<DraftLayer>) => void;
  onText: (patch: Partial<LedTextStyle>) => void;
}) {
  const { t } = useTranslation();
  const at = (field: string) => `layers.${index}.${field}`;
  const resources = useQuery({
    queryKey: [...resourceApi(projectId).resources.key(), 'layer', layer.type],
    queryFn: () =>
      resourceApi(projectId).resources({ query: { page: 1, pageSize: 100, mediaType: layer.type } as never }),
    enabled: ['image', 'video', 'flash', 'html'].includes(layer.type),
  });
  const monitors = useEnvMonitors(projectId, layer.type === 'env');
  const field = (path: string, label: string, input: ReactNode, span = 6) => (
    <Col span={span}>
      <Form.Item
        label={label}
        htmlFor={idOf(at(path))}
        validateStatus={problem(at(path)) ? 'error' : undefined}
        help={problem(at(path))}
      >
        {withId(input, idOf(at(path)))}
      </Form.Item>
    </Col>
  );
  const box = (key: 'left' | 'top' | 'width' | 'height') =>
    field(
      key,
      t(`led.editor.box.${key}`),
      <InputNumber
        value={layer[key] as number}
        min={key === 'left' || key === 'top' ? 0 : 1}
        suffix="px"
        disabled={disabled}
        style={{ width: '100%' }}
        data-testid={`layer-${key}`}
        onChange={(v) =>
          v !== null &&
          onChange(
            clampBox({ ...(layer as { left: number; top: number; width: number; height: number }), [key]: v }, screen),
          )
        }
      />,
    );
  const effects = LED_EFFECTS.map((e) => ({ value: e, label: t(`led.effects.${e}`) }));
  const text = layer.text as LedTextStyle | undefined;
  return (
    <Card size="small" title={t('led.editor.layerTitle', { n: index + 1 })} data-testid="layer-panel">
      <Row gutter={12}>
        {box('left')}
        {box('top')}
        {box('width')}
        {box('height')}
        {['image', 'video', 'flash', 'html'].includes(layer.type) &&
          field(
            'resources',
            t('led.editor.resources'),
            <Select
              mode="multiple"
              disabled={disabled}
              value={layer.resources as number[]}
              onChange={(v) => onChange({ resources: v })}
              options={(resources.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />,
            24,
          )}
        {layer.type === 'env' &&
          field(
            'envDeviceId',
            t('led.editor.envDevice'),
            <Select
              disabled={disabled}
              value={layer.envDeviceId ?? undefined}
              placeholder={t('led.env.chooseMonitor')}
              loading={monitors.isLoading}
              options={monitors.options}
              onChange={(v?: number) => onChange({ envDeviceId: v ?? null })}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="layer-env-device"
            />,
            12,
          )}
        {field(
          'entryEffect',
          t('led.editor.entryEffect'),
          <Select
            disabled={disabled}
            value={layer.entryEffect ?? 'none'}
            options={effects}
            onChange={(v) => onChange({ entryEffect: v })}
          />,
        )}
        {field(
          'entryMs',
          t('led.editor.effectMs'),
          <InputNumber
            disabled={disabled}
            value={(layer.entryMs as number) ?? 0}
            min={L.effectMs.min}
            max={L.effectMs.max}
            suffix="ms"
            style={{ width: '100%' }}
            onChange={(v) => onChange({ entryMs: v ?? 0 })}
          />,
        )}
        {field(
          'exitEffect',
          t('led.editor.exitEffect'),
          <Select
            disabled={disabled}
            value={layer.exitEffect ?? 'none'}
            options={effects}
            onChange={(v) => onChange({ exitEffect: v })}
          />,
        )}
        {field(
          'exitMs',
          t('led.editor.effectMs'),
          <InputNumber
            disabled={disabled}
            value={(layer.exitMs as number) ?? 0}
            min={L.effectMs.min}
            max={L.effectMs.max}
            suffix="ms"
            style={{ width: '100%' }}
            onChange={(v) => onChange({ exitMs: v ?? 0 })}
          />,
        )}
        {text && (
          <>
            {field(
              'text.subtype',
              t('led.editor.textSubtype'),
              <Select
                disabled={disabled}
                value={text.subtype}
                options={LED_TEXT_SUBTYPES.map((s) => ({ value: s, label: t(`led.textSubtypes.${s}`) }))}
                onChange={(v) => onText({ subtype: v })}
              />,
            )}
            {text.subtype !== 'analogClock' &&
              text.subtype !== 'digitalClock' &&
              field(
                'text.content',
                t(text.subtype === 'countdown' ? 'led.editor.countdownLabel' : 'led.editor.text'),
                text.subtype === 'multiLine' ? (
                  <Input.TextArea
                    disabled={disabled}
                    rows={2}
                    value={text.content}
                    onChange={(e) => onText({ content: e.target.value })}
                    data-testid="layer-text"
                  />
                ) : (
                  <Input
                    disabled={disabled}
                    value={text.content}
                    onChange={(e) => onText({ content: e.target.value })}
                    data-testid="layer-text"
                  />
                ),
                18,
              )}
            {text.subtype === 'countdown' &&
              field(
                'text.deadline',
                t('led.editor.deadline'),
                <DatePicker
                  showTime
                  disabled={disabled}
                  value={text.deadline ? dayjs(text.deadline) : null}
                  onChange={(v) => onText({ deadline: v ? v.toISOString() : undefined })}
                  style={{ width: '100%' }}
                  data-testid="layer-deadline"
                />,
                12,
              )}
            {field(
              'text.font',
              t('led.editor.font'),
              <Select
                disabled={disabled}
                value={text.font}
                onChange={(v) => onText({ font: v })}
                options={['sans-serif', 'serif', 'monospace', 'SimHei', 'SimSun'].map((f) => ({ value: f, label: f }))}
              />,
            )}
            {field(
              'text.fontSize',
              t('led.editor.fontSize'),
              <InputNumber
                disabled={disabled}
                value={text.fontSize}
                min={L.fontSize.min}
                max={L.fontSize.max}
                suffix="px"
                style={{ width: '100%' }}
                onChange={(v) => v !== null && onText({ fontSize: v })}
              />,
            )}
            {field(
              'text.color',
              t('led.editor.color'),
              <ColorPicker
                disabled={disabled}
                value={text.color}
                onChange={(c) => onText({ color: c.toHexString() })}
                showText
              />,
            )}
            {field(
              'text.background',
              t('led.editor.background'),
              <ColorPicker
                disabled={disabled}
                value={text.background}
                onChange={(c) => onText({ background: c.toHexString() })}
                showText
              />,
            )}
            {field(
              'text.align',
              t('led.editor.align'),
              <Select
                disabled={disabled}
                value={text.align}
                options={LED_TEXT_ALIGNS.map((a) => ({ value: a, label: t(`led.aligns.${a}`) }))}
                onChange={(v) => onText({ align: v })}
              />,
            )}
            {field(
              'text.lineHeight',
              t('led.editor.lineHeight'),
              <InputNumber
                disabled={disabled}
                value={text.lineHeight}
                min={L.lineHeight.min}
                max={L.lineHeight.max}
                suffix="%"
                style={{ width: '100%' }}
                onChange={(v) => v !== null && onText({ lineHeight: v })}
              />,
            )}
            {field(
              'text.speed',
              t('led.editor.speed'),
              <InputNumber
                disabled={disabled}
                value={text.speed}
                min={L.speed.min}
                max={L.speed.max}
                style={{ width: '100%' }}
                onChange={(v) => v !== null && onText({ speed: v })}
              />,
            )}
            {(text.subtype === 'analogClock' || text.subtype === 'digitalClock') &&
              field(
                'text.timeZone',
                t('led.editor.timeZone'),
                <InputNumber
                  disabled={disabled}
                  value={text.timeZone}
                  min={L.timeZone.min}
                  max={L.timeZone.max}
                  prefix="UTC"
                  style={{ width: '100%' }}
                  onChange={(v) => v !== null && onText({ timeZone: v })}
                />,
              )}
          </>
        )}
      </Row>
    </Card>
  );
}
