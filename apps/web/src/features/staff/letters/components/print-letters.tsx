import { ERRORS } from '@kinship/domain';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { FormCard } from '../../../../components/staff/form-card';
import { ApiError } from '../../../../lib/api-client';
import { usePrintLetters } from '../api/letters-api';
import { useLetterPrograms } from '../utils/use-letter-programs';

const m = defineMessages({
  title: { id: 'staff.letters.print.title', defaultMessage: 'Print approved letters' },
  intro: {
    id: 'staff.letters.print.intro',
    defaultMessage:
      'The approved sponsor letters of a program print as one PDF, a letter a page, each with the record’s code, the sponsor’s first name and a QR code that matches the reply when it comes back. Printed letters move to Printed.',
  },
  program: { id: 'staff.letters.print.program', defaultMessage: 'Program' },
  print: { id: 'staff.letters.print.submit', defaultMessage: 'Print approved letters' },
  done: {
    id: 'staff.letters.print.done',
    defaultMessage: 'letters.pdf is downloaded. The letters in it are now marked Printed.',
  },
  nothing: {
    id: 'staff.letters.print.nothing',
    defaultMessage: 'No approved sponsor letters are waiting to be printed for this program.',
  },
  noPrograms: {
    id: 'staff.letters.print.noPrograms',
    defaultMessage: 'There is no program to print letters for yet.',
  },
});

/** Print: one program's approved sponsor letters as letters.pdf (POST dashboard/letters/print). */
export function PrintLetters() {
  const intl = useIntl();
  const programs = useLetterPrograms();
  const print = usePrintLetters();
  const [programId, setProgramId] = useState<string | null>(
    programs.length === 1 ? String(programs[0]!.id) : null,
  );
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async () => {
    if (!programId) return;
    setOutcome(null);
    try {
      await print.mutateAsync(Number(programId));
      setOutcome({ ok: true, text: intl.formatMessage(m.done) });
    } catch (error) {
      setOutcome({
        ok: false,
        text:
          error instanceof ApiError && error.code === ERRORS.LETTER_STATE
            ? intl.formatMessage(m.nothing)
            : (error as Error).message,
      });
    }
  };

  return (
    <FormCard title={intl.formatMessage(m.title)}>
      <Stack gap="sm">
        <Text size="sm">
          <FormattedMessage {...m.intro} />
        </Text>
        {programs.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage {...m.noPrograms} />
          </Text>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={intl.formatMessage(m.program)}
              data={programs.map((p) => ({ value: String(p.id), label: p.name }))}
              value={programId}
              onChange={(value) => {
                setProgramId(value);
                setOutcome(null);
              }}
              searchable
              style={{ flex: '1 1 14rem', maxWidth: '24rem' }}
            />
            <Button onClick={() => void submit()} loading={print.isPending} disabled={!programId}>
              <FormattedMessage {...m.print} />
            </Button>
          </Group>
        )}
        {outcome && (
          <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </Alert>
        )}
      </Stack>
    </FormCard>
  );
}
