import type { LayoutUnit, ProjectSummary } from '@sc/contract';
import { SummaryUnit } from './summary-units';

/** Height of one grid row of the dashboard (a 3x3 grid fills a 1366x768 screen below the frame). */
export const SUMMARY_ROW_HEIGHT = 300;

/**
 * The units of a layout on its grid (2x2 or 3x3), each at its cell and spanning its size: the dashboard
 * and the layout editor's preview draw the same.
 */
export function SummaryGrid({
  grid,
  units,
  data,
  rowHeight = SUMMARY_ROW_HEIGHT,
}: {
  grid: number;
  units: readonly LayoutUnit[];
  data?: ProjectSummary;
  rowHeight?: number;
}) {
  const rows = Math.max(1, ...units.map((u) => u.y + u.h));
  return (
    <div
      data-testid="summary-grid"
      data-grid={grid}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${grid}, minmax(0, 1fr))`,
        gridTemplateRows: `repeat(${Math.min(rows, grid)}, ${rowHeight}px)`,
        gap: 12,
      }}
    >
      {units.map((u) => (
        <div
          key={u.code}
          style={{ gridColumn: `${u.x + 1} / span ${u.w}`, gridRow: `${u.y + 1} / span ${u.h}`, minWidth: 0 }}
        >
          <SummaryUnit unit={u} data={data} height={rowHeight * u.h + 12 * (u.h - 1)} />
        </div>
      ))}
    </div>
  );
}
