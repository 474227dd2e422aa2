import { Text, VisuallyHidden } from '@mantine/core';
import classes from './loading-screen.module.css';

/** A loading state: an optional message and a pulsing dot, announced politely to screen readers. */
export function LoadingScreen({ message }: { message?: string | undefined }) {
  return (
    <div className={classes.root} role="status" aria-live="polite">
      <span className={classes.dot} aria-hidden="true" />
      {message ? <Text c="dimmed">{message}</Text> : <VisuallyHidden>Loading…</VisuallyHidden>}
    </div>
  );
}
