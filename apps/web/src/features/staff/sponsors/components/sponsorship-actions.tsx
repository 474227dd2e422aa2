import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { SponsorshipView } from '@kinship/domain';
import { useState } from 'react';
import { useEndSponsorship, useMoveSponsorship } from '../api/sponsors-api';
import { RecordPicker } from './manual-sponsorship-form';

type Mode = 'end' | 'move';

/** End (with a reason) or move (to another record of the type) one active sponsorship. */
export function SponsorshipActions({
  sponsorship,
  onChanged,
}: {
  sponsorship: SponsorshipView;
  onChanged: () => Promise<unknown>;
}) {
  const [mode, setMode] = useState<Mode | null>(null);
  const [reason, setReason] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const end = useEndSponsorship();
  const move = useMoveSponsorship();

  const close = () => {
    if (busy) return;
    setMode(null);
    setReason('');
    setTarget(null);
    setError(null);
  };

  const confirm = async () => {
    setError(null);
    if (!reason.trim()) {
      setError('Give the reason.');
      return;
    }
    if (mode === 'move' && !target) {
      setError('Choose the record the sponsorship moves to.');
      return;
    }
    setBusy(true);
    try {
      if (mode === 'end') await end.mutateAsync({ id: sponsorship.id, reason: reason.trim() });
      else
        await move.mutateAsync({ id: sponsorship.id, sponsoredsId: Number(target), reason: reason.trim() });
      await onChanged();
      setBusy(false);
      close();
    } catch (e) {
      setBusy(false);
      setError((e as Error).message);
    }
  };

  const paid = sponsorship.subscriptionsId !== null && !sponsorship.isManual;
  return (
    <>
      <Group gap={4} wrap="nowrap">
        <Button size="compact-sm" variant="light" onClick={() => setMode('move')}>
          Move
        </Button>
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => setMode('end')}>
          End
        </Button>
      </Group>
      <Modal
        opened={mode !== null}
        onClose={close}
        title={
          mode === 'end'
            ? `End the sponsorship of ${sponsorship.name}?`
            : `Move the sponsorship of ${sponsorship.name}`
        }
        centered
        closeOnClickOutside={!busy}
      >
        <Stack gap="md">
          <Text size="sm">
            {mode === 'end'
              ? `The ${sponsorship.numSlots === 1 ? 'slot is' : 'slots are'} freed and the sponsor is told by email with your reason.` +
                (paid
                  ? ' Its card payments stop: the subscription is canceled at the payment provider, or charged less if it pays for other sponsorships too.'
                  : '')
              : `Choose another ${sponsorship.typeLabel.toLowerCase()} with an open slot. The sponsor keeps the same slots and payments and is told by email.`}
          </Text>
          {mode === 'move' && (
            <RecordPicker
              type={sponsorship.partnerSponsoredTypesId}
              label="Move to"
              value={target}
              onChange={setTarget}
              exclude={sponsorship.sponsoredsId}
            />
          )}
          <Textarea
            label="Reason"
            description={
              mode === 'move' ? 'Told to the sponsor, e.g. "has left the program"' : 'Told to the sponsor'
            }
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy} data-autofocus>
              Cancel
            </Button>
            <Button color={mode === 'end' ? 'red' : undefined} onClick={() => void confirm()} loading={busy}>
              {mode === 'end' ? 'End sponsorship' : 'Move sponsorship'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
