import { BorderOutlined, CheckOutlined, CloseOutlined, FormOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AreaDraw, MIN_VERTICES } from './use-area-draw';

/**
 * The buttons of an area drawing beside its map: draw, undo a vertex, finish, clear, and what to do next
 * (or how many devices the closed area holds, `inside`). `actions` follow once an area is closed.
 */
export function AreaDrawBar({ draw, inside, actions }: { draw: AreaDraw; inside?: number; actions?: ReactNode }) {
  const { t } = useTranslation();
  const hint =
    draw.mode === 'drawing'
      ? draw.vertices.length < MIN_VERTICES
        ? t('widgets.area.hintStart', { count: MIN_VERTICES - draw.vertices.length })
        : t('widgets.area.hintClose')
      : draw.mode === 'done'
        ? t('widgets.area.inside', { count: inside ?? 0 })
        : t('widgets.area.hintIdle');
  return (
    <Space wrap data-testid="area-draw" data-mode={draw.mode} data-vertices={draw.vertices.length}>
      {draw.mode !== 'drawing' ? (
        <Button icon={<FormOutlined />} onClick={draw.start} data-testid="area-draw-start">
          {draw.mode === 'done' ? t('widgets.area.redraw') : t('widgets.area.draw')}
        </Button>
      ) : (
        <>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={draw.vertices.length < MIN_VERTICES}
            onClick={() => draw.finish()}
            data-testid="area-draw-finish"
          >
            {t('widgets.area.finish')}
          </Button>
          <Button icon={<UndoOutlined />} disabled={draw.vertices.length === 0} onClick={draw.undo}>
            {t('widgets.area.undo')}
          </Button>
        </>
      )}
      {draw.mode !== 'idle' && (
        <Button icon={<CloseOutlined />} onClick={draw.clear} data-testid="area-draw-clear">
          {t('widgets.area.clear')}
        </Button>
      )}
      <Typography.Text type="secondary" data-testid="area-draw-hint">
        {draw.mode === 'done' && <BorderOutlined style={{ marginRight: 4 }} />}
        {hint}
      </Typography.Text>
      {draw.mode === 'done' && actions}
    </Space>
  );
}
