import { ERRORS } from '@kinship/domain';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { requestPasswordReset, resetPassword } from '../../../shared/auth/api/sign-in';
import { looksLikeEmail } from '../looks-like-email';
import { authMessages, passwordMessages } from '../messages';
import { MIN_PASSWORD_LENGTH } from './sign-up-form';

/** Asks for the reset mail; says the same whether or not the address has an account. */
export function RequestPasswordResetForm() {
  const intl = useIntl();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: {
      email: (value) => (looksLikeEmail(value) ? null : intl.formatMessage(authMessages.enterValidEmail)),
    },
  });
  const request = useMutation({ mutationFn: (email: string) => requestPasswordReset(email.trim()) });
  if (request.isSuccess) {
    return (
      <Alert
        variant="default"
        title={intl.formatMessage({ id: 'auth.reset.checkEmail', defaultMessage: 'Check your email' })}
        role="status"
      >
        <FormattedMessage
          id="auth.reset.sent"
          defaultMessage="If an account exists for <b>{email}</b>, we sent it a link to choose a new password. The link expires in an hour."
          values={{ email: request.variables, b: (chunks) => <strong>{chunks}</strong> }}
        />
      </Alert>
    );
  }
  return (
    <form onSubmit={form.onSubmit(({ email }) => request.mutate(email))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          <FormattedMessage
            id="auth.reset.intro"
            defaultMessage="Enter the email you sign in with and we will send you a link to choose a new password."
          />
        </Text>
        {request.isError && (
          <Alert
            variant="default"
            role="alert"
            title={intl.formatMessage({
              id: 'auth.reset.sendFailed',
              defaultMessage: 'Could not send the link',
            })}
          >
            {request.error.message}
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
        <Button type="submit" loading={request.isPending}>
          <FormattedMessage id="auth.reset.send" defaultMessage="Send reset link" />
        </Button>
      </Stack>
    </form>
  );
}

/** The English of `authMessages.resetLinkInvalid` (tests find the alert by it). */
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';

/** Chooses a new password with the token of the reset mail (an unknown or expired one is told by its code). */
export function NewPasswordForm({ token }: { token: string }) {
  const intl = useIntl();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) =>
        value.length >= MIN_PASSWORD_LENGTH
          ? null
          : intl.formatMessage(passwordMessages.minLength, { count: MIN_PASSWORD_LENGTH }),
      confirm: (value, values) =>
        value === values.password
          ? null
          : intl.formatMessage({ id: 'auth.reset.mismatch', defaultMessage: 'The passwords do not match' }),
    },
  });
  const reset = useMutation({ mutationFn: (password: string) => resetPassword(token, password) });
  if (reset.isSuccess) {
    return (
      <Alert
        variant="default"
        title={intl.formatMessage({ id: 'auth.reset.changed', defaultMessage: 'Your password was changed' })}
        role="status"
      >
        <Text size="sm" mb="sm">
          <FormattedMessage
            id="auth.reset.signInNow"
            defaultMessage="You can sign in with your new password now."
          />
        </Text>
        <Anchor component={Link} to="/login">
          {intl.formatMessage(authMessages.goToSignIn)}
        </Anchor>
      </Alert>
    );
  }
  return (
    <form onSubmit={form.onSubmit(({ password }) => reset.mutate(password))} noValidate>
      <Stack gap="md">
        {reset.isError && (
          <Alert
            variant="default"
            role="alert"
            title={intl.formatMessage({
              id: 'auth.reset.changeFailed',
              defaultMessage: 'Could not change your password',
            })}
          >
            {reset.error instanceof ApiError && reset.error.code === ERRORS.TOKEN_INVALID
              ? intl.formatMessage(authMessages.resetLinkInvalid)
              : reset.error.message}
          </Alert>
        )}
        <PasswordInput
          label={intl.formatMessage({ id: 'auth.reset.newPassword', defaultMessage: 'New password' })}
          description={intl.formatMessage(passwordMessages.atLeast, { count: MIN_PASSWORD_LENGTH })}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={intl.formatMessage({ id: 'auth.reset.repeat', defaultMessage: 'Repeat the new password' })}
          autoComplete="new-password"
          required
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={reset.isPending}>
          <FormattedMessage id="auth.reset.submit" defaultMessage="Change password" />
        </Button>
      </Stack>
    </form>
  );
}
