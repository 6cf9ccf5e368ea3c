import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Later } from './later';

afterEach(() => vi.useRealTimers());

describe('Later', () => {
  it('commits its children after the first commit, in a task of their own, its placeholder meanwhile', async () => {
    vi.useFakeTimers();
    render(
      <div>
        <span>frame</span>
        <Later placeholder={<i data-testid="placeholder" />}>
          <b data-testid="widget" />
        </Later>
      </div>,
    );
    // The first commit: the frame and the placeholder, not the widget.
    expect(screen.getByText('frame')).toBeTruthy();
    expect(screen.getByTestId('placeholder')).toBeTruthy();
    expect(screen.queryByTestId('widget')).toBeNull();
    // The next task renders the widget.
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(screen.getByTestId('widget')).toBeTruthy();
    expect(screen.queryByTestId('placeholder')).toBeNull();
  });
});
