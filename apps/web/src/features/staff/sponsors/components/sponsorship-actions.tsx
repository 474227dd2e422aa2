import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { SponsorshipView } from '@kinship/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useEndSponsorship, useMoveSponsorship } from '../api/sponsors-api';
import { sponsorMessages as m } from '../messages';
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
  const intl = useIntl();
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
      setError(intl.formatMessage(m.giveReason));
      return;
    }
    if (mode === 'move' && !target) {
      setError(intl.formatMessage(m.chooseTarget));
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
          <FormattedMessage {...m.move} />
        </Button>
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => setMode('end')}>
          <FormattedMessage {...m.end} />
        </Button>
      </Group>
      <Modal
        opened={mode !== null}
        onClose={close}
        title={
          mode === 'end'
            ? intl.formatMessage(m.endTitle, { name: sponsorship.name })
            : intl.formatMessage(m.moveTitle, { name: sponsorship.name })
        }
        centered
        closeOnClickOutside={!busy}
      >
        <Stack gap="md">
          <Text size="sm">
            {mode === 'end' ? (
              <FormattedMessage
                {...(paid ? m.endExplainPaid : m.endExplain)}
                values={{ slots: sponsorship.numSlots }}
              />
            ) : (
              <FormattedMessage {...m.moveExplain} values={{ type: sponsorship.typeLabel.toLowerCase() }} />
            )}
          </Text>
          {mode === 'move' && (
            <RecordPicker
              type={sponsorship.partnerSponsoredTypesId}
              label={intl.formatMessage(m.moveTo)}
              value={target}
              onChange={setTarget}
              exclude={sponsorship.sponsoredsId}
            />
          )}
          <Textarea
            label={intl.formatMessage(m.reason)}
            description={intl.formatMessage(mode === 'move' ? m.reasonHelpMove : m.reasonHelp)}
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
              <FormattedMessage {...m.cancel} />
            </Button>
            <Button color={mode === 'end' ? 'red' : undefined} onClick={() => void confirm()} loading={busy}>
              <FormattedMessage {...(mode === 'end' ? m.endSubmit : m.moveSubmit)} />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
