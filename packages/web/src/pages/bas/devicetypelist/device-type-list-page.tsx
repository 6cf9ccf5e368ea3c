import { CloudUploadOutlined, InboxOutlined, PictureOutlined } from '@ant-design/icons';
import { type DeviceTypeView, deviceTypeBody } from '@sc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Avatar, Button, Flex, Space, Tag, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import { reportApiError } from '../../../api/report';
import { type CrudField, canModify, ResourceTable, useAuthLevel } from '../../../components/crud';
import { DraggableModal } from '../../../components/draggable-modal';
import { BuiltinLocked } from './builtin-locked';
import { iconProblem, uploadIcon } from './upload-icon';

export const DEVICE_TYPES_BASE = '/api/bas/devicetypes.do';

/** A type's icon (through the API client's URL: token and lang), or a placeholder. */
export function TypeIcon({ icon, size = 36 }: { icon: string | null; size?: number }) {
  return (
    <Avatar
      shape="square"
      size={size}
      src={icon ? buildUrl(icon) : undefined}
      icon={<PictureOutlined />}
      style={icon ? { background: 'transparent' } : { color: 'var(--ant-color-text-quaternary)' }}
      alt=""
    />
  );
}

/** The label of a type: the i18n name of a built-in type, else its own name. */
export function useTypeLabel() {
  const { t, i18n } = useTranslation();
  return (type: { no: string; name: string; builtin?: boolean }) => {
    const key = `families.types.${type.no}`;
    return type.builtin !== false && i18n.exists(key) ? t(key) : type.name;
  };
}

/** /bas/devicetypelist: device types with their icon, CRUD (built-ins keep their no) and icon upload. */
export default function DeviceTypeListPage() {
  const { t } = useTranslation();
  const writable = canModify(useAuthLevel());
  const [iconOf, setIconOf] = useState<DeviceTypeView | null>(null);
  const typeLabel = useTypeLabel();

  const fields: CrudField[] = [
    { name: 'name', rule: deviceTypeBody.shape.name, required: true },
    {
      name: 'no',
      rule: deviceTypeBody.shape.no,
      required: true,
      input: <BuiltinLocked hint={t('devicetypes.builtinNoHint')} />,
    },
  ];

  return (
    <>
      <ResourceTable<DeviceTypeView & { [key: string]: unknown }>
        resource="devicetypes"
        base={DEVICE_TYPES_BASE}
        fields={fields}
        hiddenByDefault={['createdAt']}
        toForm={(row) => ({ name: row.name, no: row.no, builtin: row.builtin })}
        deletable={(row) =>
          row.builtin
            ? t('devicetypes.builtinDeleteHint')
            : row.deviceCount > 0
              ? t('devicetypes.inUseHint', { count: row.deviceCount })
              : true
        }
        rowActions={(row) =>
          writable && (
            <Button size="small" type="link" icon={<CloudUploadOutlined />} onClick={() => setIconOf(row)}>
              {t('devicetypes.uploadIcon')}
            </Button>
          )
        }
        columns={[
          { field: 'icon', width: 72, render: (_v, row) => <TypeIcon icon={row.icon} /> },
          {
            field: 'name',
            render: (_v, row) => (
              <Space size={6}>
                <span>{row.name}</span>
                {row.builtin && typeLabel(row) !== row.name && (
                  <Typography.Text type="secondary">({typeLabel(row)})</Typography.Text>
                )}
              </Space>
            ),
          },
          { field: 'no', render: (v) => <Typography.Text code>{String(v)}</Typography.Text> },
          {
            field: 'builtin',
            width: 100,
            render: (v) =>
              v ? <Tag color="orange">{t('devicetypes.builtin')}</Tag> : <Tag>{t('devicetypes.custom')}</Tag>,
          },
          { field: 'deviceCount', width: 90 },
          { field: 'createdAt', kind: { kind: 'time' } },
        ]}
      />
      {iconOf && <IconDialog type={iconOf} onClose={() => setIconOf(null)} />}
    </>
  );
}

/** Upload of one type's icon: checked here first (type, size), then by the server (content). */
function IconDialog({ type, onClose }: { type: DeviceTypeView; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [icon, setIcon] = useState(type.icon);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <DraggableModal
      open
      width={500}
      title={t('devicetypes.iconTitle', { name: type.name })}
      footer={<Button onClick={onClose}>{t('common.ok')}</Button>}
      onCancel={onClose}
    >
      <Flex vertical gap={16}>
        <Flex align="center" gap={16}>
          <TypeIcon icon={icon} size={96} />
          <Flex vertical gap={4}>
            <Typography.Text strong>{t('devicetypes.iconCurrent')}</Typography.Text>
            <Typography.Text type="secondary">{icon ? type.no : t('devicetypes.noIcon')}</Typography.Text>
          </Flex>
        </Flex>
        {failure && <Alert type="error" showIcon title={failure} data-testid="icon-failure" />}
        <Upload.Dragger
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          maxCount={1}
          fileList={files}
          onChange={({ fileList }) => setFiles(fileList.slice(-1))}
          beforeUpload={(file) => {
            const problem = iconProblem(file);
            if (!problem) {
              setFailure(null);
              return true;
            }
            setFailure(t(problem));
            message.error(t(problem));
            return Upload.LIST_IGNORE;
          }}
          customRequest={({ file, onProgress, onSuccess, onError }) => {
            uploadIcon(`${DEVICE_TYPES_BASE}/${type.id}/icon`, file as Blob, (percent) => onProgress?.({ percent }))
              .then(async (answer) => {
                onSuccess?.(answer);
                const next = (answer as Partial<DeviceTypeView> | undefined)?.icon;
                setIcon(next ?? icon);
                message.success(t('devicetypes.iconUploaded'));
                await queryClient.invalidateQueries({ queryKey: ['crud', DEVICE_TYPES_BASE] });
              })
              .catch((error: unknown) => {
                onError?.(error as Error);
                if (!isApiError(error)) return;
                const text = error.fieldErrors[0]?.message ?? error.body?.message;
                if (text && error.status !== 401 && error.body?.code !== 'SESSION_EXPIRED') setFailure(text);
                else reportApiError(error);
              });
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('devicetypes.iconDrop')}</p>
          <p className="ant-upload-hint">{t('devicetypes.iconHint')}</p>
        </Upload.Dragger>
      </Flex>
    </DraggableModal>
  );
}
