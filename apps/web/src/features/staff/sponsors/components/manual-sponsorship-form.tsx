import { Alert, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  manualSponsorshipInputSchema,
  type ManualSponsorshipInput,
  type PartnerSponsoredType,
  type RecordRow,
  type SponsorshipView,
} from '@kinship/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { recordPickerQueryOptions, useRecordManualSponsorship } from '../api/sponsors-api';
import { sponsorMessages as m } from '../messages';

/**
 * Picks a record of a type by searching the Records list: each option says its program and slots;
 * a full record is shown but cannot be chosen.
 */
export function RecordPicker({
  type,
  value,
  onChange,
  label,
  error,
  exclude,
}: {
  type: number;
  value: string | null;
  onChange: (value: string | null) => void;
  label: string;
  error?: string | undefined;
  exclude?: number;
}) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const records = useQuery(recordPickerQueryOptions(type, q));
  const [chosen, setChosen] = useState<RecordRow | null>(null);
  const rows = (records.data ?? []).filter((r) => r.id !== exclude);
  const options = [...(chosen && !rows.some((r) => r.id === chosen.id) ? [chosen] : []), ...rows].map(
    (r) => ({
      value: String(r.id),
      label: intl.formatMessage(m.recordOption, {
        name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.title || r.code,
        code: r.code,
        program: r.program,
        filled: r.slotsFilled,
        max: r.maxSlots,
      }),
      disabled: r.slotsFilled >= r.maxSlots,
    }),
  );
  return (
    <Select
      label={label}
      placeholder={intl.formatMessage(m.recordSearch)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options}
      value={value}
      onChange={(v) => {
        setChosen(rows.find((r) => String(r.id) === v) ?? chosen);
        onChange(v);
      }}
      nothingFoundMessage={intl.formatMessage(records.isFetching ? m.searching : m.noRecordMatches)}
      error={error}
      required
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * Records a manual (offline) sponsorship: for the given person, or for anyone by name and email
 * (a temp account is made when nobody has that email). Shows the link code once recorded.
 */
export function ManualSponsorshipForm({
  types,
  person,
  onDone,
}: {
  types: readonly Pick<PartnerSponsoredType, 'id' | 'customLabelSingular'>[];
  person?: { id: number; name: string };
  onDone: (view: SponsorshipView) => void;
}) {
  const intl = useIntl();
  const [typeId, setTypeId] = useState<string | null>(types[0] ? String(types[0].id) : null);
  const [done, setDone] = useState<SponsorshipView | null>(null);
  const record = useRecordManualSponsorship();
  const form = useSchemaForm(manualSponsorshipInputSchema, {
    sponsoredsId: '' as unknown as number,
    numSlots: 1,
    ...(person ? { usersId: person.id } : { firstName: '', lastName: '', email: '' }),
  });

  if (done) {
    return (
      <Stack gap="md">
        <Alert color="green" title={intl.formatMessage(m.manualRecorded)} role="status">
          <Stack gap={6}>
            <Text>
              <FormattedMessage
                {...m.manualRecordedBody}
                values={{ name: done.name, slots: done.numSlots }}
              />
            </Text>
            <Text ff="monospace" fz="xl" fw={700} data-testid="link-code">
              {done.linkCode}
            </Text>
            <Text size="sm">
              <FormattedMessage {...m.manualRecordedHow} />
            </Text>
          </Stack>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={() => onDone(done)}>
            <FormattedMessage {...m.done} />
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <SchemaForm
      form={form}
      submitLabel={intl.formatMessage(m.recordSubmit)}
      onSubmit={async (values) => setDone(await record.mutateAsync(values as ManualSponsorshipInput))}
    >
      {person ? (
        <Text>
          <FormattedMessage {...m.sponsorIs} values={{ name: person.name, b: (chunks) => <b>{chunks}</b> }} />
        </Text>
      ) : (
        <>
          <Group grow align="flex-start">
            <TextInput
              label={intl.formatMessage(m.firstName)}
              required
              {...form.getInputProps('firstName')}
            />
            <TextInput label={intl.formatMessage(m.lastName)} required {...form.getInputProps('lastName')} />
          </Group>
          <TextInput
            label={intl.formatMessage(m.email)}
            type="email"
            required
            description={intl.formatMessage(m.emailHelp)}
            {...form.getInputProps('email')}
          />
        </>
      )}
      <Select
        label={intl.formatMessage(m.sponsoredType)}
        data={types.map((t) => ({ value: String(t.id), label: t.customLabelSingular }))}
        value={typeId}
        onChange={(v) => {
          setTypeId(v);
          form.setFieldValue('sponsoredsId', '' as unknown as number);
        }}
        allowDeselect={false}
      />
      {typeId && (
        <RecordPicker
          type={Number(typeId)}
          label={intl.formatMessage(m.record)}
          value={form.values.sponsoredsId ? String(form.values.sponsoredsId) : null}
          onChange={(v) => form.setFieldValue('sponsoredsId', (v ?? '') as unknown as number)}
          error={form.errors.sponsoredsId as string | undefined}
        />
      )}
      <NumberInput
        label={intl.formatMessage(m.slots)}
        min={1}
        max={100}
        {...form.getInputProps('numSlots')}
      />
      <Text size="sm" c="dimmed">
        <FormattedMessage {...m.manualHelp} />
      </Text>
    </SchemaForm>
  );
}
