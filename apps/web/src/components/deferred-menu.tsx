import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** What a stand-in trigger must spread on itself so it loads and opens the real menu. */
export interface MenuStubProps {
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
  'aria-haspopup': 'menu';
  'aria-expanded': false;
}

class StubOnError extends Component<{ stub: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? this.props.stub : this.props.children;
  }
}

/**
 * A dropdown whose code (Mantine's Menu and its floating layer) loads on first use instead of with
 * the page: `stub` draws the trigger exactly as the loaded menu will, hovering or focusing it starts
 * the download, and activating it swaps in `menu`, which opens itself (see `useOpenedOnArrival`).
 */
export function DeferredMenu({
  stub,
  menu,
  preload,
}: {
  stub: (props: MenuStubProps) => ReactNode;
  menu: ReactNode;
  preload: () => void;
}) {
  const [active, setActive] = useState(false);
  const stubElement = stub({
    onClick: () => setActive(true),
    onPointerEnter: preload,
    onFocus: preload,
    'aria-haspopup': 'menu',
    'aria-expanded': false,
  });
  if (!active) return stubElement;
  return (
    <StubOnError stub={stubElement}>
      <Suspense fallback={stubElement}>{menu}</Suspense>
    </StubOnError>
  );
}

/**
 * For a menu that replaces its stand-in: focuses the trigger, then opens, so the menu's focus trap
 * takes over from the trigger and Escape returns focus to it, as if the menu had been there all along.
 */
export function useOpenedOnArrival<T extends HTMLElement>(openOnArrival: boolean) {
  const target = useRef<T>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!openOnArrival) return;
    target.current?.focus();
    const timer = setTimeout(() => setOpened(true), 0);
    return () => clearTimeout(timer);
  }, [openOnArrival]);
  return { target, opened, setOpened };
}
