import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export interface PayerValues {
  firstName: string;
  lastName: string;
  email: string;
}

/** Who pays: first name, last name and the email the receipt goes to, all required. */
export function PayerFields({
  form,
  emailLabel = 'Email',
}: {
  form: UseFormReturnType<PayerValues>;
  emailLabel?: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput
        label="First name"
        autoComplete="given-name"
        required
        key={form.key('firstName')}
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label="Last name"
        autoComplete="family-name"
        required
        key={form.key('lastName')}
        {...form.getInputProps('lastName')}
      />
      <TextInput
        label={emailLabel}
        type="email"
        autoComplete="email"
        required
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
    </SimpleGrid>
  );
}
