import type { ProjectTreeNode, RoleView } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps, TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { api } from '../../../api/client';
import { useLang } from '../../../i18n/i18n';

/** Query keys of the administration screens; a write invalidates ['admin']. */
export const PROJECT_TREE_KEY = ['admin', 'projects', 'tree'];
export const ROLE_OPTIONS_KEY = ['admin', 'roles', 'all'];

/**
 * Where the administration calls go: `/api` for the caller's whole subtree (/man), or a project's
 * `/api/pjts/{id}` for that project and its descendants (/pjt).
 */
export const GLOBAL_ADMIN = '/api';

export function useProjectTree(apiBase = GLOBAL_ADMIN) {
  return useQuery({
    queryKey: apiBase === GLOBAL_ADMIN ? PROJECT_TREE_KEY : [...PROJECT_TREE_KEY, apiBase],
    // Silent: filters of screens a user may see without the project list (a 403 leaves them empty).
    queryFn: () => api.get<ProjectTreeNode[]>(`${apiBase}/projects.do/trees`, undefined, { silent: true }),
  });
}

export interface ProjectOption {
  value: number;
  title: string;
  children: ProjectOption[];
}

export const toTreeOptions = (nodes: ProjectTreeNode[] = []): ProjectOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, children: toTreeOptions(node.children) }));

/** Every node of the tree by id. */
export function indexTree(nodes: ProjectTreeNode[] = [], into = new Map<number, ProjectTreeNode>()) {
  for (const node of nodes) {
    into.set(node.id, node);
    indexTree(node.children, into);
  }
  return into;
}

/** A TreeSelect over the caller's project tree (a form input: value/onChange come from Form.Item). */
export function ProjectTreeSelect({ apiBase, ...props }: TreeSelectProps<number> & { apiBase?: string }) {
  const tree = useProjectTree(apiBase);
  const options = useMemo(() => toTreeOptions(tree.data), [tree.data]);
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

/** Roles the caller may see, optionally of one project. */
export function useRoleOptions(projectId?: number, apiBase = GLOBAL_ADMIN) {
  const lang = useLang();
  return useQuery({
    queryKey: [...ROLE_OPTIONS_KEY, { projectId, lang, apiBase }],
    queryFn: () => api.get<RoleView[]>(`${apiBase}/roles.do`, { projectId }, { silent: true }),
  });
}

/** Select options of roles grouped by their project. */
export function groupRolesByProject(roles: RoleView[] = []): NonNullable<SelectProps['options']> {
  const groups = new Map<string, { label: string; title: string; options: { label: string; value: number }[] }>();
  for (const role of roles) {
    const group = groups.get(role.projectName) ?? { label: role.projectName, title: role.projectName, options: [] };
    group.options.push({ label: role.name, value: role.id });
    groups.set(role.projectName, group);
  }
  return [...groups.values()];
}

/** A Select of roles grouped by project. */
export function RoleSelect({
  projectId,
  apiBase,
  ...props
}: SelectProps<number> & { projectId?: number; apiBase?: string }) {
  const roles = useRoleOptions(projectId, apiBase);
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={roles.isLoading}
      options={groupRolesByProject(roles.data)}
      style={{ width: '100%' }}
      {...props}
    />
  );
}
