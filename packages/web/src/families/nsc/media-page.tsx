import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CloseOutlined,
  EditOutlined,
  InboxOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { nscMediaBody, nscMediaGroupBody } from '@sc/contract/families/nsc';
import { mediaNameOf, nscMediaFile } from '@sc/contract/families/nsc/media';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Progress,
  Select,
  Space,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudField, canModify, FormDialog, ResourceTable, useAuthLevel } from '../../components/crud';
import { formatBytes } from '../../components/device';
import { ItemList } from '../../components/item-list';
import { projectScreen } from '../../components/project-scoped';
import { type NscMedia, type NscMediaGroup, type NscMediaOption, nscApi } from './api';

type MediaRow = NscMedia & { [key: string]: unknown };
type MediaGroupRow = NscMediaGroup & { [key: string]: unknown };

/** A duration as m:ss (h:mm:ss past an hour). */
export function clock(seconds: number): string {
  const s = Math.round(seconds);
  const mmss = `${Math.floor((s % 3600) / 60)}:${String(s % 60).padStart(2, '0')}`;
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss.padStart(5, '0')}` : mmss;
}

/** /pjt/pjtnscmediagroup (spec 001 §2 "media and media groups"): mp3 upload with progress, and ordered media groups. */
export default projectScreen(MediaScreen);

function MediaScreen({ projectId }: { projectId: number }) {
  return (
    <Flex vertical gap={16}>
      <MediaCard projectId={projectId} />
      <MediaGroupsCard projectId={projectId} />
    </Flex>
  );
}

/**
 * The file field of the upload: an mp3 picked (refused at once when empty, too large or not named .mp3,
 * with the reason; the server then reads its content), its size, and the upload's progress. Picking a
 * file fills an empty name from the file's.
 */
function MediaFileInput({
  value,
  onChange,
  percent,
}: {
  value?: File;
  onChange?: (file: File | undefined) => void;
  percent: number | null;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <div>
      <Upload.Dragger
        accept=".mp3,audio/mpeg"
        multiple={false}
        showUploadList={false}
        disabled={percent !== null}
        beforeUpload={(file) => {
          onChange?.(file);
          if (!form.getFieldValue('name')) form.setFieldValue('name', mediaNameOf(file.name));
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{value ? `${value.name} (${formatBytes(value.size)})` : t('nsc.media.pick')}</p>
        <p className="ant-upload-hint">{t('nsc.media.hint')}</p>
      </Upload.Dragger>
      {percent !== null && (
        <Progress
          percent={percent}
          size="small"
          data-testid="nsc-upload-progress"
          format={(p) => t('nsc.media.uploading', { percent: p })}
        />
      )}
    </div>
  );
}

/** The project's media: upload (checked before and by the server), rename and delete (refused while a media group holds it). */
export function MediaCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const writable = canModify(useAuthLevel());
  const nsc = nscApi(projectId);
  const [dialog, setDialog] = useState<{ mode: 'upload' } | { mode: 'edit'; row: MediaRow } | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['crud'] });
  const text: CrudField[] = [
    { name: 'name', rule: nscMediaBody.shape.name, required: true },
    {
      name: 'description',
      rule: nscMediaBody.shape.description,
      input: <Input.TextArea rows={2} showCount maxLength={100} />,
    },
  ];
  const fileField: CrudField = {
    name: 'file',
    rule: nscMediaFile,
    required: true,
    input: <MediaFileInput percent={percent} />,
  };

  const upload = async (values: Record<string, unknown>) => {
    setPercent(0);
    try {
      const media = await nsc.upload(values.file as File, values as { name: string; description?: string }, setPercent);
      message.success(t('nsc.media.uploaded', { name: media.name, duration: clock(media.duration) }));
      await refresh();
    } finally {
      setPercent(null);
    }
  };
  const rename = (row: MediaRow) => async (values: Record<string, unknown>) => {
    await nsc.updateMedia({ id: row.id, body: values as { name: string; description?: string } }, { silent: true });
    message.success(t('common.saved'));
    await refresh();
  };

  return (
    <Card
      title={t('nsc.media.title')}
      extra={
        writable && (
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setDialog({ mode: 'upload' })}>
            {t('nsc.media.upload')}
          </Button>
        )
      }
    >
      <ResourceTable<MediaRow>
        resource="nsc.media"
        base={nsc.mediaBase}
        batchDelete={false}
        rowActions={(row) =>
          writable && (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setDialog({ mode: 'edit', row })}>
              {t('common.edit')}
            </Button>
          )
        }
        columns={[
          { field: 'name', ellipsis: true },
          { field: 'fileName', ellipsis: true },
          { field: 'size', align: 'right', render: (v) => formatBytes(Number(v)) },
          {
            field: 'duration',
            align: 'right',
            render: (v) => <span data-testid="nsc-media-duration">{clock(Number(v))}</span>,
          },
          {
            field: 'bitrate',
            align: 'right',
            render: (v) => (typeof v === 'number' ? `${Math.round(v / 1000)} kbps` : ''),
          },
          { field: 'description', ellipsis: true },
          { field: 'createdAt', kind: { kind: 'time' } },
        ]}
      />
      {dialog && (
        <FormDialog
          open
          resource="nsc.media"
          title={dialog.mode === 'upload' ? t('nsc.media.uploadTitle') : t('common.edit')}
          fields={dialog.mode === 'upload' ? [fileField, ...text] : text}
          editing={dialog.mode === 'edit'}
          initialValues={
            dialog.mode === 'edit' ? { name: dialog.row.name, description: dialog.row.description } : undefined
          }
          onSubmit={dialog.mode === 'upload' ? upload : rename(dialog.row)}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

/** A media group's media in playing order: add from the project's media, move up or down, remove. */
export function OrderedMedia({
  value = [],
  onChange,
  media,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  media: NscMediaOption[] | undefined;
}) {
  const { t } = useTranslation();
  const byId = new Map((media ?? []).map((m) => [m.id, m]));
  /** A small icon button of a listed media file, named by its tooltip (`nsc.mediaGroups.<key>`). */
  const iconAction = (key: string, icon: ReactNode, disabled: boolean, onClick: () => void) => (
    <Tooltip key={key} title={t(`nsc.mediaGroups.${key}`)}>
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={t(`nsc.mediaGroups.${key}`)}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
  const move = (from: number, to: number) => {
    const next = [...value];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    onChange?.(next);
  };
  return (
    <Flex vertical gap={8}>
      <Select<number>
        showSearch={{ optionFilterProp: 'label' }}
        loading={!media}
        value={null as unknown as number}
        placeholder={t('nsc.mediaGroups.mediaPlaceholder')}
        aria-label={t('nsc.mediaGroups.mediaPlaceholder')}
        data-testid="nsc-media-add"
        options={(media ?? [])
          .filter((m) => !value.includes(m.id))
          .map((m) => ({ value: m.id, label: `${m.name} (${clock(m.duration)})` }))}
        onChange={(id) => onChange?.([...value, id])}
      />
      {value.length > 0 && (
        <ItemList
          size="small"
          bordered
          data-testid="nsc-media-order"
          items={value}
          rowKey={(id) => id}
          render={(id, index) => (
            <Flex align="center" gap={8}>
              <Typography.Text ellipsis style={{ flex: 1 }}>
                {index + 1}. {byId.get(id)?.name ?? `#${id}`}
              </Typography.Text>
              <Typography.Text type="secondary">{byId.has(id) ? clock(byId.get(id)!.duration) : ''}</Typography.Text>
              <Space size={0}>
                {iconAction('moveUp', <ArrowUpOutlined />, index === 0, () => move(index, index - 1))}
                {iconAction('moveDown', <ArrowDownOutlined />, index === value.length - 1, () =>
                  move(index, index + 1),
                )}
                {iconAction('remove', <CloseOutlined />, false, () => onChange?.(value.filter((x) => x !== id)))}
              </Space>
            </Flex>
          )}
        />
      )}
    </Flex>
  );
}

/** Media groups (spec 001 §9 "Media group id 1-65535"): their id, name and media in playing order. */
function MediaGroupsCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const nsc = nscApi(projectId);
  const media = useQuery({ queryKey: ['crud', 'nsc-media-options', projectId], queryFn: () => nsc.mediaOptions({}) });
  const shape = nscMediaGroupBody.shape;
  const fields: CrudField[] = [
    {
      name: 'groupId',
      rule: shape.groupId,
      required: true,
      input: <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />,
    },
    { name: 'name', rule: shape.name, required: true },
    {
      name: 'mediaIds',
      rule: shape.mediaIds,
      required: true,
      initialValue: [],
      input: <OrderedMedia media={media.data} />,
    },
    { name: 'description', rule: shape.description, input: <Input.TextArea rows={2} showCount maxLength={100} /> },
  ];
  return (
    <Card title={t('nsc.mediaGroups.title')}>
      <ResourceTable<MediaGroupRow>
        resource="nsc.mediaGroups"
        base={nsc.mediaGroupsBase}
        fields={fields}
        toForm={(row) => ({
          groupId: row.groupId,
          name: row.name,
          mediaIds: row.media.map((m) => m.id),
          description: row.description,
        })}
        columns={[
          { field: 'groupId', width: 120 },
          { field: 'name', ellipsis: true },
          {
            field: 'mediaIds',
            ellipsis: true,
            render: (_v, row) => (
              <Tooltip title={row.media.map((m, i) => `${i + 1}. ${m.name}`).join('\n')}>
                <span data-testid="nsc-group-media">{row.media.map((m) => m.name).join(' → ')}</span>
              </Tooltip>
            ),
          },
          { field: 'duration', align: 'right', render: (v) => clock(Number(v)) },
          { field: 'description', ellipsis: true },
          { field: 'createdAt', kind: { kind: 'time' } },
        ]}
      />
    </Card>
  );
}
