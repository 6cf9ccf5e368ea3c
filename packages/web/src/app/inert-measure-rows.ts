import { useEffect } from 'react';

const SELECTOR = '.ant-table-measure-row:not([inert])';

/**
 * antd's tables measure column widths in a hidden row (`aria-hidden`) that repeats the column titles,
 * their buttons included: focusable elements a screen reader cannot see (axe: aria-hidden-focus). Marks
 * such rows `inert` as they appear, which takes them out of the tab order too.
 */
export function useInertMeasureRows(): void {
  useEffect(() => {
    const mark = () => {
      for (const row of document.querySelectorAll(SELECTOR)) row.setAttribute('inert', '');
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}
