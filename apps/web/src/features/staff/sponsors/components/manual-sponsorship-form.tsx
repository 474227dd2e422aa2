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
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { recordPickerQueryOptions, useRecordManualSponsorship } from '../api/sponsors-api';

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
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const records = useQuery(recordPickerQueryOptions(type, q));
  const [chosen, setChosen] = useState<RecordRow | null>(null);
  const rows = (records.data ?? []).filter((r) => r.id !== exclude);
  const options = [...(chosen && !rows.some((r) => r.id === chosen.id) ? [chosen] : []), ...rows].map(
    (r) => ({
      value: String(r.id),
      label: `${[r.firstName, r.lastName].filter(Boolean).join(' ') || r.title || r.code} · ${r.code} · ${r.program} · ${r.slotsFilled} of ${r.maxSlots} filled`,
      disabled: r.slotsFilled >= r.maxSlots,
    }),
  );
  return (
    <Select
      label={label}
      placeholder="Search by name or code"
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
      nothingFoundMessage={records.isFetching ? 'Searching…' : 'No record matches'}
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
        <Alert color="green" title="Manual sponsorship recorded" role="status">
          <Stack gap={6}>
            <Text>
              {done.name} ({done.numSlots} {done.numSlots === 1 ? 'slot' : 'slots'}) is now sponsored, paid
              offline. We emailed the sponsor this link code:
            </Text>
            <Text ff="monospace" fz="xl" fw={700} data-testid="link-code">
              {done.linkCode}
            </Text>
            <Text size="sm">
              They enter it at /link after signing in or signing up, to see the sponsorship in their account
              and pay it by card if they wish.
            </Text>
          </Stack>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={() => onDone(done)}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <SchemaForm
      form={form}
      submitLabel="Record sponsorship"
      onSubmit={async (values) => setDone(await record.mutateAsync(values as ManualSponsorshipInput))}
    >
      {person ? (
        <Text>
          Sponsor: <b>{person.name}</b>
        </Text>
      ) : (
        <>
          <Group grow align="flex-start">
            <TextInput label="First name" required {...form.getInputProps('firstName')} />
            <TextInput label="Last name" required {...form.getInputProps('lastName')} />
          </Group>
          <TextInput
            label="Email"
            type="email"
            required
            description="An existing sponsor with this email is used; otherwise a temporary account is made."
            {...form.getInputProps('email')}
          />
        </>
      )}
      <Select
        label="Sponsored type"
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
          label="Record"
          value={form.values.sponsoredsId ? String(form.values.sponsoredsId) : null}
          onChange={(v) => form.setFieldValue('sponsoredsId', (v ?? '') as unknown as number)}
          error={form.errors.sponsoredsId as string | undefined}
        />
      )}
      <NumberInput label="Slots" min={1} max={100} {...form.getInputProps('numSlots')} />
      <Text size="sm" c="dimmed">
        The sponsor is emailed a link code to attach this sponsorship to their account at /link.
      </Text>
    </SchemaForm>
  );
}
