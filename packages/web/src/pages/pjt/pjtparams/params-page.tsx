import { EnvironmentOutlined, ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import {
  MAP_ZOOM,
  PROJECT_PORT,
  type ProjectParamsBody,
  type ProjectParamsView,
  projectParamsBody,
  TIMEZONE,
} from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useFeedback } from '../../../app/feedback';
import { applyServerErrors, canModify, useAuthLevel, zodFieldRule } from '../../../components/crud';
import { LocationDialog } from '../../../components/location-dialog';
import { ProjectScoped } from '../../../components/project-scoped';
import { formatTime } from '../../../components/time';
import { LeaveGuard } from '../../../components/unsaved';
import { useLang } from '../../../i18n/i18n';
import { projectApiBase } from '../../../session/use-current-project';
import { useRevalidateOnLanguage } from './revalidate-on-language';
import './texts';

/** /pjt/pjtparams (spec 001 §2, §5): the project's server address, ports, map centre, timezone and contact. */
export default function ParamsPage() {
  return <ProjectScoped>{(projectId) => <Params projectId={projectId} />}</ProjectScoped>;
}

export const paramsKey = (projectId: number) => ['pjt', projectId, 'projectparams'] as const;
const FIELDS = Object.keys(projectParamsBody.shape) as (keyof ProjectParamsBody)[];

const offsetLabel = (offset: number) => `UTC${offset < 0 ? '-' : '+'}${String(Math.abs(offset)).padStart(2, '0')}:00`;
const TIMEZONE_OPTIONS = Array.from({ length: TIMEZONE.max - TIMEZONE.min + 1 }, (_, i) => TIMEZONE.min + i).map(
  (offset) => ({ value: offset, label: offsetLabel(offset) }),
);

const formOf = (view: ProjectParamsView): ProjectParamsBody =>
  Object.fromEntries(FIELDS.map((f) => [f, view[f]])) as ProjectParamsBody;

function Params({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const url = `${projectApiBase(projectId)}/projectparams.do`;
  const query = useQuery({ queryKey: paramsKey(projectId), queryFn: () => api.get<ProjectParamsView>(url) });
  if (query.isError && !query.data)
    return (
      <Card variant="borderless">
        <Result
          status="error"
          title={t('common.loadFailed')}
          extra={
            <Button type="primary" icon={<ReloadOutlined />} onClick={() => query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </Card>
    );
  if (!query.data)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  return <ParamsForm key={query.data.updatedAt ?? 'defaults'} url={url} projectId={projectId} view={query.data} />;
}

function ParamsForm({ url, projectId, view }: { url: string; projectId: number; view: ProjectParamsView }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const writable = canModify(useAuthLevel());
  const [form] = Form.useForm<ProjectParamsBody>();
  useRevalidateOnLanguage(form);
  const [initial] = useState(() => formOf(view));
  const [picking, setPicking] = useState(false);
  const values = Form.useWatch([], form) as Partial<ProjectParamsBody> | undefined;
  const dirty = writable && values !== undefined && FIELDS.some((f) => (values[f] ?? '') !== (initial[f] ?? ''));

  const save = useMutation({
    mutationFn: (body: ProjectParamsBody) =>
      api.post<ProjectParamsView>(url, { ...body, contactName: body.contactName ?? '' }, { silent: true }),
    onSuccess: (saved) => {
      message.success(t('pjtparams.saved'));
      queryClient.setQueryData(paramsKey(projectId), saved);
    },
    onError: (error) => {
      if (!applyServerErrors(form, error)) message.error(error.message);
    },
  });
  const submit = async () => {
    const body = await form.validateFields().catch(() => null);
    if (body) save.mutate(body);
  };

  const rule = (field: keyof ProjectParamsBody, choose = false) =>
    zodFieldRule(projectParamsBody, field, lang, { label: t(`pjtparams.fields.${field}`), choose });
  const item = (field: keyof ProjectParamsBody, input: ReactNode, extra?: string, required = true) => (
    <Form.Item
      name={field}
      label={t(`pjtparams.fields.${field}`)}
      rules={[rule(field)]}
      extra={extra}
      required={required}
    >
      {input}
    </Form.Item>
  );
  // No clamping: a clamped input would change the value silently instead of showing the rule's range.
  const number = (precision = 0) => <InputNumber style={{ width: '100%' }} precision={precision} controls={false} />;

  return (
    <Card variant="borderless" data-testid="params-page">
      <LeaveGuard dirty={dirty} />
      {!view.saved && <Alert type="info" showIcon title={t('pjtparams.notSaved')} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={initial} disabled={!writable} name="project-params">
        <Divider titlePlacement="start">{t('pjtparams.groupServer')}</Divider>
        <Row gutter={[24, 0]}>
          <Col xs={24} md={12} xl={8}>
            {item('serverAddress', <Input placeholder="192.168.1.10" allowClear />, t('pjtparams.serverAddressHint'))}
          </Col>
          <Col xs={12} md={6} xl={5}>
            {item('webPort', number(), PORT_HINT)}
          </Col>
          <Col xs={12} md={6} xl={5}>
            {item('livePort', number(), PORT_HINT)}
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('pjtparams.groupMap')}</Divider>
        <Row gutter={[24, 0]}>
          <Col xs={12} md={8} xl={6}>
            {item('mapLng', number(6))}
          </Col>
          <Col xs={12} md={8} xl={6}>
            {item('mapLat', number(6))}
          </Col>
          <Col xs={24} md={8} xl={6}>
            <Form.Item label=" " colon={false}>
              <Button icon={<EnvironmentOutlined />} onClick={() => setPicking(true)} data-testid="params-pick">
                {t('pjtparams.pickOnMap')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={[24, 0]}>
          <Col xs={12} md={8} xl={6}>
            {item('mapZoom', number(), t('pjtparams.zoomHint', MAP_ZOOM))}
          </Col>
          <Col xs={12} md={8} xl={6}>
            {item('timezone', <Select options={TIMEZONE_OPTIONS} showSearch={{ optionFilterProp: 'label' }} />)}
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('pjtparams.groupContact')}</Divider>
        <Row gutter={[24, 0]}>
          <Col xs={24} md={12} xl={6}>
            {item('contactName', <Input allowClear maxLength={32} />, undefined, false)}
          </Col>
          <Col xs={24} md={12} xl={6}>
            {item('contactPhone', <Input allowClear maxLength={11} placeholder="13800138000" />, undefined, false)}
          </Col>
          <Col xs={24} xl={12}>
            {item('remark', <Input.TextArea rows={2} maxLength={200} showCount />, undefined, false)}
          </Col>
        </Row>
      </Form>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" data-testid="params-updated">
          {view.updatedAt ? t('pjtparams.updatedAt', { time: formatTime(view.updatedAt) }) : ''}
        </Typography.Text>
        {writable && (
          <Flex gap={8}>
            <Button icon={<UndoOutlined />} onClick={() => form.resetFields()} disabled={save.isPending}>
              {t('pjtparams.reset')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={submit}>
              {t('common.save')}
            </Button>
          </Flex>
        )}
      </Flex>
      {picking && (
        <LocationDialog
          title={t('pjtparams.mapTitle')}
          initial={{ lng: form.getFieldValue('mapLng'), lat: form.getFieldValue('mapLat') }}
          onSave={async ({ lng, lat }) => {
            form.setFieldsValue({ mapLng: lng, mapLat: lat });
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </Card>
  );
}

const PORT_HINT = `${PROJECT_PORT.min}-${PROJECT_PORT.max}`;
