import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  LED_MEDIA_ACCEPT,
  LED_MEDIA_MAX_LABEL,
  LED_MEDIA_TYPES,
  LED_RESOURCE_API,
  type LedMediaType,
  ledFileRule,
  ledResourceBody,
} from '@sc/contract/families/led';
import { Button, Card, Input, Progress, Select, Space, type TableColumnsType, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fillPath } from '../../api/endpoints';
import { failureText } from '../../api/report';
import { useFeedback } from '../../app/feedback';
import { useAskFirst } from '../../components/ask-first';
import {
  type CrudField,
  canModify,
  FormDialog,
  ListScreen,
  tableColumns,
  useAuthLevel,
  usePagedList,
} from '../../components/crud';
import { formatBytes, uploadFile } from '../../components/device';
import { projectScreen } from '../../components/project-scoped';
import { formatTime } from '../../components/time';
import type { LedResource } from './api';
import { resourceApi } from './api';
import { ResourcePreview, ResourceThumb } from './resource-preview';

interface Filters {
  keyword: string;
  mediaType: string;
}
type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; row: LedResource };

/** The file field of the dialog: a picker whose value is the File (sent by the page, with progress). */
function FilePicker({ value, onChange, accept }: { value?: File; onChange?: (f?: File) => void; accept: string }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={4}>
      <Upload
        accept={accept}
        multiple={false}
        showUploadList={false}
        beforeUpload={(f) => {
          onChange?.(f);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} data-testid="led-file">
          {t('led.resources.upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" data-testid="led-file-name">
        {value
          ? `${value.name} (${formatBytes(value.size)})`
          : t('led.resources.fileHint', { max: LED_MEDIA_MAX_LABEL })}
      </Typography.Text>
    </Space>
  );
}

/** /pjt/pjtledresourcelist (spec 001 §2): the project's media resources, uploaded with progress and previewed. */
export default projectScreen(Resources);

function Resources({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const askFirst = useAskFirst();
  const writable = canModify(useAuthLevel());
  const res = resourceApi(projectId);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [mediaType, setMediaType] = useState<LedMediaType>('image');
  const [percent, setPercent] = useState<number | null>(null);
  const [preview, setPreview] = useState<LedResource | null>(null);
  const list = usePagedList<LedResource, Filters>({
    key: res.resources.key(),
    initialFilters: { keyword: '', mediaType: '' },
    waitForParams: true,
    load: ({ page, pageSize, filters }) =>
      res.resources({
        query: {
          page,
          pageSize,
          keyword: filters.keyword || undefined,
          mediaType: (filters.mediaType || undefined) as LedMediaType | undefined,
        } as never,
      }),
  });
  const fileHref = (r: LedResource) => res.file.href({ resourceId: r.id });
  const path = (call: keyof typeof LED_RESOURCE_API, resourceId?: number) =>
    fillPath(LED_RESOURCE_API[call].path, { projectId, resourceId });

  /** Sends a file with its fields, the progress shown until the answer. */
  const send = async (url: string, file: File, fields: Record<string, string> = {}) => {
    setPercent(0);
    try {
      return await uploadFile<LedResource>('POST', url, file, setPercent, fields);
    } finally {
      setPercent(null);
    }
  };
  const save = async (values: Record<string, unknown>) => {
    const fields = ledResourceBody.parse(values);
    if (editing.mode === 'edit') await res.updateResource({ resourceId: editing.row.id, body: fields });
    else await send(path('createResource'), values.file as File, fields as Record<string, string>);
    message.success(t('led.resources.saved'));
    await list.refresh();
  };
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await list.refresh();
    } catch (error) {
      message.error(failureText(error));
    }
  };
  const putFile = (row: LedResource, file: File) => void act(() => send(path('putFile', row.id), file));
  const removeFile = (row: LedResource) =>
    askFirst({
      title: t('led.resources.removeFile'),
      content: t('led.resources.confirmRemoveFile', { name: row.name }),
      danger: true,
      onOk: () => act(() => res.removeFile({ resourceId: row.id })),
    });
  const remove = (row: LedResource) =>
    askFirst({
      title: t('common.delete'),
      content: t('led.resources.confirmDelete', { name: row.name }),
      danger: true,
      onOk: () => act(() => res.deleteResource({ resourceId: row.id })),
    });

  const columns: TableColumnsType<LedResource> = tableColumns<LedResource>(
    [
      {
        field: 'preview',
        width: 80,
        render: (_, row) => (row.size === null ? '' : <ResourceThumb resource={row} href={fileHref(row)} />),
      },
      { field: 'name', ellipsis: true, width: 100 },
      { field: 'no', ellipsis: true, width: 90 },
      {
        field: 'mediaType',
        width: 80,
        render: (v) => <span data-media-type={String(v)}>{t(`led.mediaTypes.${String(v)}`)}</span>,
      },
      {
        field: 'file',
        dataIndex: 'fileName',
        ellipsis: true,
        width: 130,
        render: (_, row) =>
          row.fileName === null ? (
            <Typography.Text type="secondary">{t('led.resources.noFile')}</Typography.Text>
          ) : (
            `${row.fileName} (${formatBytes(row.size ?? 0)})`
          ),
      },
      { field: 'description', ellipsis: true, width: 130 },
      { field: 'creator', ellipsis: true, width: 90 },
      { field: 'createdAt', width: 160, render: (v) => formatTime(v) },
    ],
    (field) => t(field === 'preview' ? 'led.resources.preview' : `led.resources.fields.${field}`),
  );
  columns.push({
    title: t('common.actions'),
    key: 'actions',
    fixed: 'right',
    width: writable ? 250 : 90,
    render: (_, row) => (
      // Wraps rather than spilling out of its column (four buttons; longer in English).
      <Space size={0} wrap>
        <Button
          size="small"
          type="link"
          icon={<EyeOutlined />}
          disabled={row.size === null}
          onClick={() => setPreview(row)}
          data-testid="led-preview"
        >
          {t('led.resources.preview')}
        </Button>
        {writable && (
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', row })}>
            {t('common.edit')}
          </Button>
        )}
        {writable &&
          (row.size === null ? (
            <Upload
              accept={LED_MEDIA_ACCEPT[row.mediaType]}
              showUploadList={false}
              beforeUpload={(f) => {
                putFile(row, f);
                return false;
              }}
            >
              <Button size="small" type="link" icon={<UploadOutlined />}>
                {t('led.resources.upload')}
              </Button>
            </Upload>
          ) : (
            <Button
              size="small"
              type="link"
              danger
              onClick={() => removeFile(row)}
              title={t('led.resources.replaceHint')}
            >
              {t('led.resources.removeFile')}
            </Button>
          ))}
        {writable && (
          <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
            {t('common.delete')}
          </Button>
        )}
      </Space>
    ),
  });

  const kinds = LED_MEDIA_TYPES.map((m) => ({ value: m, label: t(`led.mediaTypes.${m}`) }));
  const fields: CrudField[] = [
    { name: 'name', rule: ledResourceBody.shape.name, required: true },
    { name: 'no', rule: ledResourceBody.shape.no, required: true },
    {
      name: 'mediaType',
      rule: ledResourceBody.shape.mediaType,
      required: true,
      input: <Select options={kinds} data-testid="led-media-type" onChange={(v: LedMediaType) => setMediaType(v)} />,
    },
    { name: 'description', rule: ledResourceBody.shape.description, input: <Input.TextArea rows={2} /> },
    {
      name: 'file',
      rule: ledFileRule(),
      required: true,
      createOnly: true,
      input: <FilePicker accept={LED_MEDIA_ACCEPT[mediaType]} />,
    },
  ];

  return (
    <Card
      title={t('menu.pjtledresourcelist')}
      extra={
        <Select
          aria-label={t('led.resources.typeFilter')}
          placeholder={t('led.resources.typeFilter')}
          allowClear
          style={{ width: 130 }}
          options={kinds}
          value={list.filters.mediaType || undefined}
          onChange={(v?: string) => list.setFilters({ mediaType: v ?? '' })}
          data-testid="led-type-filter"
        />
      }
    >
      {percent !== null && (
        <Progress percent={percent} status="active" data-testid="led-upload-progress" format={(p) => `${p}%`} />
      )}
      <ListScreen<LedResource, Filters>
        list={list}
        columns={columns}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        hiddenByDefault={['description']}
        actions={[
          writable && {
            key: 'create',
            label: t('led.resources.add'),
            icon: <PlusOutlined />,
            primary: true,
            onClick: () => {
              setMediaType('image');
              setEditing({ mode: 'create' });
            },
          },
        ]}
        // The shown columns' widths (their sum): no sideways scroll at 1366 px.
        table={{ tableLayout: 'fixed', scroll: { x: 980 } }}
      />
      {editing.mode !== 'closed' && (
        <FormDialog
          open
          resource="led.resources"
          fields={fields}
          editing={editing.mode === 'edit'}
          title={t(editing.mode === 'edit' ? 'led.resources.edit' : 'led.resources.add')}
          initialValues={
            editing.mode === 'edit'
              ? {
                  name: editing.row.name,
                  no: editing.row.no,
                  mediaType: editing.row.mediaType,
                  description: editing.row.description,
                }
              : { mediaType: 'image' }
          }
          onSubmit={save}
          onClose={() => setEditing({ mode: 'closed' })}
        />
      )}
      {preview && <ResourcePreview resource={preview} href={fileHref(preview)} onClose={() => setPreview(null)} />}
    </Card>
  );
}
