import './mantine-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';

preloadRoute(window.location.pathname);

// A transition lets React render the first screen in short slices, keeping the page responsive
// (and the main thread free for input) on slow phones, instead of one long task.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
