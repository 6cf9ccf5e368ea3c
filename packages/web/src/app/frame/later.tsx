import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Its children rendered in a commit of their own, after the frame's first one (issue 12: no
 * main-thread task over 100 ms while the console opens). Mounting antd components injects their
 * styles and runs their measurements in the commit, which React cannot split: the frame's first
 * commit holds what the screen needs first (the side menu, the header's bar, the page's place), and
 * the widgets under `Later` follow in the next task. `placeholder` holds their place meanwhile.
 */
export function Later({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setShown(true)));
    return () => clearTimeout(timer);
  }, []);
  return shown ? children : placeholder;
}
