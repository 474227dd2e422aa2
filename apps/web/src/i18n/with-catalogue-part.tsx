import { createElement, useEffect, type ComponentProps, type ComponentType } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import type { PreloadableComponent } from '../lib/lazy-with-timeout';
import type { CataloguePart } from './catalogue';
import { useCataloguePart } from './locale-provider';

/**
 * A lazy page that shows its texts from a catalogue part the first load leaves out (the public
 * screens past the landing, listing and profile pages): the part and the page's chunk load side by
 * side, and the page renders once both are there, so no English flashes by. In en-US (no
 * catalogue) it is the page itself, at once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withCataloguePart<C extends ComponentType<any>>(
  part: CataloguePart,
  Page: PreloadableComponent<C>,
): PreloadableComponent<C> {
  function Gated(props: ComponentProps<C>) {
    const ready = useCataloguePart(part);
    useEffect(() => {
      if (!ready) void Page.preload().catch(() => undefined); // a failure shows when the page renders
    }, [ready]);
    return ready ? createElement(Page, props) : <LoadingScreen />;
  }
  Gated.displayName = `WithCatalogue(${Page.displayName ?? 'page'})`;
  return Object.assign(Gated, { preload: Page.preload });
}
