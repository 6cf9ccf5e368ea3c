import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

function Probe({ query }: { query: string }) {
  return <span>{useMediaQuery(query) ? 'yes' : 'no'}</span>;
}

describe('useMediaQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the query as the window changes', () => {
    let matches = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({
        get matches() {
          return matches;
        },
        addEventListener: (_: string, f: () => void) => listeners.add(f),
        removeEventListener: (_: string, f: () => void) => listeners.delete(f),
      })),
    );
    render(<Probe query="(prefers-reduced-motion: reduce)" />);
    expect(screen.getByText('no')).toBeTruthy();
    act(() => {
      matches = true;
      for (const f of listeners) f();
    });
    expect(screen.getByText('yes')).toBeTruthy();
  });

  it('matches nothing where the renderer answers no query', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Probe query="(max-width: 767.98px)" />);
    expect(screen.getByText('no')).toBeTruthy();
  });
});
