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

  it('stays inside the window however far it is dragged', () => {
    renderWithApp(
      <DraggableModal open title="标题">
        <p>正文</p>
      </DraggableModal>,
    );
    const frame = screen.getByTestId('drag-frame');
    const panel = frame.firstElementChild as HTMLElement;
    // A 400 x 300 panel at (300, 100) in a window of jsdom's 1024 x 768.
    panel.getBoundingClientRect = () =>
      ({ left: 300, top: 100, right: 700, bottom: 400, width: 400, height: 300 }) as DOMRect;
    fireEvent.pointerDown(screen.getByText('标题'), { button: 0, clientX: 500, clientY: 120, pointerId: 1 });
    fireEvent.pointerMove(frame, { clientX: 5000, clientY: -5000, pointerId: 1 });
    expect(frame.style.transform).toBe(`translate(${window.innerWidth - 700}px, -100px)`);
    fireEvent.pointerMove(frame, { clientX: -5000, clientY: 5000, pointerId: 1 });
    expect(frame.style.transform).toBe(`translate(-300px, ${window.innerHeight - 400}px)`);
  });
});
