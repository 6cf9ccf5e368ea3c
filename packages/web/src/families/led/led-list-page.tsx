import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { CrudColumn } from '../../components/crud';
import { ActiveStateFilter, familyListPage, pagedBy } from '../../components/device';
import { formatReading } from '../../components/format';
import { DEVICE_PAGE, type LedFilters, type LedPage, type LedScreen, ledApi, runtimeOf } from './api';
import { LedBatch } from './led-batch';

const detailPath = (d: { id: number }) => `${DEVICE_PAGE}?id=${d.id}`;

/** /pjt/pjtdeviceledlist (spec 001 §2): the project's LED screens and what they show, live. */
export default familyListPage<LedScreen, LedFilters, LedPage>({
  source: (projectId) => pagedBy(ledApi(projectId)),
  initialFilters: { keyword: '', activeState: '' },
  tools: (list) => <ActiveStateFilter namespace="led" list={list} />,
  // A report becomes the row's runtime.
  report: (values, _row, at) => ({ ...runtimeOf(values), reportedAt: at }),
  // Columns the family's own texts name (the device's common ones are the device list's labels).
  texts: { namespace: 'led', own: new Set(['resolution', 'brightness', 'volume', 'power', 'playing', 'reportedAt']) },
  columns: screenColumns,
  actions: { detail: detailPath, width: { editor: 165, reader: 80 } },
  // Volume in the column setting: with the selection column the words of the headers stay whole at 1366 px.
  hidden: ['no', 'lastActiveAt', 'volume'],
  // Spec 001 "batch power and brightness": the selected screens at once, with the batch's progress.
  selectable: true,
  below: (projectId, list) => <LedBatch projectId={projectId} list={list} />,
  width: 995,
});

/** The screens' columns, built again only for another language: a push then redraws only its own row. */
function screenColumns(t: TFunction): CrudColumn<LedScreen>[] {
  return [
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true, width: 100 },
    { field: 'no', ellipsis: true, width: 100 },
    {
      field: 'resolution',
      dataIndex: 'screenWidth',
      width: 105,
      render: (_, row) => (row.screenWidth && row.screenHeight ? `${row.screenWidth} × ${row.screenHeight}` : '—'),
    },
    { field: 'activeState', kind: { kind: 'active' }, width: 80 },
    {
      field: 'brightness',
      align: 'right',
      width: 110,
      render: (_, row) => <span data-testid="led-brightness">{formatReading(row.brightness)}</span>,
    },
    { field: 'volume', align: 'right', width: 80, render: (_, row) => formatReading(row.volume) },
    {
      field: 'power',
      width: 70,
      render: (_, row) =>
        row.power === null ? (
          '—'
        ) : (
          <Tag color={row.power ? 'green' : 'default'} data-power={String(row.power)}>
            {t(row.power ? 'led.power.on' : 'led.power.off')}
          </Tag>
        ),
    },
    {
      field: 'playing',
      ellipsis: true,
      width: 100,
      render: (_, row) => <span data-testid="led-playing">{row.playing ?? '—'}</span>,
    },
    { field: 'reportedAt', kind: { kind: 'time' }, width: 140 },
    { field: 'registered', kind: { kind: 'registered' }, width: 125 },
    { field: 'lastActiveAt', kind: { kind: 'time' }, width: 170 },
  ];
}
