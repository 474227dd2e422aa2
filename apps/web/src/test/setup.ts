import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait 1 s by default: a lazy-loaded section's first import takes longer than
// that when a server test file runs on the other core. A missing element still fails, after 5 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// Mantine reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  // As in browsers, an empty query matches (mantine-datatable shows a column whose query is empty).
  window.matchMedia = (query: string) =>
    ({
      matches: query.trim() === '',
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = () => undefined;
// mantine-datatable scrolls its viewport back to the top on a new page.
Element.prototype.scrollTo ??= () => undefined;
// Mantine's Combobox scrolls the selected option into view.
Element.prototype.scrollIntoView ??= () => undefined;
// Mantine's autosize Textarea listens for web fonts loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
