import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useIntl } from 'react-intl';

export interface PayerValues {
  firstName: string;
  lastName: string;
  email: string;
}

/** Who pays: first name, last name and the email the receipt goes to, all required. */
export function PayerFields({
  form,
  emailLabel,
}: {
  form: UseFormReturnType<PayerValues>;
  /** The email field's label, already in the page's language (default "Email"). */
  emailLabel?: string;
}) {
  const intl = useIntl();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput
        label={intl.formatMessage({ id: 'payments.payer.firstName', defaultMessage: 'First name' })}
        autoComplete="given-name"
        required
        key={form.key('firstName')}
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label={intl.formatMessage({ id: 'payments.payer.lastName', defaultMessage: 'Last name' })}
        autoComplete="family-name"
        required
        key={form.key('lastName')}
        {...form.getInputProps('lastName')}
      />
      <TextInput
        label={emailLabel ?? intl.formatMessage({ id: 'payments.payer.email', defaultMessage: 'Email' })}
        type="email"
        autoComplete="email"
        required
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
    </SimpleGrid>
  );
}
