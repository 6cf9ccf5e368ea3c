import { ReloadOutlined } from '@ant-design/icons';
import type { Page } from '@sc/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';
import { useIncludeChildren } from '../../session/use-current-project';
import {
  type CrudColumn,
  canModify,
  ListScreen,
  type ListScreenProps,
  type PagedList,
  type PageRequest,
  tableColumns,
  useAuthLevel,
  usePagedList,
  withProjectColumn,
} from '../crud';
import type { RegistrationAnswer } from './answers';
import { type Registrable, RegistrationButton, useRegistration } from './registration';
import { type LiveRow, livePagePatch, type RowReport } from './state-push';
import { LiveBadge } from './tags';

export interface ListedDevice extends LiveRow {
  name: string;
  registered: boolean;
}

export interface FamilyListOptions<T extends ListedDevice, F extends object, P extends Page<T>> {
  projectId: number;
  /** The page call's query key (`<family>.page.key()`). */
  key: QueryKey;
  initialFilters: F;
  /** One page of the family's devices; `includeChildren` as the project switch says. */
  load: (request: PageRequest<F>, includeChildren: true | undefined) => Promise<P>;
  /**
   * What a telemetry push on one of the page's rows changes on it (a state push patches its tag and
   * last-seen time): livePagePatch.
   */
  report: RowReport<T>;
  /** The family's device type: telemetry pushes of other types are ignored (none are when it is not given). */
  type?: string;
  setRegistered: (id: number, registered: boolean) => Promise<RegistrationAnswer>;
  texts: FamilyTexts;
}

/** Column titles: `<namespace>.fields.<field>` for the family's own fields, the device list's otherwise. */
export interface FamilyTexts {
  namespace: string;
  own?: ReadonlySet<string>;
}

/** A family's buttons in the actions column, before registration. */
export interface FamilyRowActions<T> {
  /** The row's device page: a link first, for every reader (its label `<namespace>.detail`). */
  detail?: (row: T) => string;
  /** The family's own buttons, for those who may change the device. */
  edit?: (row: T) => ReactNode;
  /** The column's width for those who may change the device and for the others. */
  width: { editor: number; reader: number };
}

/**
 * The query of a family's page call: the page, the filters given (blank ones left out: their selects'
 * values, which the contract's query declares and checks) and the child projects when switched on.
 */
export function familyPageQuery(
  { page, pageSize, filters }: PageRequest<object>,
  includeChildren: true | undefined,
): { page: number; pageSize: number; includeChildren?: true } {
  const given = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined));
  return { page, pageSize, ...given, includeChildren };
}

/** A family client's page call (familyClient: its contract table's `page`), its type and registration. */
interface PagedClient<P> {
  type: string;
  page: { (args: { query: ReturnType<typeof familyPageQuery> }): Promise<P>; key(): readonly unknown[] };
  setRegistered: (id: number, registered: boolean) => Promise<RegistrationAnswer>;
}

/** The list options a family client gives: its page call's key and pages (familyPageQuery), its type and registration. */
export function pagedBy<P>(client: PagedClient<P>) {
  return {
    key: client.page.key(),
    load: (request: PageRequest<object>, includeChildren: true | undefined) =>
      client.page({ query: familyPageQuery(request, includeChildren) }),
    type: client.type,
    setRegistered: client.setRegistered,
  };
}

/**
 * The list options of a family whose pages are called by keyword (page, its size, the keyword, the child
 * projects when switched on), under the query key `key`; registration by `setRegistered`.
 */
export function keywordPaged<P>(
  key: QueryKey,
  pages: (page: number, pageSize: number, keyword: string, includeChildren?: true) => Promise<P>,
  setRegistered: (id: number, registered: boolean) => Promise<RegistrationAnswer>,
) {
  return {
    key,
    load: ({ page, pageSize, filters }: PageRequest<{ keyword: string }>, includeChildren: true | undefined) =>
      pages(page, pageSize, filters.keyword, includeChildren),
    setRegistered,
  };
}

/**
 * A family's device list: paged over the current project (and its children when switched on), patched
 * live by realtime pushes, registration from each row for those who may change it, column titles from
 * the family's texts.
 */
export function useFamilyList<T extends ListedDevice, F extends object, P extends Page<T>>(
  options: FamilyListOptions<T, F, P>,
) {
  const client = useQueryClient();
  const includeChildren = useIncludeChildren();
  const list = usePagedList<T, F>({
    key: [...options.key, includeChildren],
    initialFilters: options.initialFilters,
    load: (request) => options.load(request, includeChildren || undefined),
    waitForParams: true,
  });
  const resync = useResync();
  useRealtime(
    { projects: [options.projectId] },
    (push) =>
      client.setQueryData<P>(list.queryKey, (page) => livePagePatch<T, P>(options.type, options.report)(page, push)),
    { onLive: resync(list.queryKey) },
  );
  const toggle = useRegistration(options.setRegistered, (answer) =>
    client.setQueryData<P>(list.queryKey, (page) =>
      page
        ? { ...page, list: page.list.map((d) => (d.id === answer.id ? { ...d, registered: answer.registered } : d)) }
        : page,
    ),
  );
  return { list, ...useFamilyColumns<T>(options.texts, toggle) };
}

/**
 * The columns of a family's device list: the declared ones with their titles, the project's when the
 * child projects are included, the actions (the family's, then registration for those who may change it).
 */
export function useFamilyColumns<T extends Registrable>(
  { namespace, own }: FamilyTexts,
  toggle: (device: Registrable) => void,
) {
  const { t } = useTranslation();
  const editable = canModify(useAuthLevel());
  const includeChildren = useIncludeChildren();
  // Kept while the language, the level, the child-projects switch and the texts stay: a screen that
  // memoises its columns on it gets rows redrawn only when they change (withRecordCells).
  const columns = useCallback(
    (declared: CrudColumn<T>[], actions?: FamilyRowActions<T>): TableColumnsType<T> => {
      const built = tableColumns(
        withProjectColumn(declared, includeChildren, t('areas.switcher.projectColumn')),
        (field) => t(!own || own.has(field) ? `${namespace}.fields.${field}` : `devices.fields.${field}`),
      );
      const register = (d: T) => editable && <RegistrationButton device={d} onToggle={toggle} />;
      if (editable || actions?.detail)
        built.push({
          title: t('common.actions'),
          key: 'actions',
          width: actions ? actions.width[editable ? 'editor' : 'reader'] : 105,
          fixed: 'right',
          render: (_, d) =>
            actions ? (
              <Space size={0}>
                {actions.detail && (
                  <Link to={actions.detail(d)}>
                    <Button size="small" type="link">
                      {t(`${namespace}.detail`)}
                    </Button>
                  </Link>
                )}
                {editable && actions.edit?.(d)}
                {register(d)}
              </Space>
            ) : (
              register(d)
            ),
        });
      return built;
    },
    [t, editable, includeChildren, namespace, own, toggle],
  );
  return { includeChildren, columns, editable };
}

/**
 * A family list's card: its title, and beside the live badge the family's hint (or filters) before it, its
 * tools after it and a refresh button when the list is loaded at once.
 */
export function FamilyListCard(props: {
  title: string;
  hint?: string;
  lead?: ReactNode;
  tools?: ReactNode;
  onRefresh?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      title={props.title}
      extra={
        <Space size={16}>
          {props.hint && <Typography.Text type="secondary">{props.hint}</Typography.Text>}
          {props.lead}
          <LiveBadge />
          {props.tools}
          {props.onRefresh && (
            <Tooltip title={t('common.refresh')}>
              <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={props.onRefresh} />
            </Tooltip>
          )}
        </Space>
      }
    >
      {props.children}
    </Card>
  );
}

/**
 * The online-state filter of a family list (spec's active states: online, offline, unknown), labelled
 * `<namespace>.activeFilter`, found by the test id `<namespace>-active-filter`.
 */
export function ActiveStateFilter({
  namespace,
  list,
}: {
  namespace: string;
  list: Pick<PagedList<unknown, { activeState: string }>, 'filters' | 'setFilters'>;
}) {
  const { t } = useTranslation();
  const label = t(`${namespace}.activeFilter`);
  return (
    <Select
      aria-label={label}
      data-testid={`${namespace}-active-filter`}
      placeholder={label}
      allowClear
      style={{ width: 140 }}
      options={['1', '0', '-1'].map((s) => ({ value: s, label: t(`enums.active_${s}`) }))}
      value={list.filters.activeState || undefined}
      onChange={(v?: string) => list.setFilters({ activeState: v ?? '' })}
    />
  );
}

/** The project's column's width, added to a list's when the child projects are included (withProjectColumn). */
const PROJECT_COLUMN_WIDTH = 110;

/**
 * A family list's table: searched by keyword, the `hidden` columns offered in the column setting, as wide
 * as its shown columns' `width` (the project's column added with the child projects) or as its content.
 */
export function FamilyListTable<T extends { id: number }, F extends { keyword?: string }>({
  list,
  columns,
  hidden,
  width,
  table,
  selectable,
}: Pick<ListScreenProps<T, F>, 'list' | 'columns' | 'table' | 'selectable'> & {
  hidden?: readonly string[];
  width?: number;
}) {
  const includeChildren = useIncludeChildren();
  return (
    <ListScreen<T, F>
      list={list}
      columns={columns}
      filters={[{ kind: 'keyword', name: 'keyword' }]}
      hiddenByDefault={hidden}
      selectable={selectable}
      table={{
        ...table,
        scroll: { x: width === undefined ? 'max-content' : width + (includeChildren ? PROJECT_COLUMN_WIDTH : 0) },
      }}
    />
  );
}
