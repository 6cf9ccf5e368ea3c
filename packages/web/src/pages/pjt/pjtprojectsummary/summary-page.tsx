import './texts';
import { LayoutOutlined, ReloadOutlined } from '@ant-design/icons';
import { BUILTIN_LAYOUT, functionByKey, type ProjectSummary, type RealtimePush } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Select, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtime } from '../../../api/realtime';
import { useResync } from '../../../api/realtime-resync';
import { canModify, useAuthLevel } from '../../../components/crud';
import { LiveBadge } from '../../../components/device';
import { ProjectScoped } from '../../../components/project-scoped';
import { descendants } from '../../../components/project-switcher';
import { formatTime } from '../../../components/time';
import { useVisibleProjects } from '../../../session/use-current-project';
import { summaryApi, summaryKeys } from './summary-api';
import { SummaryGrid } from './summary-grid';

/** After a push, the summary is read again at most this often (the server keeps an answer 2 s). */
const REFRESH_AFTER_PUSH_MS = 3000;
/** A push leaves as a message arrives and its rows are written a moment later: an answer computed sooner may miss them. */
const WRITE_SETTLE_MS = 1500;

/** /pjt/pjtprojectsummary (spec 001 §2): the project's dashboard, its units on the layout in use. */
export default function SummaryPage() {
  return <ProjectScoped>{(projectId) => <Dashboard projectId={projectId} />}</ProjectScoped>;
}

/** Reads the summary again shortly after the realtime channel says something changed (never on a timer). */
function useLiveSummary(projectId: number) {
  const s = summaryApi(projectId);
  const summary = useQuery({ queryKey: summaryKeys.summary(projectId), queryFn: s.summary });
  const tree = useVisibleProjects();
  // The dashboard covers the project's subtree: its pushes come from each project of it.
  const projects = useMemo(() => [projectId, ...descendants(tree.data, projectId)], [tree.data, projectId]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  /**
   * Reads again once the push's rows are likely written; the server may answer what it computed before
   * then while it computes the next (an answer is served up to 30 s while its successor is made): then
   * reads once more a little later, a few times at most, until the answer is from after that.
   */
  const read = (pushedAt: number, tries: number) => {
    const now = Date.now();
    const wait = Math.max(0, pushedAt + WRITE_SETTLE_MS - now, last.current + REFRESH_AFTER_PUSH_MS - now);
    timer.current = setTimeout(async () => {
      last.current = Date.now();
      const { data } = await summary.refetch();
      timer.current = null;
      if (data && Date.parse(data.at) < pushedAt + WRITE_SETTLE_MS && tries > 1) read(pushedAt, tries - 1);
    }, wait);
  };
  const resync = useResync();
  useRealtime(
    { projects },
    (push: RealtimePush) => {
      if (push.kind !== 'state' && push.kind !== 'event' && push.kind !== 'telemetry' && push.kind !== 'batch') return;
      if (!timer.current) read(Date.now(), 3);
    },
    { onLive: resync(summaryKeys.summary(projectId)) },
  );
  return summary;
}

function Dashboard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const summary = useLiveSummary(projectId);
  const editor = canModify(useAuthLevel());
  const layouts = useQuery({
    queryKey: [...summaryKeys.layouts(projectId), 'switcher'],
    queryFn: () => summaryApi(projectId).layouts({ page: 1, pageSize: 100 }),
    enabled: editor,
  });
  // An editor may look at another layout; everyone else sees the project's default.
  const [chosen, setChosen] = useState<number | null>(null);
  const data: ProjectSummary | undefined = summary.data;
  const inUse = data?.layout ?? null;
  const shown = (chosen !== null ? layouts.data?.list.find((l) => l.id === chosen) : null) ?? inUse;
  const layout = shown ?? BUILTIN_LAYOUT;
  const layoutScreen = functionByKey('pjtprojectsummarylayout');

  return (
    <Card
      title={t('menu.pjtprojectsummary')}
      extra={
        <Space size={12} wrap>
          {editor && (
            <Select
              style={{ width: 200 }}
              aria-label={t('summary.dashboard.layout')}
              data-testid="layout-switch"
              value={shown?.id ?? 0}
              onChange={(id: number) => setChosen(id)}
              options={[
                ...(inUse ? [] : [{ value: 0, label: t('summary.dashboard.builtin') }]),
                ...(layouts.data?.list ?? []).map((l) => ({
                  value: l.id,
                  label: l.isDefault ? `${l.name} (${t('summary.layouts.fields.isDefault')})` : l.name,
                })),
              ]}
            />
          )}
          {!editor && <Tag data-testid="layout-name">{shown ? shown.name : t('summary.dashboard.builtin')}</Tag>}
          {editor && layoutScreen?.ready && (
            <Link to={layoutScreen.path}>
              <Button icon={<LayoutOutlined />}>{t('summary.dashboard.editLayouts')}</Button>
            </Link>
          )}
          <LiveBadge />
          {data && (
            <Typography.Text type="secondary" data-testid="summary-at">
              {t('summary.dashboard.updatedAt', { at: formatTime(data.at) })}
            </Typography.Text>
          )}
          <Button icon={<ReloadOutlined />} onClick={() => void summary.refetch()} aria-label={t('common.refresh')} />
        </Space>
      }
    >
      {summary.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <SummaryGrid grid={layout.grid} units={layout.units} data={data} />
      )}
    </Card>
  );
}
