import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * A screen loaded on first visit (React.lazy) whose module can also be asked for ahead of its render
 * (preloadPage): the route's loader starts it beside its own calls, so the screen's chunk is not
 * fetched only once the frame around it has rendered.
 */
export function lazyPage<T extends ComponentType>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  let loading: Promise<{ default: T }> | null = null;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a chunk that failed (network) is asked again next time
      throw error;
    });
    return loading;
  };
  const page = lazy(once);
  loaders.set(page, once);
  return page;
}

/** Starts loading a lazyPage's module (nothing for another component); failures are left to its render. */
export function preloadPage(page: object | undefined): void {
  if (page)
    void loaders
      .get(page)?.()
      .catch(() => undefined);
}
