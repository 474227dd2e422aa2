import { Button, type ButtonProps } from '@mantine/core';
import { LABELS } from '@kinship/domain';
import { useLocation, useNavigate } from 'react-router';
import { rememberPostLoginTarget } from '../post-login-target';

/** Login: remembers this page for /redirect, then opens the sign-in page. */
export function LoginButton({ onNavigate, ...props }: ButtonProps & { onNavigate?: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Button
      variant="default"
      {...props}
      onClick={() => {
        rememberPostLoginTarget(`${location.pathname}${location.search}`);
        onNavigate?.();
        void navigate('/login');
      }}
    >
      {LABELS.login}
    </Button>
  );
}
