import { Alert, Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LOCALE_NAMES, type Locale, type User } from '@kinship/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/locale-provider';
import { deleteUser, downloadMyData, downloadStatement, updateUser } from '../api/manage-account';
import { phoneProblem } from '../utils/phone';
import { AddressFields, addressValidation, type AddressValues } from './address-fields';

function valuesOf(user: User): AddressValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    address1: user.address1 ?? '',
    address2: user.address2 ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    zip: user.zip ?? '',
    phone: user.phone ?? '',
  };
}

function DetailsForm({ user }: { user: User }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { locale, locales, setLocale } = useLocale();
  // The language is a choice only where the site offers more than one; it starts at the page's.
  const [language, setLanguage] = useState<Locale>(locale);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const form = useForm<AddressValues>({
    mode: 'uncontrolled',
    initialValues: valuesOf(user),
    validate: addressValidation(intl),
  });
  const save = useMutation({
    mutationFn: (values: AddressValues) =>
      updateUser(user.id, {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        address1: values.address1.trim(),
        address2: values.address2.trim(),
        city: values.city.trim(),
        state: values.state.trim(),
        zip: values.zip.trim(),
        phone: values.phone.trim(),
        ...(locales.length > 1 ? { locale: language } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      if (language !== locale) await setLocale(language);
    },
  });
  const submit = (values: AddressValues) => {
    const problem = phoneProblem(values.phone, intl);
    setPhoneError(problem);
    if (!problem) save.mutate(values);
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="account.details.signedInAs"
            defaultMessage="Signed in as {email}"
            values={{ email: user.email }}
          />
        </Text>
        <AddressFields form={form} />
        {locales.length > 1 && (
          <Select
            label={intl.formatMessage({ id: 'account.details.language', defaultMessage: 'Language' })}
            description={intl.formatMessage({
              id: 'account.details.languageHint',
              defaultMessage: 'The language of this site and of the mail we send you.',
            })}
            data={locales.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
            value={language}
            onChange={(value) => value && setLanguage(value as Locale)}
            allowDeselect={false}
          />
        )}
        {phoneError && (
          <Alert color="red" variant="light" role="alert">
            {phoneError}
          </Alert>
        )}
        {save.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={intl.formatMessage({
              id: 'account.details.saveFailed',
              defaultMessage: 'Your details could not be saved',
            })}
          >
            {save.error.message}
          </Alert>
        )}
        {save.isSuccess && (
          <Alert color="green" variant="light" role="status">
            <FormattedMessage id="account.details.saved" defaultMessage="Your details were saved." />
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            <FormattedMessage id="account.details.save" defaultMessage="Save details" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StatementDownload({ user }: { user: User }) {
  const intl = useIntl();
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 5 }, (_, index) => String(thisYear - index));
  const [year, setYear] = useState(String(thisYear - 1));
  const download = useMutation({ mutationFn: (chosen: number) => downloadStatement(user.id, chosen) });
  return (
    <Stack gap="sm">
      <Text size="sm">
        <FormattedMessage
          id="account.statement.intro"
          defaultMessage="A PDF of your gifts to us in one calendar year, with the tax notice, for your records."
        />
      </Text>
      <Group align="flex-end">
        <Select
          label={intl.formatMessage({ id: 'account.statement.year', defaultMessage: 'Year' })}
          data={years}
          value={year}
          onChange={(value) => value && setYear(value)}
          allowDeselect={false}
          w={120}
        />
        <Button variant="default" onClick={() => download.mutate(Number(year))} loading={download.isPending}>
          <FormattedMessage id="account.statement.download" defaultMessage="Download statement" />
        </Button>
      </Group>
      {download.isError && (
        <Alert color="red" variant="light" role="alert">
          {download.error.message}
        </Alert>
      )}
    </Stack>
  );
}

function YourData({ user }: { user: User }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const exportData = useMutation({ mutationFn: () => downloadMyData(user.id) });
  const remove = useMutation({
    mutationFn: () => deleteUser(user.id),
    onSuccess: () => {
      queryClient.clear();
      window.location.assign('/');
    },
  });
  return (
    <Stack gap="sm">
      <Text size="sm">
        <FormattedMessage
          id="account.data.intro"
          defaultMessage="Download everything we hold about you, or delete your account."
        />
      </Text>
      <Group>
        <Button variant="default" onClick={() => exportData.mutate()} loading={exportData.isPending}>
          <FormattedMessage id="account.data.download" defaultMessage="Download my data" />
        </Button>
        <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
          <FormattedMessage id="account.data.delete" defaultMessage="Delete my account" />
        </Button>
      </Group>
      {exportData.isError && (
        <Alert color="red" variant="light" role="alert">
          {exportData.error.message}
        </Alert>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={intl.formatMessage({ id: 'account.data.deleteTitle', defaultMessage: 'Delete your account?' })}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            <FormattedMessage
              id="account.data.deleteWarning"
              defaultMessage="Your sponsorships are cancelled, your saved payment methods are removed and you are signed out. Your past donations and receipts stay in the records of the organisations you gave to, without your personal details. This cannot be undone."
            />
          </Text>
          {remove.isError && (
            <Alert color="red" variant="light" role="alert">
              {remove.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <FormattedMessage id="account.data.keep" defaultMessage="Keep my account" />
            </Button>
            <Button
              color="red.9"
              onClick={() => remove.mutate()}
              loading={remove.isPending || remove.isSuccess}
            >
              <FormattedMessage id="account.data.delete" defaultMessage="Delete my account" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The person's details, their year-end giving statement, and their data (download, delete). */
export function ProfileDetailsPanel({ user }: { user: User }) {
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="details-title">
        <Title order={2} size="h3" id="details-title" mb="sm">
          <FormattedMessage id="account.details.title" defaultMessage="Your details" />
        </Title>
        <DetailsForm user={user} />
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="statement-title">
        <Title order={2} size="h3" id="statement-title" mb="sm">
          <FormattedMessage id="account.statement.title" defaultMessage="Giving statement" />
        </Title>
        <StatementDownload user={user} />
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="data-title">
        <Title order={2} size="h3" id="data-title" mb="sm">
          <FormattedMessage id="account.data.title" defaultMessage="Your data" />
        </Title>
        <YourData user={user} />
      </Paper>
    </Stack>
  );
}
