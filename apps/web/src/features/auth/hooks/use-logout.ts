import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { notify } from '../../../lib/notify';
import { signOut } from '../../../shared/auth/api/sign-in';

/** Signs out, forgets every cached answer and reloads the site root. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const intl = useIntl();
  return useCallback(async () => {
    try {
      await signOut();
    } catch (error) {
      void notify({
        color: 'red.9',
        title: intl.formatMessage({ id: 'account.logoutFailed', defaultMessage: 'Could not log out' }),
        message: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    queryClient.clear();
    window.location.assign('/');
  }, [queryClient, intl]);
}
