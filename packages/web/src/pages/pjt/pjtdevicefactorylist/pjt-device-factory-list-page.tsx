import type { UseQueryResult } from '@tanstack/react-query';
import { ProjectScoped } from '../../../components/project-scoped';
import { projectApiBase } from '../../../session/use-current-project';
import { type FactoryRow, useFactoryColumns } from '../../bas/devicefactorylist/factory-columns';
import { useFactories } from '../../bas/devicemodellist/model-columns';
import { ReadOnlyList } from './read-only-list';

/** /pjt/pjtdevicefactorylist: the factories the current project may use (read-only). */
export default function PjtDeviceFactoryListPage() {
  return <ProjectScoped>{(projectId) => <Factories apiBase={projectApiBase(projectId)} />}</ProjectScoped>;
}

function Factories({ apiBase }: { apiBase: string }) {
  const columns = useFactoryColumns();
  const factories = useFactories(apiBase);
  return (
    <ReadOnlyList<FactoryRow>
      resource="factories"
      columns={columns}
      query={factories as UseQueryResult<FactoryRow[]>}
    />
  );
}
