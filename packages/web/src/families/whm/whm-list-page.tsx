import { Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { CrudColumn } from '../../components/crud';
import { familyListPage, pagedBy } from '../../components/device';
import { formatReading } from '../../components/format';
import { DEVICE_PAGE, type WhmFilters, type WhmMeter, type WhmPage, whmApi } from './api';
import { WhmProjectEnergy } from './whm-project-energy';

const detailPath = (m: { id: number }) => `${DEVICE_PAGE}?id=${m.id}`;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * /pjt/pjtdevicewhmlist (spec 001 §2-§3): the project's meters with their live reading and pick time,
 * and the project's consumption per day, month or year below them.
 */
export default familyListPage<WhmMeter, WhmFilters, WhmPage>({
  source: (projectId) => pagedBy(whmApi(projectId)),
  initialFilters: { keyword: '' },
  // A reading becomes the live reading and pick time.
  report: (values, _row, at) => ({ reading: num(values.reading), power: num(values.power), pickedAt: at }),
  texts: { namespace: 'whm' },
  columns: meterColumns,
  // The sum of the columns' widths: the table scrolls only when the window is narrower than 1366 px.
  width: 1050,
  below: (projectId) => <WhmProjectEnergy projectId={projectId} />,
});

/** The meters' columns, built again only for another language: a push then redraws only its own row. */
function meterColumns(t: TFunction): CrudColumn<WhmMeter>[] {
  return [
    // Widths that fit 1366 px with the pinned actions (issue 13: registration was cut behind them); the
    // table is as wide as their sum (the declared width) and long values end in an ellipsis.
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true, width: 120 },
    { field: 'no', ellipsis: true, width: 110 },
    { field: 'parentName', ellipsis: true, width: 100 },
    {
      field: 'peripheralIndex',
      align: 'right',
      width: 70,
      // "Peripheral index" wrapped mid-word in en-US (issue 13): a short header, the label in its tooltip.
      title: (
        <Tooltip title={t('whm.fields.peripheralIndex')}>
          <span style={{ whiteSpace: 'nowrap' }}>{t('whm.indexColumn')}</span>
        </Tooltip>
      ),
    },
    // "读数 (kWh)" wrapped at 95 px (issue 13): one line.
    { field: 'reading', align: 'right', width: 115, render: (v) => formatReading(num(v)) },
    { field: 'pickedAt', kind: { kind: 'time' }, width: 165 },
    { field: 'activeState', kind: { kind: 'active' }, width: 80 },
    { field: 'registered', kind: { kind: 'registered' }, width: 105 },
    { field: 'inUse', kind: { kind: 'flag' }, width: 70 },
  ];
}
