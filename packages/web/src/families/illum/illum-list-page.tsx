import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import type { CrudColumn, PagedList } from '../../components/crud';
import { type FamilyRowActions, familyListPage, keywordPaged } from '../../components/device';
import { useStableCallback } from '../../components/stable-callback';
import { type IllumPage, type IllumSensor, illumApi, illumKeys } from './api';

export const ILLUM_PAGE = '/pjt/pjtdeviceillum';
const detailPath = (d: { id: number }) => `${ILLUM_PAGE}?id=${d.id}`;

/** A value in KLux, or the "no data" mark. */
export function Klux({ value }: { value: number | null | undefined }) {
  const { t } = useTranslation();
  if (value === null || value === undefined)
    return <Typography.Text type="secondary">{t('illum.noReading')}</Typography.Text>;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {value.toLocaleString(undefined, { maximumFractionDigits: 3 })} {t('illum.unit')}
    </span>
  );
}

/** Enabled (its lamps follow it) or disabled. */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('illum.enabledOn') : t('illum.enabledOff')}</Tag>;
}

/**
 * /pjt/pjtdeviceillumlist (spec 001 §2): the illumination sensors of the current project, with their
 * current value (KLux, the last one reported) against their threshold; states live.
 */
export default familyListPage<IllumSensor, { keyword: string }, IllumPage>({
  hint: 'illum.realdataHint',
  source: (projectId) => {
    const illum = illumApi(projectId);
    return keywordPaged(illumKeys.sensors(projectId), illum.sensors, illum.register);
  },
  initialFilters: { keyword: '' },
  // A reported value becomes the current one.
  report: ({ illuminance }, _row, at) => (typeof illuminance === 'number' ? { illuminance, at } : undefined),
  texts: { namespace: 'illum' },
  columns: sensorColumns,
  useActions: useSensorActions,
  // The last report, to fit 1366 px in both languages (the sensor's page shows it).
  hidden: ['at'],
});

/** The sensor's page, and for an editor enabling or disabling it (after a confirmation) from its row. */
function useSensorActions(projectId: number, list: PagedList<IllumSensor, unknown>): FamilyRowActions<IllumSensor> {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message, confirm } = useFeedback();
  const illum = illumApi(projectId);
  const inuse = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => illum.setInuse(id, enabled),
    onSuccess: (saved, { id }) => {
      client.setQueryData<IllumPage>(list.queryKey, (p) =>
        p ? { ...p, list: p.list.map((r) => (r.id === id ? { ...r, enabled: saved.enabled } : r)) } : p,
      );
      message.success(saved.enabled ? t('illum.inuseOn') : t('illum.inuseOff'));
    },
  });
  const setEnabled = useStableCallback((d: IllumSensor, enabled: boolean) =>
    enabled
      ? inuse.mutate({ id: d.id, enabled })
      : confirm({
          title: t('illum.disable'),
          content: t('illum.inuseConfirmOff', { name: d.name }),
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          onOk: () => inuse.mutateAsync({ id: d.id, enabled }).catch(() => undefined),
        }),
  );
  return useMemo(
    () => ({
      detail: detailPath,
      edit: (d) => (
        <Button size="small" type="link" onClick={() => setEnabled(d, !d.enabled)}>
          {d.enabled ? t('illum.disable') : t('illum.enable')}
        </Button>
      ),
      width: { editor: 230, reader: 80 },
    }),
    [t, setEnabled],
  );
}

/** The sensors' columns, built again only for another language: a push then redraws only its own row. */
function sensorColumns(t: TFunction): CrudColumn<IllumSensor>[] {
  return [
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true },
    { field: 'no', ellipsis: true },
    {
      field: 'parentName',
      ellipsis: true,
      render: (v) => (v ? String(v) : <Typography.Text type="secondary">{t('illum.noParent')}</Typography.Text>),
    },
    { field: 'illuminance', align: 'right', width: 120, render: (v) => <Klux value={v as number | null} /> },
    { field: 'threshold', align: 'right', width: 110, render: (v) => <Klux value={v as number | null} /> },
    { field: 'enabled', width: 100, render: (v) => <EnabledTag enabled={Boolean(v)} /> },
    { field: 'activeState', kind: { kind: 'active' } },
    { field: 'registered', kind: { kind: 'registered' } },
    { field: 'at', kind: { kind: 'time' } },
  ];
}
