import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { meQueryOptions } from '../../../shared/auth/api/get-me';
import { signUpWithEmail } from '../../../shared/auth/api/sign-in';
import { verificationReturnPath } from '../../../shared/auth/post-login-target';
import { looksLikeEmail } from '../looks-like-email';
import { authMessages, passwordMessages } from '../messages';

export const MIN_PASSWORD_LENGTH = 8;

interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * Creates an account. `onSignedUp` learns whether the person is signed in now, or must first follow
 * the confirmation link the server emails (when it requires a verified address); that link returns
 * to the page the person came from. `initialEmail` prefills the address (a staff invitation's).
 */
export function SignUpForm({
  onSignedUp,
  initialEmail = '',
}: {
  onSignedUp: (result: { signedIn: boolean; email: string }) => void;
  initialEmail?: string;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const form = useForm<SignUpValues>({
    mode: 'uncontrolled',
    initialValues: { firstName: '', lastName: '', email: initialEmail, password: '' },
    validate: {
      firstName: (value) =>
        value.trim()
          ? null
          : intl.formatMessage({ id: 'auth.signUp.enterFirstName', defaultMessage: 'Enter your first name' }),
      lastName: (value) =>
        value.trim()
          ? null
          : intl.formatMessage({ id: 'auth.signUp.enterLastName', defaultMessage: 'Enter your last name' }),
      email: (value) => (looksLikeEmail(value) ? null : intl.formatMessage(authMessages.enterValidEmail)),
      password: (value) =>
        value.length >= MIN_PASSWORD_LENGTH
          ? null
          : intl.formatMessage(passwordMessages.minLength, { count: MIN_PASSWORD_LENGTH }),
    },
  });
  const signUp = useMutation({
    mutationFn: (values: SignUpValues) =>
      signUpWithEmail(
        `${values.firstName.trim()} ${values.lastName.trim()}`,
        values.email.trim(),
        values.password,
        verificationReturnPath(),
      ),
    onSuccess: async (_answer, values) => {
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      const me = await queryClient.fetchQuery(meQueryOptions());
      onSignedUp({ signedIn: me.signedIn, email: values.email.trim() });
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => signUp.mutate(values))} noValidate>
      <Stack gap="md">
        {signUp.isError && (
          <Alert
            variant="default"
            role="alert"
            title={intl.formatMessage({
              id: 'auth.signUp.failed',
              defaultMessage: 'Could not create your account',
            })}
          >
            {signUp.error.message}
          </Alert>
        )}
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={intl.formatMessage(authMessages.firstName)}
            autoComplete="given-name"
            required
            miw={140}
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={intl.formatMessage(authMessages.lastName)}
            autoComplete="family-name"
            required
            miw={140}
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </Group>
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
          description={intl.formatMessage(passwordMessages.atLeast, { count: MIN_PASSWORD_LENGTH })}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={signUp.isPending}>
          <FormattedMessage id="auth.signUp.submit" defaultMessage="Create account" />
        </Button>
      </Stack>
    </form>
  );
}
