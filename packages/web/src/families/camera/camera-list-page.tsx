import { LIVE_STATES, type LiveState } from '@sc/contract/families/kit';
import { Select, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, PagedList } from '../../components/crud';
import { ActiveStateFilter, familyListPage, pagedBy } from '../../components/device';
import { type CameraFilters, type CameraListRow, type CameraPage, cameraApi, DEVICE_PAGE } from './api';

/** The live state's colour: playing green, starting blue, failed red, idle plain. */
const LIVE_COLORS = { idle: 'default', starting: 'processing', live: 'green', failed: 'red' } as const;

const isLiveState = (v: unknown): v is LiveState => LIVE_STATES.includes(v as LiveState);

const detailPath = (d: { id: number }) => `${DEVICE_PAGE}?id=${d.id}`;

/** /pjt/pjtdevicecameralist (spec 001 §2): the project's cameras, their state live, PTZ and stream mode. */
export default familyListPage<CameraListRow, CameraFilters, CameraPage>({
  source: (projectId) => pagedBy(cameraApi(projectId)),
  initialFilters: { keyword: '', activeState: '', ptz: '' },
  // Cameras send no readings: a state push patches the row's tag, the stream gateway's push its live state.
  report: (values) => (isLiveState(values.live) ? { live: values.live } : undefined),
  lead: (list) => (
    <>
      <PtzFilter list={list} />
      <ActiveStateFilter namespace="camera" list={list} />
    </>
  ),
  texts: {
    namespace: 'camera',
    own: new Set(['code', 'serialNumber', 'streamMode', 'ptzSupported', 'parentName', 'live']),
  },
  columns: cameraColumns,
  actions: { detail: detailPath, width: { editor: 165, reader: 80 } },
  hidden: ['no', 'serialNumber', 'parentName', 'lastActiveAt'],
  width: 1040,
});

/** Cameras with or without PTZ. */
function PtzFilter({ list }: { list: PagedList<CameraListRow, CameraFilters> }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('camera.ptzFilter')}
      data-testid="camera-ptz-filter"
      placeholder={t('camera.ptzFilter')}
      allowClear
      style={{ width: 120 }}
      options={[
        { value: 'true', label: t('camera.yes') },
        { value: 'false', label: t('camera.no') },
      ]}
      value={list.filters.ptz || undefined}
      onChange={(v?: string) => list.setFilters({ ptz: v ?? '' })}
    />
  );
}

/** The cameras' columns, built again only for another language. */
function cameraColumns(t: TFunction): CrudColumn<CameraListRow>[] {
  return [
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true, width: 120 },
    { field: 'no', ellipsis: true, width: 100 },
    { field: 'code', ellipsis: true, width: 100, render: (_, row) => row.code ?? '—' },
    { field: 'serialNumber', ellipsis: true, width: 110, render: (_, row) => row.serialNumber ?? '—' },
    { field: 'activeState', kind: { kind: 'active' }, width: 80 },
    {
      field: 'streamMode',
      width: 90,
      render: (_, row) => (row.streamMode ? row.streamMode.toUpperCase() : '—'),
    },
    {
      field: 'ptzSupported',
      width: 90,
      render: (_, row) => (
        <Tag color={row.ptzSupported ? 'blue' : 'default'} data-ptz={String(row.ptzSupported)}>
          {t(row.ptzSupported ? 'camera.yes' : 'camera.no')}
        </Tag>
      ),
    },
    {
      field: 'live',
      width: 100,
      render: (_, row) => (
        <Tag color={LIVE_COLORS[row.live]} data-live={row.live}>
          {t(`camera.live.states.${row.live}`)}
        </Tag>
      ),
    },
    { field: 'parentName', ellipsis: true, width: 110, render: (_, row) => row.parentName ?? '—' },
    { field: 'registered', kind: { kind: 'registered' }, width: 120 },
    { field: 'lastActiveAt', kind: { kind: 'time' }, width: 170 },
  ];
}
