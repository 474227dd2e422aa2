import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { meQueryOptions } from '../../../shared/auth/api/get-me';
import { signInWithEmail } from '../../../shared/auth/api/sign-in';
import { looksLikeEmail } from '../looks-like-email';
import { authMessages } from '../messages';

/** Email and password sign-in; `onSignedIn` runs once the session cookie is set. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (looksLikeEmail(value) ? null : intl.formatMessage(authMessages.enterValidEmail)),
      password: (value) =>
        value
          ? null
          : intl.formatMessage({ id: 'auth.login.enterPassword', defaultMessage: 'Enter your password' }),
    },
  });
  const signIn = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      signInWithEmail(email.trim(), password),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      onSignedIn();
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
      <Stack gap="md">
        {signIn.isError && (
          <Alert variant="default" role="alert" title={intl.formatMessage(authMessages.couldNotSignIn)}>
            {signIn.error.message ||
              intl.formatMessage({
                id: 'auth.login.checkCredentials',
                defaultMessage: 'Check your email and password and try again.',
              })}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage(authMessages.email)}
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={intl.formatMessage(authMessages.password)}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/reset-password" size="sm">
            <FormattedMessage id="auth.login.forgotPassword" defaultMessage="Forgot password?" />
          </Anchor>
        </Group>
        <Button type="submit" loading={signIn.isPending}>
          <FormattedMessage id="auth.login.submit" defaultMessage="Sign in" />
        </Button>
      </Stack>
    </form>
  );
}
