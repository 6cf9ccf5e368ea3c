import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import type { CrudColumn } from '../../components/crud';
import { FamilyListCard, FamilyListTable, useFamilyList } from '../../components/device';
import { projectScreen } from '../../components/project-scoped';
import { useStableCallback } from '../../components/stable-callback';
import { type IllumPage, type IllumSensor, illumApi, illumKeys } from './api';

export const ILLUM_PAGE = '/pjt/pjtdeviceillum';
/** Offered in the column setting. */
const HIDDEN = ['at'];
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

/** /pjt/pjtdeviceillumlist (spec 001 §2): the illumination sensors of the current project. */
export default projectScreen(IllumList);

/** Sensors with their current value (KLux, the last one reported) against their threshold; states live. */
function IllumList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message, confirm } = useFeedback();
  const illum = illumApi(projectId);
  const { list, columns } = useFamilyList<IllumSensor, { keyword: string }, IllumPage>({
    projectId,
    key: illumKeys.sensors(projectId),
    initialFilters: { keyword: '' },
    load: ({ page, pageSize, filters }, includeChildren) =>
      illum.sensors(page, pageSize, filters.keyword, includeChildren),
    // A reported value becomes the current one.
    report: ({ illuminance }, _row, at) => (typeof illuminance === 'number' ? { illuminance, at } : undefined),
    setRegistered: illum.register,
    texts: { namespace: 'illum' },
  });
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

  const shown = useMemo(
    () =>
      columns(sensorColumns(t), {
        detail: detailPath,
        edit: (d) => (
          <Button size="small" type="link" onClick={() => setEnabled(d, !d.enabled)}>
            {d.enabled ? t('illum.disable') : t('illum.enable')}
          </Button>
        ),
        width: { editor: 230, reader: 80 },
      }),
    [columns, t, setEnabled],
  );

  return (
    <FamilyListCard title={t('menu.pjtdeviceillumlist')} hint={t('illum.realdataHint')}>
      {/* The last report hidden to fit 1366 px in both languages (the sensor's page shows it). */}
      <FamilyListTable list={list} columns={shown} hidden={HIDDEN} />
    </FamilyListCard>
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
