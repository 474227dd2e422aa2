import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import { useMe } from '../../../shared/auth/api/get-me';
import { useNewUserDetailsRequests } from '../../../shared/auth/new-user-details';

// The form and its phone-number rules load only for the person who needs them.
const NewUserModal = lazyNamed(() => import('./new-user-modal'), 'NewUserModal');

/**
 * Opens the new-user modal for a signed-in account without a person record (spec 4: "first login"),
 * over whatever page the person is on; the page behind already knows them as signed in. Closed, it
 * opens again when a page asks for the details (`askForNewUserDetails`).
 */
export function NewUserGate() {
  const { data: me } = useMe();
  const requests = useNewUserDetailsRequests();
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  if (!me?.signedIn || !me.isNew || dismissedAt === requests) return null;
  return (
    <Suspense fallback={null}>
      <NewUserModal onClose={() => setDismissedAt(requests)} />
    </Suspense>
  );
}
