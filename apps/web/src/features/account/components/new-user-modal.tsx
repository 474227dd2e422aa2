import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getAuthSession } from '../../../shared/auth/api/sign-in';
import { usePartner } from '../../../shared/partner/partner-context';
import { createUser } from '../api/create-user';
import { accountMessages } from '../messages';
import { phoneProblem } from '../utils/phone';
import { AddressFields, addressValidation, emptyAddress, type AddressValues } from './address-fields';

function splitName(name: string | null | undefined): { firstName: string; lastName: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/**
 * The new-user modal (spec 4 and 5): after the first login, the person's name, address and phone.
 * Names, address, city, state/province and zip are required; address line 2 and phone optional;
 * the phone must be valid (US by default). Saving (POST users) reloads the page.
 */
export function NewUserModal({ onClose }: { onClose: () => void }) {
  const partner = usePartner();
  const intl = useIntl();
  const session = useQuery({ queryKey: ['auth', 'session'], queryFn: getAuthSession, staleTime: 60_000 });
  const email = session.data?.user.email?.trim() ?? '';
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const form = useForm<AddressValues>({
    mode: 'uncontrolled',
    initialValues: emptyAddress,
    validate: addressValidation(intl),
  });
  const [prefilled, setPrefilled] = useState(false);
  if (!prefilled && session.data) {
    setPrefilled(true);
    const name = splitName(session.data.user.name);
    form.setInitialValues({ ...emptyAddress, ...name });
    form.setValues({ ...emptyAddress, ...name });
  }

  const save = useMutation({
    mutationFn: (values: AddressValues) =>
      createUser({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email,
        address1: values.address1.trim(),
        address2: values.address2.trim(),
        city: values.city.trim(),
        state: values.state.trim(),
        zip: values.zip.trim(),
        phone: values.phone.trim(),
      }),
    onSuccess: () => window.location.reload(),
  });

  const submit = (values: AddressValues) => {
    const problem = phoneProblem(values.phone, intl);
    setPhoneError(problem);
    if (problem) return;
    save.mutate(values);
  };

  const noEmail = session.isSuccess && !email;
  return (
    <Modal
      opened
      onClose={onClose}
      title={intl.formatMessage(
        { id: 'account.newUser.title', defaultMessage: 'Welcome to {name}!' },
        { name: partner.name },
      )}
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{
        'aria-label': intl.formatMessage({ id: 'account.newUser.close', defaultMessage: 'Close' }),
      }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            <FormattedMessage
              id="account.newUser.intro"
              defaultMessage="Please tell us a little about yourself to finish setting up your account."
            />
          </Text>
          {noEmail && (
            <Alert color="red" variant="light" role="alert">
              {intl.formatMessage(accountMessages.newUserNoEmail)}
            </Alert>
          )}
          <AddressFields form={form} />
          {phoneError && (
            <Alert color="red" variant="light" role="alert">
              {phoneError}
            </Alert>
          )}
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {intl.formatMessage(accountMessages.newUserSaveFailed, { error: save.error.message })}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button
              type="submit"
              loading={save.isPending || save.isSuccess}
              disabled={noEmail || session.isPending}
            >
              <FormattedMessage id="account.newUser.save" defaultMessage="Save" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
