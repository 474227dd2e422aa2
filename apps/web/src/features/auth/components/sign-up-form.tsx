import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../shared/auth/api/get-me';
import { signUpWithEmail } from '../../../shared/auth/api/sign-in';
import { verificationReturnPath } from '../../../shared/auth/post-login-target';
import { looksLikeEmail } from '../looks-like-email';

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
  const queryClient = useQueryClient();
  const form = useForm<SignUpValues>({
    mode: 'uncontrolled',
    initialValues: { firstName: '', lastName: '', email: initialEmail, password: '' },
    validate: {
      firstName: (value) => (value.trim() ? null : 'Enter your first name'),
      lastName: (value) => (value.trim() ? null : 'Enter your last name'),
      email: (value) => (looksLikeEmail(value) ? null : 'Enter a valid email address'),
      password: (value) =>
        value.length >= MIN_PASSWORD_LENGTH ? null : `Use at least ${MIN_PASSWORD_LENGTH} characters`,
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
          <Alert variant="default" role="alert" title="Could not create your account">
            {signUp.error.message}
          </Alert>
        )}
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            miw={140}
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            miw={140}
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </Group>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters`}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={signUp.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
