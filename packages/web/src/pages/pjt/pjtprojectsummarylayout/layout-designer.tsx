import '../pjtprojectsummary/texts';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { type LayoutUnit, SUMMARY_UNIT_CODES, type SummaryUnitCode, summaryUnitName } from '@sc/contract';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import ReactGridLayout, { type Layout, type LayoutItem, useContainerWidth } from 'react-grid-layout';
import { getCompactor } from 'react-grid-layout/core';
import 'react-grid-layout/css/styles.css';
import { useTranslation } from 'react-i18next';

/** Units stay where they are put (no compaction) and never push each other. */
const FIXED = getCompactor(null, false, true);
const CELL_HEIGHT = 92;
const MARGIN = 8;

/** The first free cell of the grid, or null when it is full. */
export function freeCell(grid: number, units: readonly LayoutUnit[]): { x: number; y: number } | null {
  for (let y = 0; y < grid; y++)
    for (let x = 0; x < grid; x++)
      if (!units.some((u) => x >= u.x && x < u.x + u.w && y >= u.y && y < u.y + u.h)) return { x, y };
  return null;
}

/** The units of a layout fitted to another grid size: those that no longer fit are dropped. */
export const fitUnits = (grid: number, units: readonly LayoutUnit[]) =>
  units.filter((u) => u.x + u.w <= grid && u.y + u.h <= grid);

/**
 * Places units on a 2x2 or 3x3 grid: drag a unit from the palette onto a cell (or add it to the first free
 * cell), drag placed units to move them and their corner to resize them, remove them with their cross.
 */
export function LayoutDesigner({
  grid,
  units,
  onChange,
}: {
  grid: number;
  units: readonly LayoutUnit[];
  onChange: (units: LayoutUnit[]) => void;
}) {
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useContainerWidth();
  const [dragging, setDragging] = useState<SummaryUnitCode | null>(null);
  const placed = new Set(units.map((u) => u.code));
  const free = freeCell(grid, units);

  const layout: Layout = units.map((u) => ({
    i: String(u.code),
    x: u.x,
    y: u.y,
    w: u.w,
    h: u.h,
    maxW: grid,
    maxH: grid,
  }));
  const fromLayout = (next: Layout): LayoutUnit[] =>
    next
      .filter((item) => item.i !== '__dropping-elem__')
      .map((item) => ({ code: Number(item.i) as SummaryUnitCode, x: item.x, y: item.y, w: item.w, h: item.h }))
      .filter((u) => placed.has(u.code) && u.x + u.w <= grid && u.y + u.h <= grid);
  const add = (code: SummaryUnitCode, at = free) => {
    if (!at || placed.has(code)) return;
    onChange([...units, { code, x: at.x, y: at.y, w: 1, h: 1 }]);
  };

  return (
    <Flex gap={16} align="start">
      <Flex vertical gap={6} style={{ width: 220, flex: 'none' }} data-testid="unit-palette">
        <Typography.Text strong>{t('summary.layouts.palette')}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('summary.layouts.paletteHint')}
        </Typography.Text>
        {SUMMARY_UNIT_CODES.filter((c) => !placed.has(c)).map((code) => {
          const name = summaryUnitName(code)!;
          return (
            <Flex
              key={code}
              align="center"
              justify="space-between"
              draggable={Boolean(free)}
              unselectable="on"
              // Firefox needs data on the drag to start it.
              onDragStart={(e) => {
                e.dataTransfer.setData('text/plain', String(code));
                setDragging(code);
              }}
              onDragEnd={() => setDragging(null)}
              data-testid={`palette-${name}`}
              style={{
                border: '1px dashed #d9d9d9',
                borderRadius: 6,
                padding: '2px 4px 2px 10px',
                cursor: free ? 'grab' : 'not-allowed',
                background: '#fff',
              }}
            >
              <span>{t(`summary.units.${name}`)}</span>
              <Button
                size="small"
                type="link"
                icon={<PlusOutlined />}
                disabled={!free}
                onClick={() => add(code)}
                aria-label={`${t('summary.layouts.addUnit')} ${t(`summary.units.${name}`)}`}
                data-testid={`add-${name}`}
              />
            </Flex>
          );
        })}
        {!free && <Typography.Text type="warning">{t('summary.layouts.gridFull')}</Typography.Text>}
      </Flex>
      <div
        ref={containerRef}
        data-testid="layout-designer"
        style={{
          flex: 1,
          minWidth: 0,
          minHeight: grid * (CELL_HEIGHT + MARGIN) + MARGIN,
          background: `repeating-linear-gradient(0deg, #fafafa, #fafafa ${CELL_HEIGHT}px, #fff ${CELL_HEIGHT}px, #fff ${CELL_HEIGHT + MARGIN}px)`,
          border: '1px solid #f0f0f0',
          borderRadius: 6,
        }}
      >
        {mounted && (
          <ReactGridLayout
            width={width}
            layout={layout}
            gridConfig={{ cols: grid, rowHeight: CELL_HEIGHT, margin: [MARGIN, MARGIN], maxRows: grid }}
            dragConfig={{ enabled: true, cancel: '.unit-remove' }}
            resizeConfig={{ enabled: true, handles: ['se'] }}
            dropConfig={{ enabled: Boolean(free && dragging), defaultItem: { w: 1, h: 1 } }}
            droppingItem={{ i: '__dropping-elem__', x: 0, y: 0, w: 1, h: 1 }}
            compactor={FIXED}
            onLayoutChange={(next) => {
              const changed = fromLayout(next);
              const same =
                changed.length === units.length &&
                changed.every((u) => {
                  const was = units.find((x) => x.code === u.code);
                  return was && was.x === u.x && was.y === u.y && was.w === u.w && was.h === u.h;
                });
              if (!same && changed.length === units.length) onChange(changed);
            }}
            onDrop={(_next, item: LayoutItem | undefined) => {
              if (dragging !== null && item) add(dragging, { x: item.x, y: item.y });
              setDragging(null);
            }}
          >
            {units.map((u) => {
              const name = summaryUnitName(u.code)!;
              return (
                <div
                  key={String(u.code)}
                  data-testid={`placed-${name}`}
                  data-cell={`${u.x},${u.y},${u.w},${u.h}`}
                  style={{
                    background: '#fff7e6',
                    border: '1px solid #ffd591',
                    borderRadius: 6,
                    padding: 8,
                    cursor: 'move',
                    overflow: 'hidden',
                  }}
                >
                  <Flex justify="space-between" align="start" gap={4}>
                    <Typography.Text strong>{t(`summary.units.${name}`)}</Typography.Text>
                    <Button
                      className="unit-remove"
                      size="small"
                      type="text"
                      icon={<CloseOutlined />}
                      aria-label={`${t('summary.layouts.remove')} ${t(`summary.units.${name}`)}`}
                      onClick={() => onChange(units.filter((x) => x.code !== u.code))}
                    />
                  </Flex>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {u.w}x{u.h}
                  </Typography.Text>
                </div>
              );
            })}
          </ReactGridLayout>
        )}
      </div>
    </Flex>
  );
}
