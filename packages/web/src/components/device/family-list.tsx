import type { Page, RealtimePush } from '@sc/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
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
import { RegistrationButton, useRegistration } from './registration';

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
  /** Column titles: `<namespace>.fields.<field>` for the family's own fields, the device list's otherwise. */
  texts: { namespace: string; own?: ReadonlySet<string> };
}

/**
 * A family's device list: paged over the current project (and its children when switched on), patched
 * live by realtime pushes, registration from each row for those who may change it, column titles from
 * the family's texts.
 */
export function useFamilyList<T extends ListedDevice, F extends object, P extends Page<T>>(
  options: FamilyListOptions<T, F, P>,
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const editable = canModify(useAuthLevel());
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
  const { namespace, own } = options.texts;
  /** The table's columns: the declared ones, the project's when children are included, the actions. */
  const columns = (declared: CrudColumn<T>[]): TableColumnsType<T> => {
    const built = tableColumns(
      withProjectColumn(declared, includeChildren, t('areas.switcher.projectColumn')),
      (field) => t(!own || own.has(field) ? `${namespace}.fields.${field}` : `devices.fields.${field}`),
    );
    if (editable)
      built.push({
        title: t('common.actions'),
        key: 'actions',
        width: 105,
        fixed: 'right',
        render: (_, d) => <RegistrationButton device={d} onToggle={toggle} />,
      });
    return built;
  };
  return { list, includeChildren, columns };
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
