import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useMapPicks } from './map-picks';

describe('useMapPicks', () => {
  it('drops a picked device on a click and adds one that is not', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useMapPicks([3, 5], onChange));
    expect([...result.current.picked]).toEqual([3, 5]);
    result.current.toggle(3);
    expect(onChange).toHaveBeenLastCalledWith([5]);
    result.current.toggle(7);
    expect(onChange).toHaveBeenLastCalledWith([3, 5, 7]);
  });

  it('adds the devices of an area that are not picked yet, in their order', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useMapPicks([3, 5], onChange));
    result.current.add([9, 5, 1]);
    expect(onChange).toHaveBeenLastCalledWith([3, 5, 9, 1]);
  });
});
