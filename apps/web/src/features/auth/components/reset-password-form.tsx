import { ERRORS } from '@kinship/domain';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { requestPasswordReset, resetPassword } from '../../../shared/auth/api/sign-in';
import { looksLikeEmail } from '../looks-like-email';
import { MIN_PASSWORD_LENGTH } from './sign-up-form';

/** Asks for the reset mail; says the same whether or not the address has an account. */
export function RequestPasswordResetForm() {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: (value) => (looksLikeEmail(value) ? null : 'Enter a valid email address') },
  });
  const request = useMutation({ mutationFn: (email: string) => requestPasswordReset(email.trim()) });
  if (request.isSuccess) {
    return (
      <Alert variant="default" title="Check your email" role="status">
        If an account exists for <strong>{request.variables}</strong>, we sent it a link to choose a new
        password. The link expires in an hour.
      </Alert>
    );
  }
  return (
    <form onSubmit={form.onSubmit(({ email }) => request.mutate(email))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Enter the email you sign in with and we will send you a link to choose a new password.
        </Text>
        {request.isError && (
          <Alert variant="default" role="alert" title="Could not send the link">
            {request.error.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={request.isPending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';

/** Chooses a new password with the token of the reset mail (an unknown or expired one is told by its code). */
export function NewPasswordForm({ token }: { token: string }) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) =>
        value.length >= MIN_PASSWORD_LENGTH ? null : `Use at least ${MIN_PASSWORD_LENGTH} characters`,
      confirm: (value, values) => (value === values.password ? null : 'The passwords do not match'),
    },
  });
  const reset = useMutation({ mutationFn: (password: string) => resetPassword(token, password) });
  if (reset.isSuccess) {
    return (
      <Alert variant="default" title="Your password was changed" role="status">
        <Text size="sm" mb="sm">
          You can sign in with your new password now.
        </Text>
        <Anchor component={Link} to="/login">
          Go to sign in
        </Anchor>
      </Alert>
    );
  }
  return (
    <form onSubmit={form.onSubmit(({ password }) => reset.mutate(password))} noValidate>
      <Stack gap="md">
        {reset.isError && (
          <Alert variant="default" role="alert" title="Could not change your password">
            {reset.error instanceof ApiError && reset.error.code === ERRORS.TOKEN_INVALID
              ? RESET_LINK_INVALID
              : reset.error.message}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters`}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Repeat the new password"
          autoComplete="new-password"
          required
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={reset.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
