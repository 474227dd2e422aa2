import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The spec's processing state of a payment form: a modal nobody can close while the payment runs. */
export function ProcessingModal({
  opened,
  title,
  message,
}: {
  opened: boolean;
  title: string;
  message: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={title}
    >
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{message}</Text>
      </Group>
    </Modal>
  );
}

/** The spec's error modal of a payment form (its title from the error catalogue), closed back to the form. */
export function PaymentErrorModal({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} centered title={title}>
      <Stack gap="sm">
        {children}
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <FormattedMessage id="paymentModal.close" defaultMessage="Close" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
