import type { NotificationData } from '@mantine/notifications';

let hostWanted = false;
const listeners = new Set<() => void>();

/** Subscribes to the moment the first notification is asked for (see `NotificationsHost`). */
export function subscribeToNotificationsHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notificationsHostWanted(): boolean {
  return hostWanted;
}

/**
 * Shows a toast. Mantine's notifications code (and its transition library) loads on the first call,
 * so a page that never shows a toast never downloads it. Use this instead of importing
 * `notifications` from '@mantine/notifications': a direct import would not mount the container.
 */
export async function notify(data: NotificationData): Promise<void> {
  const { notifications } = await import('@mantine/notifications');
  if (!hostWanted) {
    hostWanted = true;
    listeners.forEach((listener) => listener());
  }
  notifications.show(data);
}
