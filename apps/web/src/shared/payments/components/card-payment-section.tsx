import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import { usePaymentNotice } from '../use-payment-notice';
import type { CardFieldHandle } from '../utils/payment-method-result';
import { CardField } from './card-field';

/**
 * The card part of a one-off payment page (a donation, a gift): the card field in its own titled
 * section, the card's error when it has one, and the partner's payment and tax notice under it.
 */
export function CardPaymentSection({
  titleId,
  cardRef,
  onReadyChange,
  cardError,
}: {
  /** The section title's id, unique on the page. */
  titleId: string;
  cardRef: Ref<CardFieldHandle>;
  onReadyChange: (ready: boolean) => void;
  cardError: string | null;
}) {
  const notice = usePaymentNotice();
  return (
    <>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={titleId}>
        <Title order={2} size="h4" id={titleId} mb="md">
          <FormattedMessage id="payments.cardSection.title" defaultMessage="Card" />
        </Title>
        <CardField ref={cardRef} onReadyChange={onReadyChange} />
      </Paper>
      {cardError && (
        <Alert color="red.9" variant="filled" role="alert">
          {cardError}
        </Alert>
      )}
      <Stack gap={4}>
        {notice.map((paragraph) => (
          <Text key={paragraph} size="sm" c="dimmed">
            {paragraph}
          </Text>
        ))}
      </Stack>
    </>
  );
}
