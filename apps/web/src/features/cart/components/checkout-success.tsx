import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { STEP_HEADING_STYLE } from '../../../hooks/use-step-focus';
import { receiptPath } from '../../../lib/receipt-path';
import { cartMessages } from '../messages';

/** After a checkout: the thank-you, the sponsorships link and the receipt of the first payment. */
export function CheckoutSuccess({
  invoice,
  email,
  headingRef,
}: {
  invoice: string;
  email: string | null;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const receipt = receiptPath(invoice);
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1} ref={headingRef} tabIndex={-1} style={STEP_HEADING_STYLE}>
        <FormattedMessage {...cartMessages.thankYou} />
      </Title>
      <Alert variant="light" color="green" role="status" w="100%">
        <Text>
          {email ? (
            <FormattedMessage
              id="cart.success.receiptTo"
              defaultMessage="Your sponsorship is active. A receipt has been sent to {email}."
              values={{ email }}
            />
          ) : (
            <FormattedMessage
              id="cart.success.receiptSent"
              defaultMessage="Your sponsorship is active. A receipt has been sent by email."
            />
          )}
        </Text>
      </Alert>
      <Group>
        <Button component={Link} to="/profile/sponsorships">
          <FormattedMessage {...cartMessages.seeSponsorships} />
        </Button>
        {receipt.internal ? (
          <Anchor component={Link} to={receipt.href}>
            <FormattedMessage {...cartMessages.viewReceipt} />
          </Anchor>
        ) : (
          <Anchor href={receipt.href}>
            <FormattedMessage {...cartMessages.viewReceipt} />
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
