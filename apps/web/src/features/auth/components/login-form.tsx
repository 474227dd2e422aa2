import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { meQueryOptions } from '../../../shared/auth/api/get-me';
import { signInWithEmail } from '../../../shared/auth/api/sign-in';
import { looksLikeEmail } from '../looks-like-email';

/** Email and password sign-in; `onSignedIn` runs once the session cookie is set. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (looksLikeEmail(value) ? null : 'Enter a valid email address'),
      password: (value) => (value ? null : 'Enter your password'),
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
          <Alert variant="default" role="alert" title="Could not sign in">
            {signIn.error.message || 'Check your email and password and try again.'}
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
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/reset-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
