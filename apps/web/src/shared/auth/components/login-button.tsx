import { Button, type ButtonProps } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useLabels } from '../../../i18n/labels';
import { rememberPostLoginTarget } from '../post-login-target';

/** Login: remembers this page for /redirect, then opens the sign-in page. */
export function LoginButton({ onNavigate, ...props }: ButtonProps & { onNavigate?: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const labels = useLabels();
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
      {labels.login}
    </Button>
  );
}
