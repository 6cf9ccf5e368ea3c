import { type PointerEvent, type ReactNode, useRef, useState } from 'react';

/** Headers a dialog can be dragged by: a Modal's title bar, or a confirm's title. */
const HANDLE = '.ant-modal-header, .ant-modal-confirm-title';

/** `value` within [low, high]; a panel larger than the window may only move back towards its top left. */
const clamp = (value: number, low: number, high: number) =>
  Math.min(Math.max(value, Math.min(low, 0)), Math.max(high, 0));

/**
 * Wraps a dialog's panel (antd `modalRender`) and moves it while the pointer drags its header.
 * Pointer capture keeps the drag going when the pointer leaves the header.
 */
export function DragFrame({ children }: { children: ReactNode }) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const start = useRef<{ x: number; y: number; ox: number; oy: number; rect: DOMRect } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.button !== 0 || !target.closest(HANDLE) || target.closest('button')) return;
    const panel = event.currentTarget.firstElementChild ?? event.currentTarget;
    start.current = {
      x: event.clientX,
      y: event.clientY,
      ox: offset.x,
      oy: offset.y,
      rect: panel.getBoundingClientRect(),
    };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    if (!from) return;
    // The dialog stays inside the window (issue 13: it could be dragged off-screen, mask still on).
    const { rect } = from;
    const dx = clamp(event.clientX - from.x, -rect.left, window.innerWidth - rect.right);
    const dy = clamp(event.clientY - from.y, -rect.top, window.innerHeight - rect.bottom);
    setOffset({ x: from.ox + dx, y: from.oy + dy });
  };
  const onPointerUp = () => {
    start.current = null;
  };

  return (
    <div
      className="drag-frame"
      data-testid="drag-frame"
      style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      {children}
    </div>
  );
}

export const draggableRender = (node: ReactNode) => <DragFrame>{node}</DragFrame>;
