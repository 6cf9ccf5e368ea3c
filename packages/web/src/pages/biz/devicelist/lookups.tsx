import {
  ACTIVE_STATE,
  type DeviceAreaView,
  type DeviceGroupView,
  type DeviceModelView,
  type DeviceTypeView,
  type DeviceView,
  type FamilyField,
  type ProjectTreeNode,
} from '@sc/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api, buildUrl } from '../../../api/client';
import { useLang } from '../../../i18n/i18n';
import { useVisibleProjects } from '../../../session/use-current-project';
import { type DeviceScope, deviceApi } from './device-scope';

/** Query keys of the device screens; a write invalidates ['devices']. */
export const DEVICES_KEY = ['devices'];

const asList = <T,>(answer: T[] | { list: T[] } | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.list ?? []);

export function useDeviceTypes() {
  const lang = useLang();
  return useQuery({
    queryKey: ['devices', 'types', lang],
    queryFn: () => api.get<DeviceTypeView[]>('/api/bas/devicetypes.do', undefined, { silent: true }).then(asList),
    staleTime: 60_000,
  });
}

export function useDeviceModels(scope: DeviceScope, type: string | undefined) {
  const lang = useLang();
  return useQuery({
    queryKey: ['devices', 'models', scope, type, lang],
    queryFn: () => {
      const [path, query] = deviceApi(scope).models(type as string);
      return api.get<DeviceModelView[]>(path, query, { silent: true }).then(asList);
    },
    enabled: Boolean(type),
    staleTime: 60_000,
  });
}

export function useAreas(scope: DeviceScope, projectId: number | undefined) {
  return useQuery({
    queryKey: ['devices', 'areas', scope, projectId],
    queryFn: () => api.get<DeviceAreaView[]>(deviceApi(scope).areas, { projectId }, { silent: true }).then(asList),
    enabled: projectId !== undefined || scope.kind === 'pjt',
  });
}

export function useGroups(scope: DeviceScope, projectId: number | undefined, areaId: number | undefined) {
  return useQuery({
    queryKey: ['devices', 'groups', scope, projectId, areaId],
    queryFn: () =>
      api.get<DeviceGroupView[]>(deviceApi(scope).groups, { projectId, areaId }, { silent: true }).then(asList),
    enabled: projectId !== undefined || scope.kind === 'pjt',
  });
}

/**
 * Devices of the given types (parent device candidates, devices a property refers to), optionally of
 * one project; with `includeChildren` (the /pjt scope) the child projects' too.
 */
export function useDevicesOfTypes(
  scope: DeviceScope,
  types: readonly string[],
  projectId: number | undefined,
  includeChildren = false,
) {
  const results = useQueries({
    queries: types.map((type) => ({
      queryKey: ['devices', 'family', scope, type, projectId, includeChildren],
      queryFn: () => {
        const [path, query] = deviceApi(scope).family(type);
        return api
          .get<DeviceView[] | { list: DeviceView[] }>(
            path,
            { ...query, projectId, ...(includeChildren ? { includeChildren: true } : {}) },
            { silent: true },
          )
          .then((a) => asList<DeviceView>(a));
      },
    })),
  });
  return { data: results.flatMap((r) => r.data ?? []), isLoading: results.some((r) => r.isLoading) };
}

/** The types of the devices a family's properties refer to (its `device` fields). */
export const linkedTypesOf = (fields: readonly FamilyField[] = []): string[] => [
  ...new Set(fields.flatMap((f) => (f.kind === 'device' && f.refType ? [f.refType] : []))),
];

/** How a device a property refers to reads: "name (number)". */
export const linkedDeviceLabel = (d: { name: string; no: string }) => `${d.name} (${d.no})`;

export interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
export const toTreeOptions = (nodes: ProjectTreeNode[] = []): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toTreeOptions(n.children) }));

/** The subtree rooted at `id` (the whole forest when not found). */
export function subtree(nodes: ProjectTreeNode[] = [], id?: number): ProjectTreeNode[] {
  if (id === undefined) return nodes;
  const walk = (list: ProjectTreeNode[]): ProjectTreeNode | undefined => {
    for (const n of list) {
      if (n.id === id) return n;
      const found = walk(n.children ?? []);
      if (found) return found;
    }
    return undefined;
  };
  const root = walk(nodes);
  return root ? [root] : nodes;
}

/** A TreeSelect of the projects the user can see (under `rootId` when given). */
export function ProjectTreeSelect({ rootId, ...props }: TreeSelectProps<number> & { rootId?: number }) {
  const tree = useVisibleProjects();
  const options = useMemo(() => toTreeOptions(subtree(tree.data, rootId)), [tree.data, rootId]);
  return (
    <TreeSelect<number>
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={tree.isLoading}
      treeData={options}
      style={{ width: '100%' }}
      {...props}
    />
  );
}

/** The active state tag is the device widgets' (one tag per status); kept here for the device list's callers. */
export { ActiveStateTag } from '../../../components/device/tags';

export const ACTIVE_STATE_VALUES = [ACTIVE_STATE.error, ACTIVE_STATE.unknown, ACTIVE_STATE.active];

/** The type's icon (its `icon` URL, carrying the token), or a letter badge. */
export function TypeIcon({ type, size = 20 }: { type: DeviceTypeView | undefined; size?: number }) {
  if (type?.icon) {
    return (
      <img
        src={buildUrl(type.icon)}
        alt=""
        width={size}
        height={size}
        style={{ objectFit: 'contain', verticalAlign: 'middle', borderRadius: 4 }}
      />
    );
  }
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: 4,
        background: 'var(--ant-color-primary-bg, #fff7e6)',
        color: 'var(--ant-color-primary, #fa8c16)',
        fontSize: size * 0.6,
        fontWeight: 600,
      }}
    >
      {(type?.no ?? '?').slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The name of a device type: the families label for built-in types, else the server's name. */
export function useTypeLabel() {
  const { t, i18n } = useTranslation();
  return (no: string, fallback?: string) =>
    i18n.exists(`families.types.${no}`) ? t(`families.types.${no}`) : (fallback ?? no);
}
