import type { UseQueryResult } from '@tanstack/react-query';
import { Flex } from 'antd';
import { ProjectSwitcher } from '../../../components/project-switcher';
import { useCurrentProject } from '../../../session/use-current-project';
import { type FactoryRow, useFactoryColumns } from '../../bas/devicefactorylist/factory-columns';
import { useFactories } from '../../bas/devicemodellist/model-columns';
import { ReadOnlyList } from './read-only-list';

/** /pjt/pjtdevicefactorylist: the factories the current project may use (read-only). */
export default function PjtDeviceFactoryListPage() {
  const { apiBase } = useCurrentProject();
  const columns = useFactoryColumns();
  const factories = useFactories(apiBase ?? undefined);
  return (
    <Flex vertical gap={12}>
      <ProjectSwitcher />
      <ReadOnlyList<FactoryRow>
        resource="factories"
        columns={columns}
        query={factories as UseQueryResult<FactoryRow[]>}
      />
    </Flex>
  );
}
