import { useLayoutEffect, useRef } from 'react';

/**
 * Moves the view and the focus to the element holding `ref` each time `step` changes after the
 * first render (a multi-step page: cart, payment, thank-you). Without it the page keeps the scroll
 * position of the form it replaced, so a short result can sit above the fold, and a screen reader
 * stays on a button that no longer exists. The element should be focusable (tabIndex -1).
 */
export function useStepFocus<T extends HTMLElement>(step: string) {
  const ref = useRef<T>(null);
  const shown = useRef(step);
  useLayoutEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const element = ref.current;
    if (!element) return;
    if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'start' });
    else window.scrollTo(0, 0);
    element.focus({ preventScroll: true });
  }, [step]);
  return ref;
}

/** Style for a heading the view moves to: clear of the sticky navigation bar, no focus ring on a non-control. */
export const STEP_HEADING_STYLE = { scrollMarginTop: 96, outline: 'none' } as const;
