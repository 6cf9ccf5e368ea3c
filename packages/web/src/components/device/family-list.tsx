import { ReloadOutlined } from '@ant-design/icons';
import type { Page, RealtimePush } from '@sc/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { useIncludeChildren } from '../../session/use-current-project';
import {
  type CrudColumn,
  canModify,
  type PageRequest,
  tableColumns,
  useAuthLevel,
  usePagedList,
  withProjectColumn,
} from '../crud';
import type { RegistrationAnswer } from './answers';
import { type Registrable, RegistrationButton, useRegistration } from './registration';
import { LiveBadge } from './tags';

interface ListedDevice {
  id: number;
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
  /** A realtime push on the cached page (the page itself when none of its rows is concerned). */
  applyPush: (page: P | undefined, push: RealtimePush) => P | undefined;
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
  useRealtime({ projects: [options.projectId] }, (push) =>
    client.setQueryData<P>(list.queryKey, (page) => options.applyPush(page, push)),
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
 * A family list's card: its title, and beside the live badge the family's hint before it, its tools after
 * it and a refresh button when the list is loaded at once.
 */
export function FamilyListCard(props: {
  title: string;
  hint?: string;
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

/** The online-state filter of a family list (spec's active states: online, offline, unknown). */
export function ActiveStateFilter({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={label}
      data-testid={testId}
      placeholder={label}
      allowClear
      style={{ width: 140 }}
      options={['1', '0', '-1'].map((s) => ({ value: s, label: t(`enums.active_${s}`) }))}
      value={value || undefined}
      onChange={(v?: string) => onChange(v ?? '')}
    />
  );
}
