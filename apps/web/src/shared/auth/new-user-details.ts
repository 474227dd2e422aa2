import { useSyncExternalStore } from 'react';

/**
 * Asks the new-user dialog (features/account) to open again after the person closed it: a page that
 * needs a person record (redeeming a code) calls this instead of answering "sign in". The dialog
 * reads the count of requests and opens whenever it grows.
 */
let requests = 0;
const listeners = new Set<() => void>();

export function askForNewUserDetails(): void {
  requests += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNewUserDetailsRequests(): number {
  return useSyncExternalStore(
    subscribe,
    () => requests,
    () => requests,
  );
}
