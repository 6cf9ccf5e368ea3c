import { DownloadOutlined, ThunderboltOutlined, UploadOutlined } from '@ant-design/icons';
import { type DeviceModelView, PRODUCTION_STATUS, type ProductionItemView, productionItemBody } from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, buildUrl } from '../../../api/client';
import { type CrudColumn, type CrudField, canModify, ResourceTable, useAuthLevel } from '../../../components/crud';
import { formatTime } from '../../../components/time';
import { ProjectTreeSelect } from '../devicelist/lookups';
import { AutoDialog } from './auto-dialog';
import { ImportDialog } from './import-dialog';
import { Key1Input } from './key1-input';
import './texts';

const BASE = '/api/biz/productionlib.do';
type Status = 'all' | 'idle' | 'occupied';
type Row = ProductionItemView & { [field: string]: unknown };

const time = (v: unknown) => (v ? formatTime(v) : '—');
const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** /biz/bizproductionlib: the terminal production library (status filter, auto-create, CSV import). */
export default function ProductionPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const writable = canModify(useAuthLevel());
  const [status, setStatus] = useState<Status>('all');
  const [projectId, setProjectId] = useState<number | undefined>(undefined);
  const [modelId, setModelId] = useState<number | undefined>(undefined);
  const [dialog, setDialog] = useState<'none' | 'auto' | 'import'>('none');

  const models = useQuery({
    queryKey: ['production', 'models'],
    queryFn: () => api.get<DeviceModelView[]>('/api/bas/devicemodels.do', undefined, { silent: true }),
  });
  const modelOptions = (models.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.no})` }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['crud', BASE] });

  const columns: CrudColumn<Row>[] = [
    { field: 'name', width: 160, ellipsis: true },
    {
      field: 'no',
      render: (v) => (
        <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
          {String(v)}
        </Typography.Text>
      ),
    },
    // The state right after the item: visible without scrolling (issue 13).
    {
      field: 'status',
      width: 90,
      render: (v) =>
        v === PRODUCTION_STATUS.occupied ? (
          <Tag color="orange">{t('production.status.occupied')}</Tag>
        ) : (
          <Tag color="green">{t('production.status.idle')}</Tag>
        ),
    },
    // The list carries the mask only; the key is shown on demand in the edit dialog.
    { field: 'key1', render: (v) => <Typography.Text type="secondary">{dash(v)}</Typography.Text> },
    { field: 'modelName', width: 140, ellipsis: true },
    { field: 'projectName', width: 120, ellipsis: true },
    { field: 'occupiedProjectName', render: dash, width: 120, ellipsis: true },
    { field: 'occupiedDeviceName', render: dash, width: 140, ellipsis: true },
    { field: 'occupiedAt', render: time, width: 170 },
    { field: 'createdAt', render: time, width: 170 },
  ];
  const shape = productionItemBody.shape;
  const fields: CrudField[] = [
    { name: 'name', rule: shape.name, required: true },
    { name: 'no', rule: shape.no, required: true },
    { name: 'key1', rule: shape.key1, required: true, input: <Key1Input base={BASE} /> },
    {
      name: 'modelId',
      rule: shape.modelId,
      required: true,
      input: <Select showSearch={{ optionFilterProp: 'label' }} options={modelOptions} />,
    },
    { name: 'projectId', rule: shape.projectId, required: true, input: <ProjectTreeSelect /> },
    { name: 'description', rule: shape.description, input: <Input.TextArea rows={2} showCount maxLength={100} /> },
  ];

  return (
    <Card size="small" data-testid="production-page">
      <Flex vertical gap={12}>
        <Flex justify="space-between" wrap gap={12}>
          <Space wrap size={[12, 8]}>
            <Segmented<Status>
              data-testid="production-status"
              value={status}
              onChange={setStatus}
              options={(['all', 'idle', 'occupied'] as const).map((s) => ({
                value: s,
                label: t(`production.status.${s}`),
              }))}
            />
            <Space size={4}>
              <Typography.Text type="secondary">{t('production.filters.project')}</Typography.Text>
              <ProjectTreeSelect
                aria-label={t('production.filters.project')}
                style={{ width: 180 }}
                value={projectId}
                onChange={(v) => setProjectId(v ?? undefined)}
              />
            </Space>
            <Space size={4}>
              <Typography.Text type="secondary">{t('production.filters.model')}</Typography.Text>
              <Select
                aria-label={t('production.filters.model')}
                allowClear
                style={{ width: 180 }}
                value={modelId}
                options={modelOptions}
                onChange={(v) => setModelId(v ?? undefined)}
              />
            </Space>
          </Space>
          <Space wrap>
            <Button icon={<DownloadOutlined />} href={buildUrl(`${BASE}/template`)} download="production-template.csv">
              {t('production.downloadTemplate')}
            </Button>
            {writable && (
              <>
                <Button icon={<UploadOutlined />} onClick={() => setDialog('import')}>
                  {t('production.import')}
                </Button>
                <Button icon={<ThunderboltOutlined />} onClick={() => setDialog('auto')}>
                  {t('production.autoCreate')}
                </Button>
              </>
            )}
          </Space>
        </Flex>
        <ResourceTable<Row>
          resource="production"
          base={BASE}
          columns={columns}
          fields={fields}
          batchDelete={false}
          hiddenByDefault={['key1', 'occupiedProjectName', 'occupiedAt', 'createdAt']}
          query={{ status, projectId, modelId }}
          toForm={(row) => ({
            id: row.id,
            name: row.name,
            no: row.no,
            key1: row.key1,
            modelId: row.modelId,
            projectId: row.projectId,
            description: row.description,
          })}
        />
      </Flex>
      {dialog === 'auto' && (
        <AutoDialog
          base={BASE}
          modelOptions={modelOptions}
          onClose={() => setDialog('none')}
          onCreated={(count) => {
            message.success(t('production.autoDone', { count }));
            setDialog('none');
            void refresh();
          }}
        />
      )}
      {dialog === 'import' && (
        <ImportDialog base={BASE} onClose={() => setDialog('none')} onImported={() => void refresh()} />
      )}
    </Card>
  );
}
