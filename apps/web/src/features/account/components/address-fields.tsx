import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export interface AddressValues {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

export const emptyAddress: AddressValues = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
};

const required = (label: string) => (value: string) => (value.trim() ? null : `${label} is required`);

/** The new-user form's rules: names, address, city, state/province and zip required. */
export const addressValidation = {
  firstName: required('First name'),
  lastName: required('Last name'),
  address1: required('Address'),
  city: required('City'),
  state: required('State/Province'),
  zip: required('Zip'),
};

/** The person's name, address and phone, as the new-user form and the profile details edit them. */
export function AddressFields({ form }: { form: UseFormReturnType<AddressValues> }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
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
      </SimpleGrid>
      <TextInput
        label="Address"
        autoComplete="address-line1"
        required
        key={form.key('address1')}
        {...form.getInputProps('address1')}
      />
      <TextInput
        label="Address line 2"
        autoComplete="address-line2"
        key={form.key('address2')}
        {...form.getInputProps('address2')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="City"
          autoComplete="address-level2"
          required
          key={form.key('city')}
          {...form.getInputProps('city')}
        />
        <TextInput
          label="State/Province"
          autoComplete="address-level1"
          required
          key={form.key('state')}
          {...form.getInputProps('state')}
        />
        <TextInput
          label="Zip"
          autoComplete="postal-code"
          required
          key={form.key('zip')}
          {...form.getInputProps('zip')}
        />
      </SimpleGrid>
      <TextInput
        label="Phone"
        type="tel"
        autoComplete="tel"
        description="Optional"
        key={form.key('phone')}
        {...form.getInputProps('phone')}
      />
    </>
  );
}
