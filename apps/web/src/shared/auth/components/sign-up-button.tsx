import { Button, type ButtonProps } from '@mantine/core';
import { LABELS } from '@kinship/domain';
import { Link, useLocation } from 'react-router';
import { rememberPostLoginTarget } from '../post-login-target';

/** Sign up!: a link to /signup that, like Login, remembers this page for after the account is made. */
export function SignUpButton({ onNavigate, ...props }: ButtonProps & { onNavigate?: () => void }) {
  const location = useLocation();
  return (
    <Button
      component={Link}
      to="/signup"
      {...props}
      onClick={() => {
        rememberPostLoginTarget(`${location.pathname}${location.search}`);
        onNavigate?.();
      }}
    >
      {LABELS.signUp}
    </Button>
  );
}
