import { LAZY_CHUNK_TIMEOUT_SECONDS } from '@kinship/domain';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded named export that gives up after 120 seconds (spec 9), so the error boundary can offer a reload. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('This part of the site took too long to load.')),
        LAZY_CHUNK_TIMEOUT_SECONDS * 1000,
      );
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { default: module[name] };
    } finally {
      clearTimeout(timer);
    }
  });
}
