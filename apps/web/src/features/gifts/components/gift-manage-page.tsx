import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { isValidEmail, partnerCapabilities } from '@kinship/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageNotFound } from '../../../components/page-not-found';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { usePartner } from '../../../shared/partner/partner-context';
import { changeManagedGift, getManagedGift } from '../api/gifts-api';

/** /gift/manage/{manageCode}: the giver changes the recipient's address or sends the gift again. */
export function GiftManagePage() {
  const partner = usePartner();
  usePageTitle('Your gift');
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
  const value = email ?? current?.recipientEmail ?? '';
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="md">
        Your gift
      </Title>
      {gift.isPending && <Loader aria-label="Loading your gift" />}
      {gift.isError && (
        <Alert color="red" role="alert">
          {gift.error instanceof ApiError ? gift.error.message : 'This gift could not be loaded.'}
        </Alert>
      )}
      {current && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Text>
              For {current.recipientName ?? 'your recipient'}
              {current.deliveredAt
                ? `, sent on ${new Date(current.deliveredAt).toLocaleDateString()}.`
                : `, to be sent on ${current.deliverOn}.`}
            </Text>
            {current.redeemed ? (
              <Text fw={600}>Your gift has been redeemed. Thank you!</Text>
            ) : (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  if (isValidEmail(value.trim())) change.mutate(value.trim());
                }}
              >
                <Group align="flex-end">
                  <TextInput
                    label="Recipient's email"
                    type="email"
                    value={value}
                    onChange={(event) => setEmail(event.currentTarget.value)}
                    style={{ flex: '1 1 16rem' }}
                  />
                  <Button type="submit" loading={change.isPending} disabled={!isValidEmail(value.trim())}>
                    {current.deliveredAt ? 'Send again' : 'Save'}
                  </Button>
                </Group>
              </form>
            )}
            {change.isSuccess && <Text c="green.8">Done.</Text>}
            {change.isError && (
              <Alert color="red" role="alert">
                {change.error instanceof ApiError ? change.error.message : 'That did not work.'}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
