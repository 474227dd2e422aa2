import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyNamed } from './lazy-with-timeout';

let mounts = 0;
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(() => {
    mounts += 1;
    return 0;
  });
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

const page = () => Promise.resolve({ Counter });

describe('lazyNamed', () => {
  it('suspends on a first render when its chunk is not loaded yet, then shows the page', async () => {
    const LazyCounter = lazyNamed(page, 'Counter');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyCounter label="Clicked" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Clicked 0' })).toBeInTheDocument();
  });

  it('renders at once, without the fallback, when preloaded', async () => {
    const LazyCounter = lazyNamed(page, 'Counter');
    await LazyCounter.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyCounter label="Clicked" />
      </Suspense>,
    );
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clicked 0' })).toBeInTheDocument();
  });

  it('keeps a page mounted (and its state) when re-rendered after its chunk arrived', async () => {
    const LazyCounter = lazyNamed(page, 'Counter');
    mounts = 0;
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyCounter label="First" />
      </Suspense>,
    );
    await screen.findByRole('button', { name: 'First 0' });
    act(() => screen.getByRole('button', { name: 'First 0' }).click());
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <LazyCounter label="Second" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Second 1' })).toBeInTheDocument();
    expect(mounts).toBe(1);
  });

  it('loads its chunk once however often it is preloaded', async () => {
    let loads = 0;
    const LazyCounter = lazyNamed(() => {
      loads += 1;
      return page();
    }, 'Counter');
    await Promise.all([LazyCounter.preload(), LazyCounter.preload()]);
    render(<LazyCounter label="Once" />);
    expect(loads).toBe(1);
  });
});
