import { Empty, Flex } from 'antd';
import { type ComponentType, Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentProject, useIncludeChildren, useProjectLanding } from '../session/use-current-project';
import { ProjectSwitcher } from './project-switcher';

/**
 * A /pjt screen (spec 001 §2): the project switcher above the screen of the current project, or a hint
 * to choose one when there is none. Keyed by project so that a switch starts the screen afresh. The first
 * time, moves on to the landing project (useProjectLanding) when the own project holds no devices.
 */
export function ProjectScoped({ children }: { children: (projectId: number) => ReactNode }) {
  const { t } = useTranslation();
  const { projectId } = useCurrentProject();
  // The child-projects switch starts the screen afresh too (its lists read it: useIncludeChildren).
  const includeChildren = useIncludeChildren();
  useProjectLanding();
  return (
    <Flex vertical gap={12}>
      <ProjectSwitcher />
      {projectId ? (
        <Fragment key={`${projectId}:${includeChildren}`}>{children(projectId)}</Fragment>
      ) : (
        <Empty description={t('common.noProject')} />
      )}
    </Flex>
  );
}

/** A /pjt screen of the current project: `Screen` inside ProjectScoped, given the project's id. */
export function projectScreen(Screen: ComponentType<{ projectId: number }>) {
  return function ProjectScreen() {
    return <ProjectScoped>{(projectId) => <Screen projectId={projectId} />}</ProjectScoped>;
  };
}
