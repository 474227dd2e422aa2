import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import { useMe } from '../../../shared/auth/api/get-me';

// The form and its phone-number rules load only for the person who needs them.
const NewUserModal = lazyNamed(() => import('./new-user-modal'), 'NewUserModal');

/** Opens the new-user modal for a signed-in account without a person record (spec 4: "first login"). */
export function NewUserGate() {
  const { data: me } = useMe();
  const [dismissed, setDismissed] = useState(false);
  if (!me?.signedIn || !me.isNew || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <NewUserModal onClose={() => setDismissed(true)} />
    </Suspense>
  );
}
