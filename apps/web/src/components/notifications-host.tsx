import { Suspense, useSyncExternalStore } from 'react';
import { lazyNamed } from '../lib/lazy-with-timeout';
import { notificationsHostWanted, subscribeToNotificationsHost } from '../lib/notify';

const Notifications = lazyNamed(() => import('@mantine/notifications'), 'Notifications');

/** Mounts Mantine's notifications container once `notify()` is first called, not on page load. */
export function NotificationsHost() {
  const wanted = useSyncExternalStore(subscribeToNotificationsHost, notificationsHostWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
