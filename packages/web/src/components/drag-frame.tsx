import { type PointerEvent, type ReactNode, useRef, useState } from 'react';

/** Headers a dialog can be dragged by: a Modal's title bar, or a confirm's title. */
const HANDLE = '.ant-modal-header, .ant-modal-confirm-title';

/**
 * Wraps a dialog's panel (antd `modalRender`) and moves it while the pointer drags its header.
 * Pointer capture keeps the drag going when the pointer leaves the header.
 */
export function DragFrame({ children }: { children: ReactNode }) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const start = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.button !== 0 || !target.closest(HANDLE) || target.closest('button')) return;
    start.current = { x: event.clientX, y: event.clientY, ox: offset.x, oy: offset.y };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    if (!from) return;
    setOffset({ x: from.ox + event.clientX - from.x, y: from.oy + event.clientY - from.y });
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
