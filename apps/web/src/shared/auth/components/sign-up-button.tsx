import { Button, type ButtonProps } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useLabels } from '../../../i18n/labels';
import { rememberPostLoginTarget } from '../post-login-target';

/**
 * Sign up!: a link to /signup that, like Login, remembers this page for after the account is made.
 * `email` prefills the form's address (a staff invitation's).
 */
export function SignUpButton({
  onNavigate,
  email,
  ...props
}: ButtonProps & { onNavigate?: () => void; email?: string }) {
  const location = useLocation();
  const labels = useLabels();
  return (
    <Button
      component={Link}
      to={email ? `/signup?${new URLSearchParams({ email }).toString()}` : '/signup'}
      {...props}
      onClick={() => {
        rememberPostLoginTarget(`${location.pathname}${location.search}`);
        onNavigate?.();
      }}
    >
      {labels.signUp}
    </Button>
  );
}
