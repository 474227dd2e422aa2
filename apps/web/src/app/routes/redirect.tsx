import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { meQueryOptions } from '../../shared/auth/api/get-me';
import { forgetPostLoginTarget, peekPostLoginTarget } from '../../shared/auth/post-login-target';

/** /redirect: the login return address; goes to the page the person was on when they chose Login, else home. */
export function RedirectRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [target] = useState(peekPostLoginTarget);
  const intl = useIntl();

  useEffect(() => {
    forgetPostLoginTarget();
    void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    void navigate(target, { replace: true });
  }, [navigate, queryClient, target]);

  return (
    <main>
      <LoadingScreen
        message={intl.formatMessage({ id: 'redirect.signingIn', defaultMessage: 'Signing you in…' })}
      />
    </main>
  );
}
