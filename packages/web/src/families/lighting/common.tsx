import type { DeviceView } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { lightingApi, lightingKeys } from './api';
import { RUN_STATUS_TAGS, STATE_TAGS } from './lamp-state';

export const LAMP_PAGE = '/pjt/pjtdevicelighting';
export const lampPath = (l: { id: number }) => `${LAMP_PAGE}?id=${l.id}`;

/** A lamp's state as a tag (lit, dimmed, dark, fault, offline). */
export function LampStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_TAGS[state as keyof typeof STATE_TAGS] ?? 'default'} data-lamp-state={state}>
      {t(`lighting.states.${state}`, { defaultValue: state })}
    </Tag>
  );
}

/** A lamp's run status as a tag (normal, alert, error). */
export function RunStatusTag({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  if (!status) return null;
  return <Tag color={RUN_STATUS_TAGS[status] ?? 'default'}>{t(`lighting.runStatus.${status}`)}</Tag>;
}

/** A value with its unit (an unbreakable space between), a dash when missing. */
export { withUnit } from '../../components/format';

interface Option {
  value: number;
  label: string;
}

/**
 * The options of the lamp filters: areas, groups and gateways of the project's lamps (from the lamps
 * themselves), and the project's LCU groups.
 */
export function useLampOptions(projectId: number) {
  const devices = useQuery({
    queryKey: [...lightingKeys.all(projectId), 'devices'],
    queryFn: () =>
      api
        .get<DeviceView[] | { list: DeviceView[] }>(`/api/pjts/${projectId}/devices.do/family`, { type: 'lighting' })
        .then((a) => (Array.isArray(a) ? a : a.list)),
    staleTime: 60_000,
  });
  const groups = useQuery({
    queryKey: [...lightingKeys.groups(projectId), 'options'],
    queryFn: () => lightingApi(projectId).groups(1, 100),
    staleTime: 60_000,
  });
  return useMemo(() => {
    const collect = (pick: (d: DeviceView) => [number | null, string | null]) => {
      const seen = new Map<number, string>();
      for (const d of devices.data ?? []) {
        const [id, name] = pick(d);
        if (id !== null && name) seen.set(id, name);
      }
      return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
    };
    return {
      areas: collect((d) => [d.areaId, d.areaName]) as Option[],
      groups: collect((d) => [d.groupId, d.groupName]) as Option[],
      gateways: collect((d) => [d.parentId, d.parentName]) as Option[],
      lcuGroups: (groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name })) as Option[],
      lamps: (devices.data ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.no})` })) as Option[],
    };
  }, [devices.data, groups.data]);
}
