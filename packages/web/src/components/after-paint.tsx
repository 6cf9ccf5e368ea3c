import { type ReactNode, startTransition, useEffect, useState } from 'react';

/** How long a page waits for its first paint before mounting the rest anyway (a hidden tab paints none). */
const PAINT_WAIT_MS = 200;

/**
 * Its children mounted in a task of their own once the screen above them has been painted: a page's
 * parts below the fold (tabs, tables, further cards) do not join the commit that draws the top of the
 * page. Mounting antd components styles and lays out what they add, and a table's measuring row reads
 * its columns' widths as it mounts, which lays out everything still pending: in one task with the
 * rest of the page that was one long task. `placeholder` holds their place meanwhile.
 */
export function AfterPaint({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let done = false;
    const show = () => {
      if (done) return;
      done = true;
      startTransition(() => setShown(true));
    };
    // The frame after the commit is painted, then the next task mounts the rest.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(show);
    });
    const fallback = setTimeout(show, PAINT_WAIT_MS);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, []);
  return shown ? children : placeholder;
}
