import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@kinship/domain';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { STEP_HEADING_STYLE } from '../../../hooks/use-step-focus';
import { receiptPath } from '../../../lib/receipt-path';

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
        {MESSAGES.checkoutThankYou}
      </Title>
      <Alert variant="light" color="green" role="status" w="100%">
        <Text>
          Your sponsorship is active.{' '}
          {email ? `A receipt has been sent to ${email}.` : 'A receipt has been sent by email.'}
        </Text>
      </Alert>
      <Group>
        <Button component={Link} to="/profile/sponsorships">
          See your sponsorships
        </Button>
        {receipt.internal ? (
          <Anchor component={Link} to={receipt.href}>
            View your receipt
          </Anchor>
        ) : (
          <Anchor href={receipt.href}>View your receipt</Anchor>
        )}
      </Group>
    </Stack>
  );
}
