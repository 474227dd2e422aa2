import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { isValidEmail, partnerCapabilities } from '@kinship/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageNotFound } from '../../../components/page-not-found';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useFormat } from '../../../i18n/use-format';
import { ApiError } from '../../../lib/api-client';
import { usePartner } from '../../../shared/partner/partner-context';
import { changeManagedGift, getManagedGift } from '../api/gifts-api';

/** /gift/manage/{manageCode}: the giver changes the recipient's address or sends the gift again. */
export function GiftManagePage() {
  const partner = usePartner();
  const intl = useIntl();
  const format = useFormat();
  const yourGift = intl.formatMessage({ id: 'gifts.manage.title', defaultMessage: 'Your gift' });
  usePageTitle(yourGift);
  const { manageCode = '' } = useParams();
  const [email, setEmail] = useState<string | null>(null);
  const gift = useQuery({
    queryKey: ['gift-manage', manageCode],
    queryFn: () => getManagedGift(manageCode),
    retry: false,
    enabled: partnerCapabilities(partner).gifts,
  });
  const change = useMutation({ mutationFn: (to: string) => changeManagedGift(manageCode, to) });
  if (!partnerCapabilities(partner).gifts) return <PageNotFound />;
  const current = change.data ?? gift.data;
  const recipient =
    current?.recipientName ??
    intl.formatMessage({ id: 'gifts.manage.yourRecipient', defaultMessage: 'your recipient' });
  const value = email ?? current?.recipientEmail ?? '';
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="md">
        {yourGift}
      </Title>
      {gift.isPending && (
        <Loader
          aria-label={intl.formatMessage({ id: 'gifts.manage.loading', defaultMessage: 'Loading your gift' })}
        />
      )}
      {gift.isError && (
        <Alert color="red" role="alert">
          {gift.error instanceof ApiError
            ? gift.error.message
            : intl.formatMessage({
                id: 'gifts.manage.loadFailed',
                defaultMessage: 'This gift could not be loaded.',
              })}
        </Alert>
      )}
      {current && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Text>
              {current.deliveredAt ? (
                <FormattedMessage
                  id="gifts.manage.sentOn"
                  defaultMessage="For {recipient}, sent on {date}."
                  values={{
                    recipient: recipient,
                    date: format.date(current.deliveredAt),
                  }}
                />
              ) : (
                <FormattedMessage
                  id="gifts.manage.toBeSentOn"
                  defaultMessage="For {recipient}, to be sent on {date}."
                  values={{
                    recipient: recipient,
                    date: current.deliverOn ? format.date(current.deliverOn) : '',
                  }}
                />
              )}
            </Text>
            {current.redeemed ? (
              <Text fw={600}>
                <FormattedMessage
                  id="gifts.manage.redeemed"
                  defaultMessage="Your gift has been redeemed. Thank you!"
                />
              </Text>
            ) : (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  if (isValidEmail(value.trim())) change.mutate(value.trim());
                }}
              >
                <Group align="flex-end">
                  <TextInput
                    label={intl.formatMessage({
                      id: 'gifts.recipientEmail',
                      defaultMessage: "Recipient's email",
                    })}
                    type="email"
                    value={value}
                    onChange={(event) => setEmail(event.currentTarget.value)}
                    style={{ flex: '1 1 16rem' }}
                  />
                  <Button type="submit" loading={change.isPending} disabled={!isValidEmail(value.trim())}>
                    {current.deliveredAt ? (
                      <FormattedMessage id="gifts.manage.sendAgain" defaultMessage="Send again" />
                    ) : (
                      <FormattedMessage id="gifts.manage.save" defaultMessage="Save" />
                    )}
                  </Button>
                </Group>
              </form>
            )}
            {change.isSuccess && (
              <Text c="green.8">
                <FormattedMessage id="gifts.manage.done" defaultMessage="Done." />
              </Text>
            )}
            {change.isError && (
              <Alert color="red" role="alert">
                {change.error instanceof ApiError
                  ? change.error.message
                  : intl.formatMessage({ id: 'gifts.manage.failed', defaultMessage: 'That did not work.' })}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
