import { LOG_PAGE_SIZE, PAGE_SIZE, type Page } from '@sc/contract';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunningParams } from '../../api/session-api';
import { useLang } from '../../i18n/i18n';

/** The two paging rules of spec 000 §5: lists (running pageSize) and logs (running logPageSize). */
export type PagingRule = 'page' | 'log';

const RULES = {
  page: { limits: PAGE_SIZE, options: [5, 10, 25, 50, 100] },
  log: { limits: LOG_PAGE_SIZE, options: [25, 50, 100, 200] },
} as const;

/** A page size within the rule's limits; the rule's default when none is given. */
export function clampPageSize(rule: PagingRule, size: number | undefined): number {
  const { limits } = RULES[rule];
  return Math.min(limits.max, Math.max(limits.min, size ?? limits.default));
}

export const pageSizeOptions = (rule: PagingRule) => [...RULES[rule].options];

export interface PageRequest<F> {
  page: number;
  pageSize: number;
  filters: F;
}

export interface PagedListOptions<T, F> {
  /** The query key's prefix; `refresh` invalidates everything under it. */
  key: QueryKey;
  /** Loads one page with the filters applied. */
  load: (request: PageRequest<F>) => Promise<Page<T>>;
  /** The filters at start and after `reset`. */
  initialFilters: F;
  rule?: PagingRule;
  /** Wait for the running parameters so the first request has the configured page size. */
  waitForParams?: boolean;
  enabled?: boolean;
  /** Whatever else the load depends on (e.g. the caller's fixed query), part of the query key. */
  depends?: unknown;
}

export interface PagedList<T, F> {
  filters: F;
  /** Changes some filters: back to page 1, selection cleared. */
  setFilters: (next: Partial<F>) => void;
  /** Every filter back to its initial value. */
  resetFilters: () => void;
  page: number;
  pageSize: number;
  /** Back to page 1, selection cleared (e.g. on a tab switch of the caller's own). */
  firstPage: () => void;
  query: ReturnType<typeof useQuery<Page<T>>>;
  queryKey: QueryKey;
  rows: T[];
  refresh: () => Promise<void>;
  selected: number[];
  setSelected: (ids: number[]) => void;
  /** The antd pagination of the table. */
  pagination: TablePaginationConfig;
  /** The running search word limit (spec 000 §5). */
  searchWordLimit: number | undefined;
}

/**
 * A paged list: page, page size (the running parameter by default), filters with paging reset,
 * selection, and the query, keyed by language so localised rows are fetched again.
 */
export function usePagedList<T, F extends object>(options: PagedListOptions<T, F>): PagedList<T, F> {
  const { key, load, initialFilters, rule = 'page', waitForParams = false, enabled = true, depends } = options;
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const params = useRunningParams();
  const [page, setPage] = useState(1);
  const [chosenSize, setChosenSize] = useState<number | null>(null);
  const [filters, setFiltersState] = useState<F>(initialFilters);
  const [selected, setSelected] = useState<number[]>([]);
  const configured = rule === 'log' ? params.data?.logPageSize : params.data?.pageSize;
  const pageSize = chosenSize ?? clampPageSize(rule, configured);

  const queryKey = [...key, { page, pageSize, filters, lang, depends }];
  const query = useQuery({
    queryKey,
    queryFn: () => load({ page, pageSize, filters }),
    placeholderData: (previous) => previous,
    enabled: enabled && (!waitForParams || params.isFetched),
  });

  const firstPage = () => {
    setPage(1);
    setSelected([]);
  };
  return {
    filters,
    setFilters: (next) => {
      setFiltersState((current) => ({ ...current, ...next }));
      firstPage();
    },
    resetFilters: () => {
      setFiltersState(initialFilters);
      firstPage();
    },
    page,
    pageSize,
    firstPage,
    query,
    queryKey,
    rows: query.data?.list ?? [],
    refresh: () => client.invalidateQueries({ queryKey: key }),
    selected,
    setSelected,
    searchWordLimit: params.data?.searchWordLimit,
    pagination: {
      current: page,
      pageSize,
      total: query.data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: pageSizeOptions(rule),
      showTotal: (total) => t('common.total', { total }),
      onChange: (nextPage, nextSize) => {
        setPage(nextSize === pageSize ? nextPage : 1);
        setChosenSize(nextSize);
      },
    },
  };
}
