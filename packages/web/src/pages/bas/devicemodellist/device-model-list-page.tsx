import { deviceModelBody } from '@sc/contract';
import { Card, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudField, ResourceTable } from '../../../components/crud';
import { BuiltinLocked } from '../devicetypelist/builtin-locked';
import { FactorySelect, type ModelRow, TypeSelect, useModelColumns } from './model-columns';

export const MODELS_BASE = '/api/bas/devicemodels.do';

/** The factory and type filters of the model lists. */
export function ModelFilters({
  apiBase,
  factoryId,
  typeNo,
  onChange,
}: {
  apiBase?: string;
  factoryId?: number;
  typeNo?: string;
  onChange: (next: { factoryId?: number; typeNo?: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Flex gap={16} wrap align="center">
        <Flex gap={8} align="center">
          <Typography.Text type="secondary">{t('models.fields.factoryId')}</Typography.Text>
          <FactorySelect
            apiBase={apiBase}
            allowClear
            aria-label={t('models.fields.factoryId')}
            placeholder={t('models.allFactories')}
            value={factoryId}
            onChange={(value) => onChange({ factoryId: value ?? undefined, typeNo })}
            style={{ width: 220 }}
          />
        </Flex>
        <Flex gap={8} align="center">
          <Typography.Text type="secondary">{t('models.fields.typeNo')}</Typography.Text>
          <TypeSelect
            apiBase={apiBase}
            allowClear
            aria-label={t('models.fields.typeNo')}
            placeholder={t('models.allTypes')}
            value={typeNo}
            onChange={(value) => onChange({ factoryId, typeNo: value ?? undefined })}
            style={{ width: 220 }}
          />
        </Flex>
      </Flex>
    </Card>
  );
}

/** /bas/devicemodellist: device models filtered by factory and type; built-ins keep their no and type. */
export default function DeviceModelListPage() {
  const { t } = useTranslation();
  const columns = useModelColumns();
  const [filter, setFilter] = useState<{ factoryId?: number; typeNo?: string }>({});
  const fields: CrudField[] = [
    { name: 'name', rule: deviceModelBody.shape.name, required: true },
    {
      name: 'no',
      rule: deviceModelBody.shape.no,
      required: true,
      input: <BuiltinLocked hint={t('models.builtinNoHint')} />,
    },
    {
      name: 'factoryId',
      rule: deviceModelBody.shape.factoryId,
      required: true,
      input: <FactorySelect placeholder={t('models.factoryPlaceholder')} />,
      initialValue: filter.factoryId,
    },
    {
      name: 'typeNo',
      rule: deviceModelBody.shape.typeNo,
      required: true,
      input: (
        <BuiltinLocked hint={t('models.builtinNoHint')}>
          <TypeSelect placeholder={t('models.typePlaceholder')} />
        </BuiltinLocked>
      ),
      initialValue: filter.typeNo,
    },
    {
      name: 'description',
      rule: deviceModelBody.shape.description,
      input: <Input.TextArea rows={3} showCount maxLength={100} />,
    },
  ];
  return (
    <Flex vertical gap={12}>
      <ModelFilters factoryId={filter.factoryId} typeNo={filter.typeNo} onChange={setFilter} />
      <ResourceTable<ModelRow>
        resource="models"
        base={MODELS_BASE}
        columns={columns}
        hiddenByDefault={['description', 'createdAt']}
        fields={fields}
        query={filter}
        toForm={(row) => ({
          name: row.name,
          no: row.no,
          factoryId: row.factoryId,
          typeNo: row.typeNo,
          description: row.description,
          builtin: row.builtin,
        })}
        deletable={(row) =>
          row.builtin
            ? t('models.builtinDeleteHint')
            : row.deviceCount > 0
              ? t('models.inUseHint', { count: row.deviceCount })
              : true
        }
      />
    </Flex>
  );
}
