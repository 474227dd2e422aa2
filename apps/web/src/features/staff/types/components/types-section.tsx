import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CUSTOM_COLUMN_KINDS,
  GRID_LAYOUTS,
  keptPriceMessage,
  planInputSchema,
  typeCreateInputSchema,
  typeSettingsInputSchema,
  type PaymentIntervalOption,
  type PlanInput,
  type StaffType,
  type TypeCreateInput,
  type TypeSettingsInput,
} from '@kinship/domain';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/staff/confirm-dialog';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { editColumn } from '../../../../components/staff/edit-column';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { useStaffTypes, useTypeWrites } from '../api/catalogue-types';

const KINDS: { value: string; label: string }[] = [
  { value: '1', label: 'Student' },
  { value: '2', label: 'Teacher' },
  { value: '3', label: 'Staff member' },
  { value: '4', label: 'Initiative' },
  { value: '5', label: 'Class' },
];
const KIND_LABEL = Object.fromEntries(KINDS.map((k) => [Number(k.value), k.label]));
const LAYOUT_LABEL: Record<(typeof GRID_LAYOUTS)[number], string> = {
  column: 'Column',
  deck: 'Deck',
  'deck-cropped': 'Deck, cropped pictures',
};
const COLUMN_KIND_LABEL: Record<(typeof CUSTOM_COLUMN_KINDS)[number], string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  yesno: 'Yes or no',
};

const money = (cents: number) => (cents / 100).toFixed(2);

function defaultSettings(): TypeSettingsInput {
  return {
    customLabelSingular: '',
    customLabelPlural: '',
    customSlotName: 'Slot',
    description: '',
    active: true,
    showSlots: true,
    visibleSlots: 1,
    maxSlots: 1,
    maskProfiles: false,
    showBirthday: false,
    showAge: true,
    showLastName: false,
    gridLayout: 'column',
    hiddenFilterTypes: [],
    customColumns: [],
  };
}

/** The settings fields, under `prefix` ('' or 'settings.'), for the new-type and edit forms alike. */
function SettingsFields({
  form,
  prefix,
  filterTypes,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturnType<any>;
  prefix: string;
  filterTypes: StaffType['filterTypes'];
}) {
  const path = (name: string) => `${prefix}${name}`;
  const hidden = form.getValues()[prefix ? 'settings' : 'hiddenFilterTypes'] as unknown;
  const hiddenIds: number[] = prefix ? (hidden as TypeSettingsInput).hiddenFilterTypes : (hidden as number[]);
  const columns: TypeSettingsInput['customColumns'] = prefix
    ? (form.getValues().settings as TypeSettingsInput).customColumns
    : (form.getValues().customColumns as TypeSettingsInput['customColumns']);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Label (one)" withAsterisk {...form.getInputProps(path('customLabelSingular'))} />
        <TextInput label="Label (many)" withAsterisk {...form.getInputProps(path('customLabelPlural'))} />
        <TextInput label="Slot name" withAsterisk {...form.getInputProps(path('customSlotName'))} />
      </SimpleGrid>
      <Textarea label="Description" autosize minRows={2} {...form.getInputProps(path('description'))} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label="Max slots per record"
          min={1}
          allowDecimal={false}
          {...form.getInputProps(path('maxSlots'))}
        />
        <NumberInput
          label="Slots shown"
          min={1}
          allowDecimal={false}
          {...form.getInputProps(path('visibleSlots'))}
        />
        <Select
          label="Grid layout"
          data={GRID_LAYOUTS.map((value) => ({ value, label: LAYOUT_LABEL[value] }))}
          allowDeselect={false}
          {...form.getInputProps(path('gridLayout'))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
        <Switch
          label="Active (listed on the site)"
          {...form.getInputProps(path('active'), { type: 'checkbox' })}
        />
        <Switch label="Show slots" {...form.getInputProps(path('showSlots'), { type: 'checkbox' })} />
        <Switch label="Mask profiles" {...form.getInputProps(path('maskProfiles'), { type: 'checkbox' })} />
        <Switch label="Show birthday" {...form.getInputProps(path('showBirthday'), { type: 'checkbox' })} />
        <Switch label="Show age" {...form.getInputProps(path('showAge'), { type: 'checkbox' })} />
        <Switch label="Show last name" {...form.getInputProps(path('showLastName'), { type: 'checkbox' })} />
      </SimpleGrid>
      {filterTypes.length > 0 && (
        <Checkbox.Group
          label="Filters the listing offers"
          value={filterTypes.filter((f) => !hiddenIds.includes(f.id)).map((f) => String(f.id))}
          onChange={(offered) =>
            form.setFieldValue(
              path('hiddenFilterTypes'),
              filterTypes.filter((f) => !offered.includes(String(f.id))).map((f) => f.id),
            )
          }
        >
          <Group gap="md" mt={4}>
            {filterTypes.map((f) => (
              <Checkbox key={f.id} value={String(f.id)} label={f.label} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      <Stack gap={6}>
        <Text fw={500} size="sm">
          Custom columns
        </Text>
        {columns.length === 0 && (
          <Text size="sm" c="dimmed">
            None yet. A custom column adds a field to every record of this type.
          </Text>
        )}
        {columns.map((_column, index) => (
          <Group key={index} align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label="Column name"
              style={{ flex: '1 1 10rem' }}
              {...form.getInputProps(path(`customColumns.${index}.name`))}
            />
            <Select
              label="Holds"
              w={140}
              allowDeselect={false}
              data={CUSTOM_COLUMN_KINDS.map((value) => ({ value, label: COLUMN_KIND_LABEL[value] }))}
              {...form.getInputProps(path(`customColumns.${index}.kind`))}
            />
            <Switch
              label="Public"
              mb={8}
              {...form.getInputProps(path(`customColumns.${index}.public`), { type: 'checkbox' })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={`Remove column ${index + 1}`}
              onClick={() => form.removeListItem(path('customColumns'), index)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              form.insertListItem(path('customColumns'), { name: '', kind: 'text', public: true })
            }
          >
            Add a custom column
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}

function IntervalChoice({
  form,
  path,
  intervals,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturnType<any>;
  path: string;
  intervals: PaymentIntervalOption[];
}) {
  const props = form.getInputProps(path);
  return (
    <Checkbox.Group
      label="Payment intervals"
      withAsterisk
      error={props.error as string | undefined}
      value={(props.value as number[]).map(String)}
      onChange={(v) => form.setFieldValue(path, v.map(Number))}
    >
      <Group gap="md" mt={4}>
        {intervals.map((i) => (
          <Checkbox
            key={i.id}
            value={String(i.id)}
            label={`${i.name === 'month' ? 'Monthly' : i.name === 'year' ? 'Yearly' : i.name} (× ${i.multiplier})`}
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

function AmountInput({
  form,
  path,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturnType<any>;
  path: string;
}) {
  const props = form.getInputProps(path);
  return (
    <NumberInput
      label="Monthly amount"
      withAsterisk
      decimalScale={2}
      // The form holds cents; the field shows (and is typed in) whole units, left to itself while typing.
      defaultValue={(props.value as number) / 100}
      error={props.error as string | undefined}
      onChange={(v) => form.setFieldValue(path, Math.round(Number(v || 0) * 100))}
    />
  );
}

function NewTypeForm({
  intervals,
  filterTypesOf,
  onDone,
}: {
  intervals: PaymentIntervalOption[];
  filterTypesOf: (sponsoredTypesId: number) => StaffType['filterTypes'];
  onDone: () => void;
}) {
  const { create } = useTypeWrites();
  const form = useSchemaForm(typeCreateInputSchema, {
    sponsoredTypesId: 1,
    identifier: '',
    settings: defaultSettings(),
    plan: { monthlyAmount: 3000, paymentIntervalsIds: intervals.map((i) => i.id) },
  } as TypeCreateInput & Record<string, unknown>);
  const kind = Number(form.getValues().sponsoredTypesId);
  return (
    <SchemaForm
      form={form}
      submitLabel="Create the type"
      onSubmit={(values) => create.mutateAsync(values as TypeCreateInput)}
      onDone={onDone}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Kind of record"
          data={KINDS}
          allowDeselect={false}
          {...form.getInputProps('sponsoredTypesId')}
          value={String(kind)}
          onChange={(v) => {
            form.setFieldValue('sponsoredTypesId', Number(v) as TypeCreateInput['sponsoredTypesId']);
            form.setFieldValue('settings.hiddenFilterTypes', []);
          }}
        />
        <TextInput
          label="Address on the site"
          description="/sponsored/board/…"
          withAsterisk
          {...form.getInputProps('identifier')}
        />
      </SimpleGrid>
      <SettingsFields form={form} prefix="settings." filterTypes={filterTypesOf(kind)} />
      <Title order={3} size="h5">
        Plan
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AmountInput form={form} path="plan.monthlyAmount" />
        <IntervalChoice form={form} path="plan.paymentIntervalsIds" intervals={intervals} />
      </SimpleGrid>
    </SchemaForm>
  );
}

function EditTypeForm({
  type,
  intervals,
  onDone,
}: {
  type: StaffType;
  intervals: PaymentIntervalOption[];
  onDone: () => void;
}) {
  const { update, changePlan } = useTypeWrites();
  const form = useSchemaForm(typeSettingsInputSchema, {
    ...type.settings,
    description: type.settings.description ?? '',
  } as TypeSettingsInput & Record<string, unknown>);
  const planForm = useSchemaForm(planInputSchema, {
    monthlyAmount: type.currentPlan?.monthlyAmount ?? 3000,
    paymentIntervalsIds: type.currentPlan?.paymentIntervalsIds ?? intervals.map((i) => i.id),
  } as PlanInput & Record<string, unknown>);
  const [pending, setPending] = useState<PlanInput | null>(null);
  const [kept, setKept] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <SchemaForm
        form={form}
        submitLabel="Save the type"
        onSubmit={(values) => update.mutateAsync({ id: type.id, body: values as TypeSettingsInput })}
        onDone={onDone}
      >
        <SettingsFields form={form} prefix="" filterTypes={type.filterTypes} />
      </SchemaForm>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Price
        </Title>
        <Text size="sm" c="dimmed">
          A new price applies to new sponsorships. {type.activeSponsorships} active{' '}
          {type.activeSponsorships === 1 ? 'sponsorship keeps its' : 'sponsorships keep their'} price; their
          sponsors are offered the new one and choose.
        </Text>
        <form noValidate onSubmit={planForm.onSubmit((values) => setPending(values as PlanInput))}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <AmountInput form={planForm} path="monthlyAmount" />
              <IntervalChoice form={planForm} path="paymentIntervalsIds" intervals={intervals} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" variant="light">
                Change the price
              </Button>
            </Group>
          </Stack>
        </form>
        {kept && (
          <Alert color="blue" role="status" title="Price changed">
            {kept}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        title="Change the price?"
        message={
          pending && (
            <Stack gap={4}>
              <Text>
                New sponsorships of {type.settings.customLabelPlural} will cost {money(pending.monthlyAmount)}{' '}
                a month.
              </Text>
              <Text>{keptPriceMessage(type.activeSponsorships)}</Text>
            </Stack>
          )
        }
        confirmLabel="Change the price"
        onConfirm={async () => {
          const answer = await changePlan.mutateAsync({ id: type.id, body: pending! });
          setKept(keptPriceMessage(answer.keptSponsorships));
        }}
      />
    </Stack>
  );
}

/** Dashboard › Types and plans: the partner's sponsored types, their display rules, columns and plans. */
export function TypesSection() {
  const { data, isLoading, error } = useStaffTypes();
  const phone = useMediaQuery('(max-width: 36em)');
  const [editing, setEditing] = useState<StaffType | 'new' | null>(null);
  const intervalName = (id: number) => data?.paymentIntervals.find((i) => i.id === id)?.name ?? String(id);
  const filterTypesOf = (sponsoredTypesId: number) =>
    data?.types.find((t) => t.sponsoredTypesId === sponsoredTypesId)?.filterTypes ?? [];
  const columns: StaffColumn<StaffType>[] = [
    {
      key: 'type',
      title: 'Type',
      sortable: true,
      minWidth: 160,
      render: (type) => (
        <>
          <Text fw={500}>{type.settings.customLabelPlural}</Text>
          <Text size="xs" c="dimmed">
            /sponsored/board/{type.identifier}
          </Text>
          {/* A phone has no room for the Sponsorships column: the count goes under the name. */}
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {type.activeSponsorships} active {type.activeSponsorships === 1 ? 'sponsorship' : 'sponsorships'}
          </Text>
          {!type.settings.active && (
            <Badge color="gray" size="sm">
              Inactive
            </Badge>
          )}
        </>
      ),
      csv: (type) => type.settings.customLabelPlural,
    },
    {
      key: 'identifier',
      title: 'Address',
      hiddenByDefault: true,
      csv: (type) => `/sponsored/board/${type.identifier}`,
    },
    {
      key: 'kind',
      title: 'Kind',
      sortable: true,
      hiddenOnPhone: true,
      render: (type) => KIND_LABEL[type.sponsoredTypesId],
      csv: (type) => KIND_LABEL[type.sponsoredTypesId],
    },
    {
      key: 'price',
      title: 'Price a month',
      sortable: true,
      noWrap: true,
      render: (type) =>
        type.currentPlan ? (
          <>
            {money(type.currentPlan.monthlyAmount)}
            <Text size="xs" c="dimmed">
              {type.currentPlan.paymentIntervalsIds.map(intervalName).join(', ')}
            </Text>
          </>
        ) : (
          'No plan'
        ),
      csv: (type) => (type.currentPlan ? money(type.currentPlan.monthlyAmount) : 'No plan'),
      sortValue: (type) => (type.currentPlan ? Number(type.currentPlan.monthlyAmount) : null),
    },
    { key: 'records', title: 'Records', sortable: true, noWrap: true, hiddenOnPhone: true },
    {
      key: 'activeSponsorships',
      title: 'Sponsorships',
      sortable: true,
      noWrap: true,
      hiddenOnPhone: true,
    },
    editColumn<StaffType>((type) => type.settings.customLabelPlural, setEditing),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Types and plans</Title>
        <Button onClick={() => setEditing('new')} disabled={!data}>
          New type
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <ServerDataTable
        rows={data?.types}
        loading={isLoading}
        columns={columns}
        rowKey={(type) => type.id}
        searchLabel="Search types"
        emptyText="No sponsored types yet."
        exportFileName="types-and-plans.csv"
        pinLastColumn
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new'
            ? 'New sponsored type'
            : editing
              ? `Edit ${editing.settings.customLabelPlural}`
              : ''
        }
        size="xl"
        fullScreen={Boolean(phone)}
      >
        {data && editing === 'new' && (
          <NewTypeForm
            intervals={data.paymentIntervals}
            filterTypesOf={filterTypesOf}
            onDone={() => setEditing(null)}
          />
        )}
        {data && editing && editing !== 'new' && (
          <EditTypeForm type={editing} intervals={data.paymentIntervals} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}
