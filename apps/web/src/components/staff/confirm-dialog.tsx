import { Alert, Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, in words a person can undo nothing from. */
  message: ReactNode;
  confirmLabel: string;
  /** The destructive action; the dialog stays open (showing the error) when it throws. */
  onConfirm: () => Promise<unknown>;
}

/** The one confirmation for destructive staff actions: Cancel has the focus, the action is red. */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  message,
  confirmLabel,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (e) {
      setBusy(false);
      setError((e as Error).message);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered closeOnClickOutside={!busy}>
      <Stack gap="md">
        <Text>{message}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy} data-autofocus>
            <FormattedMessage id="staff.confirm.cancel" defaultMessage="Cancel" />
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface ConfirmButtonProps extends Omit<ConfirmDialogProps, 'opened' | 'onClose'> {
  /** The button's own label (the dialog's button says `confirmLabel`). */
  children: ReactNode;
  buttonProps?: ButtonProps;
}

/** A red button that asks before doing. */
export function ConfirmButton({ children, buttonProps, ...dialog }: ConfirmButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button color="red" variant="light" {...buttonProps} onClick={() => setOpened(true)}>
        {children}
      </Button>
      <ConfirmDialog {...dialog} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
