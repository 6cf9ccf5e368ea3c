import { deviceFactoryBody } from '@sc/contract';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudField, ResourceTable } from '../../../components/crud';
import { ProjectTreeSelect } from '../../man/projectlist/project-tree';
import { BuiltinLocked } from '../devicetypelist/builtin-locked';
import { type FactoryRow, useFactoryColumns } from './factory-columns';

export const FACTORIES_BASE = '/api/bas/devicefactories.do';

/** /bas/devicefactorylist: device factories, global or of one project; built-ins keep their no. */
export default function DeviceFactoryListPage() {
  const { t } = useTranslation();
  const columns = useFactoryColumns();
  const fields: CrudField[] = [
    { name: 'name', rule: deviceFactoryBody.shape.name, required: true },
    {
      name: 'no',
      rule: deviceFactoryBody.shape.no,
      required: true,
      input: <BuiltinLocked hint={t('factories.builtinNoHint')} />,
    },
    {
      name: 'projectId',
      rule: deviceFactoryBody.shape.projectId,
      input: <ProjectTreeSelect placeholder={t('factories.projectPlaceholder')} />,
    },
    {
      name: 'description',
      rule: deviceFactoryBody.shape.description,
      input: <Input.TextArea rows={3} showCount maxLength={100} />,
    },
  ];
  return (
    <ResourceTable<FactoryRow>
      resource="factories"
      base={FACTORIES_BASE}
      columns={columns}
      fields={fields}
      toForm={(row) => ({
        name: row.name,
        no: row.no,
        projectId: row.projectId ?? undefined,
        description: row.description,
        builtin: row.builtin,
      })}
      deletable={(row) =>
        row.builtin
          ? t('factories.builtinDeleteHint')
          : row.modelCount > 0
            ? t('factories.inUseHint', { count: row.modelCount })
            : true
      }
    />
  );
}
