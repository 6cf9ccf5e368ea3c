import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { DraggableModal } from './draggable-modal';

describe('DraggableModal', () => {
  it('moves with the pointer dragging its header, not its body', () => {
    renderWithApp(
      <DraggableModal open title="标题">
        <p>正文</p>
      </DraggableModal>,
    );
    const frame = screen.getByTestId('drag-frame');
    fireEvent.pointerDown(screen.getByText('标题'), { button: 0, clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(frame, { clientX: 60, clientY: 40, pointerId: 1 });
    fireEvent.pointerUp(frame, { pointerId: 1 });
    expect(frame.style.transform).toBe('translate(50px, 30px)');

    fireEvent.pointerDown(screen.getByText('正文'), { button: 0, clientX: 0, clientY: 0, pointerId: 1 });
    fireEvent.pointerMove(frame, { clientX: 100, clientY: 100, pointerId: 1 });
    expect(frame.style.transform).toBe('translate(50px, 30px)');
  });
});
