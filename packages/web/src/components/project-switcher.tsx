import { ApartmentOutlined } from '@ant-design/icons';
import type { ProjectTreeNode } from '@sc/contract';
import { Alert, Flex, Switch, Tag, TreeSelect, Typography } from 'antd';
import { type CSSProperties, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../session/store';
import {
  setIncludeChildren,
  useCurrentProject,
  useIncludeChildren,
  useVisibleProjects,
} from '../session/use-current-project';

interface Option {
  value: number;
  title: string;
  children: Option[];
}

const toOptions = (nodes: ProjectTreeNode[] = []): Option[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, children: toOptions(node.children) }));

function indexNames(nodes: ProjectTreeNode[] = [], into = new Map<number, string>()) {
  for (const node of nodes) {
    into.set(node.id, node.name);
    indexNames(node.children, into);
  }
  return into;
}

function hasChildren(nodes: ProjectTreeNode[] = [], id: number): boolean {
  for (const node of nodes) {
    if (node.id === id) return node.children.length > 0;
    if (hasChildren(node.children, id)) return true;
  }
  return false;
}

/** Whether the current project's screens include its child projects: the switch is on and there are some. */
export function useChildrenIncluded(): boolean {
  const { project } = useCurrentProject();
  const tree = useVisibleProjects();
  const includeChildren = useIncludeChildren();
  return Boolean(project && includeChildren && hasChildren(tree.data, project.id));
}

export function descendants(nodes: ProjectTreeNode[] = [], id: number, inside = false, into: number[] = []): number[] {
  for (const node of nodes) {
    if (inside) into.push(node.id);
    descendants(node.children, id, inside || node.id === id, into);
  }
  return into;
}

/**
 * The projects whose live pushes a screen of `projectId` follows: the project, and with the child-projects
 * switch on its descendants too (their devices are on the screen; the server grants only the caller's subtree).
 */
export function useReachProjects(projectId: number): number[] {
  const tree = useVisibleProjects();
  const included = useChildrenIncluded();
  return useMemo(
    () => (included ? [projectId, ...descendants(tree.data, projectId)] : [projectId]),
    [included, projectId, tree.data],
  );
}

/**
 * Where a screen keeps to the current project although the child-projects switch is on (its items are
 * made in one project: lamp groups, policies; or a figure only the project has): says so, naming it.
 */
export function OwnProjectNote({ what, style }: { what: 'groups' | 'policies' | 'power'; style?: CSSProperties }) {
  const { t } = useTranslation();
  const { project } = useCurrentProject();
  if (!useChildrenIncluded() || !project) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t(`areas.switcher.ownOnly.${what}`, { project: project.name })}
      style={style}
      data-testid="own-project-note"
    />
  );
}

/**
 * The current project of the /pjt area (session/use-current-project.ts), chosen among the projects the
 * user can see. Shown at the top of /pjt screens; screens read the choice with `useCurrentProject()`.
 */
export function ProjectSwitcher({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { project, setProject } = useCurrentProject();
  const tree = useVisibleProjects();
  const names = useMemo(() => indexNames(tree.data), [tree.data]);
  const includeChildren = useIncludeChildren();
  const options = useMemo<Option[]>(() => {
    if (tree.data?.length) return toOptions(tree.data);
    // No project list for this role: only the current (own) project.
    return project ? [{ value: project.id, title: project.name, children: [] }] : [];
  }, [tree.data, project]);

  // A remembered choice the user can no longer see falls back to the user's own project.
  const stale = Boolean(project && tree.data?.length && !names.has(project.id));
  useEffect(() => {
    if (stale) setProject(null);
  }, [stale, setProject]);

  if (!project) return null;
  return (
    <Flex align="center" gap={8} wrap className="project-switcher" style={style} data-testid="project-switcher">
      <ApartmentOutlined style={{ color: 'var(--ant-color-primary)' }} />
      <Typography.Text type="secondary">{t('areas.switcher.label')}</Typography.Text>
      <TreeSelect<number>
        aria-label={t('areas.switcher.label')}
        value={project.id}
        treeData={options}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        loading={tree.isLoading}
        placeholder={t('areas.switcher.placeholder')}
        popupMatchSelectWidth={false}
        style={{ minWidth: 220 }}
        onChange={(id) => {
          if (id === undefined || id === null) return;
          setProject({ id, name: names.get(id) ?? project.name });
        }}
      />
      {user && project.id === user.projectId && <Tag color="orange">{t('areas.switcher.own')}</Tag>}
      {hasChildren(tree.data, project.id) && (
        <Flex align="center" gap={6} style={{ marginInlineStart: 8 }}>
          <Switch
            size="small"
            checked={includeChildren}
            onChange={setIncludeChildren}
            aria-label={t('areas.switcher.includeChildren')}
            data-testid="include-children"
          />
          <Typography.Text>{t('areas.switcher.includeChildren')}</Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
