import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useState } from 'react';
import { api } from '../../../api/client';
import { ProjectScoped } from '../../../components/project-scoped';
import { useLang } from '../../../i18n/i18n';
import { projectApiBase } from '../../../session/use-current-project';
import { ModelFilters } from '../../bas/devicemodellist/device-model-list-page';
import { type ModelRow, useModelColumns } from '../../bas/devicemodellist/model-columns';
import { ReadOnlyList } from '../pjtdevicefactorylist/read-only-list';

/** /pjt/pjtdevicemodellist: models of the factories the current project may use (read-only), by factory and type. */
export default function PjtDeviceModelListPage() {
  return <ProjectScoped>{(projectId) => <Models base={projectApiBase(projectId)} />}</ProjectScoped>;
}

function Models({ base }: { base: string }) {
  const lang = useLang();
  const columns = useModelColumns(base);
  const [filter, setFilter] = useState<{ factoryId?: number; typeNo?: string }>({});
  const models = useQuery({
    queryKey: ['crud', `${base}/devicemodels.do`, 'all', { ...filter, lang }],
    queryFn: () => api.get<ModelRow[]>(`${base}/devicemodels.do`, filter),
  });
  return (
    <Flex vertical gap={12}>
      <ModelFilters apiBase={base} factoryId={filter.factoryId} typeNo={filter.typeNo} onChange={setFilter} />
      <ReadOnlyList<ModelRow> resource="models" columns={columns} query={models} />
    </Flex>
  );
}
