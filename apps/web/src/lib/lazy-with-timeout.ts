import { LAZY_CHUNK_TIMEOUT_SECONDS } from '@kinship/domain';
import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

/** A lazily loaded component whose chunk can be asked for ahead of its first render. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PreloadableComponent<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & {
  /** Starts loading the chunk (once); resolves when the component is ready. */
  preload(): Promise<unknown>;
};

/**
 * A lazily loaded named export that gives up after 120 seconds (spec 9), so the error boundary can
 * offer a reload. When its chunk has already loaded (see `preload`), it renders at once instead of
 * suspending for a round of the loading fallback. Each mounted instance keeps the form it started
 * with, so a later re-render never swaps the element type (which would remount the page).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): PreloadableComponent<M[K]> {
  let loaded: M[K] | undefined;
  let pending: Promise<{ default: M[K] }> | undefined;
  const start = () =>
    (pending ??= withTimeout(load()).then(
      (module) => {
        loaded = module[name];
        return { default: module[name] };
      },
      (error: unknown) => {
        pending = undefined; // a later preload may try again (React.lazy keeps its own failure)
        throw error;
      },
    ));
  const Lazy = lazy(start);
  function Preloadable(props: ComponentProps<M[K]>) {
    const [{ component }] = useState(() => ({
      component: (loaded ?? Lazy) as ComponentType<ComponentProps<M[K]>>,
    }));
    return createElement(component, props);
  }
  Preloadable.displayName = `Lazy(${String(name)})`;
  return Object.assign(Preloadable, { preload: start });
}

async function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('This part of the site took too long to load.')),
      LAZY_CHUNK_TIMEOUT_SECONDS * 1000,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
