import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { canModify, useAuthLevel } from '../../../components/crud';
import { projectScreen } from '../../../components/project-scoped';
import { MediaCard } from '../media-page';
import { EndpointTab } from './endpoint-tab';
import { LiveTab } from './live-tab';
import { TimersTab } from './timers-tab';
import { VodQueueTab } from './vod-queue-tab';
import { VodTasksTab } from './vod-tasks-tab';

/** The tabs of spec 001 §2, in its order; the open one is in the address (`?tab=`) so a reload keeps it. */
const TABS = ['endpoint', 'broadcast', 'vod', 'vodTasks', 'timers', 'resources'] as const;
type TabKey = (typeof TABS)[number];

/** /pjt/pjtnsccontrolcenter (spec 001 §2): the speakers live, the live broadcast, voice on demand and its tasks, timer broadcasts and the voice resources. */
export default projectScreen(ControlCenter);

function ControlCenter({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const editable = canModify(useAuthLevel());
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as TabKey | null;
  const active: TabKey = asked && TABS.includes(asked) ? asked : 'endpoint';
  const panes: Record<TabKey, React.ReactNode> = {
    endpoint: <EndpointTab projectId={projectId} editable={editable} />,
    broadcast: <LiveTab projectId={projectId} editable={editable} />,
    vod: <VodQueueTab projectId={projectId} editable={editable} />,
    vodTasks: <VodTasksTab projectId={projectId} editable={editable} />,
    timers: <TimersTab projectId={projectId} editable={editable} />,
    resources: <MediaCard projectId={projectId} />,
  };
  return (
    <Card title={t('menu.pjtnsccontrolcenter')}>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams((p) => ({ ...Object.fromEntries(p), tab: key }), { replace: true })}
        items={TABS.map((key) => ({ key, label: t(`nsc.control.tabs.${key}`), children: panes[key] }))}
      />
    </Card>
  );
}
