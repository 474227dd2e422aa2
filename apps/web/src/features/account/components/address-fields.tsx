import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';

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

const messages = defineMessages({
  firstName: { id: 'account.address.firstName', defaultMessage: 'First name' },
  lastName: { id: 'account.address.lastName', defaultMessage: 'Last name' },
  address1: { id: 'account.address.address1', defaultMessage: 'Address' },
  address2: { id: 'account.address.address2', defaultMessage: 'Address line 2' },
  city: { id: 'account.address.city', defaultMessage: 'City' },
  state: { id: 'account.address.state', defaultMessage: 'State/Province' },
  zip: { id: 'account.address.zip', defaultMessage: 'Zip' },
  phone: { id: 'account.address.phone', defaultMessage: 'Phone' },
  optional: { id: 'account.address.optional', defaultMessage: 'Optional' },
  firstNameRequired: { id: 'account.address.firstNameRequired', defaultMessage: 'First name is required' },
  lastNameRequired: { id: 'account.address.lastNameRequired', defaultMessage: 'Last name is required' },
  address1Required: { id: 'account.address.address1Required', defaultMessage: 'Address is required' },
  cityRequired: { id: 'account.address.cityRequired', defaultMessage: 'City is required' },
  stateRequired: { id: 'account.address.stateRequired', defaultMessage: 'State/Province is required' },
  zipRequired: { id: 'account.address.zipRequired', defaultMessage: 'Zip is required' },
});

const required = (text: string) => (value: string) => (value.trim() ? null : text);

/** The new-user form's rules: names, address, city, state/province and zip required. */
export function addressValidation(intl: IntlShape) {
  return {
    firstName: required(intl.formatMessage(messages.firstNameRequired)),
    lastName: required(intl.formatMessage(messages.lastNameRequired)),
    address1: required(intl.formatMessage(messages.address1Required)),
    city: required(intl.formatMessage(messages.cityRequired)),
    state: required(intl.formatMessage(messages.stateRequired)),
    zip: required(intl.formatMessage(messages.zipRequired)),
  };
}

/** The person's name, address and phone, as the new-user form and the profile details edit them. */
export function AddressFields({ form }: { form: UseFormReturnType<AddressValues> }) {
  const intl = useIntl();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={intl.formatMessage(messages.firstName)}
          autoComplete="given-name"
          required
          key={form.key('firstName')}
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={intl.formatMessage(messages.lastName)}
          autoComplete="family-name"
          required
          key={form.key('lastName')}
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <TextInput
        label={intl.formatMessage(messages.address1)}
        autoComplete="address-line1"
        required
        key={form.key('address1')}
        {...form.getInputProps('address1')}
      />
      <TextInput
        label={intl.formatMessage(messages.address2)}
        autoComplete="address-line2"
        key={form.key('address2')}
        {...form.getInputProps('address2')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={intl.formatMessage(messages.city)}
          autoComplete="address-level2"
          required
          key={form.key('city')}
          {...form.getInputProps('city')}
        />
        <TextInput
          label={intl.formatMessage(messages.state)}
          autoComplete="address-level1"
          required
          key={form.key('state')}
          {...form.getInputProps('state')}
        />
        <TextInput
          label={intl.formatMessage(messages.zip)}
          autoComplete="postal-code"
          required
          key={form.key('zip')}
          {...form.getInputProps('zip')}
        />
      </SimpleGrid>
      <TextInput
        label={intl.formatMessage(messages.phone)}
        type="tel"
        autoComplete="tel"
        description={intl.formatMessage(messages.optional)}
        key={form.key('phone')}
        {...form.getInputProps('phone')}
      />
    </>
  );
}
