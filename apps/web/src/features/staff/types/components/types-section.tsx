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
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ConfirmDialog } from '../../../../components/staff/confirm-dialog';
import { usePartner } from '../../../../shared/partner/partner-context';
import { FallbackHint, LocaleTabs } from '../../../../components/staff/locale-tabs';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import {
  contentLocalesOf,
  translationFormValues,
  translationInputProps,
  translationsToSend,
} from '../../../../components/staff/translations';
import { editColumn } from '../../../../components/staff/edit-column';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { useFormat } from '../../../../i18n/use-format';
import { useStaffTypes, useTypeWrites } from '../api/catalogue-types';
import { keptPriceDescriptor } from '../messages';

/** A type's address on the public site (an address, not a text to translate). */
const boardPath = (identifier: string) => `/sponsored/board/${identifier}`;
/** The remove button's sign (its name is in aria-label). */
const REMOVE_SIGN = '×';

const KIND_MESSAGES = defineMessages({
  1: { id: 'staff.types.kind.student', defaultMessage: 'Student' },
  2: { id: 'staff.types.kind.teacher', defaultMessage: 'Teacher' },
  3: { id: 'staff.types.kind.staff', defaultMessage: 'Staff member' },
  4: { id: 'staff.types.kind.initiative', defaultMessage: 'Initiative' },
  5: { id: 'staff.types.kind.class', defaultMessage: 'Class' },
});
const kinds = (intl: IntlShape) =>
  ([1, 2, 3, 4, 5] as const).map((id) => ({
    value: String(id),
    label: intl.formatMessage(KIND_MESSAGES[id]),
  }));
const kindLabel = (intl: IntlShape, id: number) =>
  id in KIND_MESSAGES ? intl.formatMessage(KIND_MESSAGES[id as keyof typeof KIND_MESSAGES]) : String(id);
const LAYOUT_LABEL = defineMessages({
  column: { id: 'staff.types.layout.column', defaultMessage: 'Column' },
  deck: { id: 'staff.types.layout.deck', defaultMessage: 'Deck' },
  'deck-cropped': { id: 'staff.types.layout.deckCropped', defaultMessage: 'Deck, cropped pictures' },
}) satisfies Record<(typeof GRID_LAYOUTS)[number], unknown>;
const COLUMN_KIND_LABEL = defineMessages({
  text: { id: 'staff.types.columnKind.text', defaultMessage: 'Text' },
  number: { id: 'staff.types.columnKind.number', defaultMessage: 'Number' },
  date: { id: 'staff.types.columnKind.date', defaultMessage: 'Date' },
  yesno: { id: 'staff.types.columnKind.yesno', defaultMessage: 'Yes or no' },
}) satisfies Record<(typeof CUSTOM_COLUMN_KINDS)[number], unknown>;

/** A type's texts written per language (decision 072). */
const TYPE_TRANSLATED = ['customLabelSingular', 'customLabelPlural', 'description'] as const;

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
  const intl = useIntl();
  const path = (name: string) => `${prefix}${name}`;
  const hidden = form.getValues()[prefix ? 'settings' : 'hiddenFilterTypes'] as unknown;
  const hiddenIds: number[] = prefix ? (hidden as TypeSettingsInput).hiddenFilterTypes : (hidden as number[]);
  const columns: TypeSettingsInput['customColumns'] = prefix
    ? (form.getValues().settings as TypeSettingsInput).customColumns
    : (form.getValues().customColumns as TypeSettingsInput['customColumns']);
  const base = (prefix ? form.getValues().settings : form.getValues()) as TypeSettingsInput;
  const languages = contentLocalesOf(usePartner());
  const labelOne = intl.formatMessage({ id: 'staff.types.field.labelOne', defaultMessage: 'Label (one)' });
  const labelMany = intl.formatMessage({ id: 'staff.types.field.labelMany', defaultMessage: 'Label (many)' });
  const descriptionLabel = intl.formatMessage({
    id: 'staff.types.field.description',
    defaultMessage: 'Description',
  });
  return (
    <Stack gap="sm">
      {/* The labels and description per language the partner offers (decision 072). */}
      <LocaleTabs languages={languages}>
        {(locale, isDefault) =>
          isDefault ? (
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={labelOne}
                  withAsterisk
                  {...form.getInputProps(path('customLabelSingular'))}
                />
                <TextInput
                  label={labelMany}
                  withAsterisk
                  {...form.getInputProps(path('customLabelPlural'))}
                />
              </SimpleGrid>
              <Textarea
                label={descriptionLabel}
                autosize
                minRows={2}
                {...form.getInputProps(path('description'))}
              />
            </Stack>
          ) : (
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={labelOne}
                  placeholder={base.customLabelSingular}
                  lang={locale}
                  description={<FallbackHint languages={languages} />}
                  {...translationInputProps(form, locale, 'customLabelSingular', path('translations'))}
                />
                <TextInput
                  label={labelMany}
                  placeholder={base.customLabelPlural}
                  lang={locale}
                  {...translationInputProps(form, locale, 'customLabelPlural', path('translations'))}
                />
              </SimpleGrid>
              <Textarea
                label={descriptionLabel}
                placeholder={base.description ?? ''}
                lang={locale}
                autosize
                minRows={2}
                {...translationInputProps(form, locale, 'description', path('translations'))}
              />
            </Stack>
          )
        }
      </LocaleTabs>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={intl.formatMessage({ id: 'staff.types.field.slotName', defaultMessage: 'Slot name' })}
          withAsterisk
          {...form.getInputProps(path('customSlotName'))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={intl.formatMessage({
            id: 'staff.types.field.maxSlots',
            defaultMessage: 'Max slots per record',
          })}
          min={1}
          allowDecimal={false}
          {...form.getInputProps(path('maxSlots'))}
        />
        <NumberInput
          label={intl.formatMessage({ id: 'staff.types.field.visibleSlots', defaultMessage: 'Slots shown' })}
          min={1}
          allowDecimal={false}
          {...form.getInputProps(path('visibleSlots'))}
        />
        <Select
          label={intl.formatMessage({ id: 'staff.types.field.gridLayout', defaultMessage: 'Grid layout' })}
          data={GRID_LAYOUTS.map((value) => ({ value, label: intl.formatMessage(LAYOUT_LABEL[value]) }))}
          allowDeselect={false}
          {...form.getInputProps(path('gridLayout'))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
        <Switch
          label={intl.formatMessage({
            id: 'staff.types.field.active',
            defaultMessage: 'Active (listed on the site)',
          })}
          {...form.getInputProps(path('active'), { type: 'checkbox' })}
        />
        <Switch
          label={intl.formatMessage({ id: 'staff.types.field.showSlots', defaultMessage: 'Show slots' })}
          {...form.getInputProps(path('showSlots'), { type: 'checkbox' })}
        />
        <Switch
          label={intl.formatMessage({
            id: 'staff.types.field.maskProfiles',
            defaultMessage: 'Mask profiles',
          })}
          {...form.getInputProps(path('maskProfiles'), { type: 'checkbox' })}
        />
        <Switch
          label={intl.formatMessage({
            id: 'staff.types.field.showBirthday',
            defaultMessage: 'Show birthday',
          })}
          {...form.getInputProps(path('showBirthday'), { type: 'checkbox' })}
        />
        <Switch
          label={intl.formatMessage({ id: 'staff.types.field.showAge', defaultMessage: 'Show age' })}
          {...form.getInputProps(path('showAge'), { type: 'checkbox' })}
        />
        <Switch
          label={intl.formatMessage({
            id: 'staff.types.field.showLastName',
            defaultMessage: 'Show last name',
          })}
          {...form.getInputProps(path('showLastName'), { type: 'checkbox' })}
        />
      </SimpleGrid>
      {filterTypes.length > 0 && (
        <Checkbox.Group
          label={intl.formatMessage({
            id: 'staff.types.field.filters',
            defaultMessage: 'Filters the listing offers',
          })}
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
          <FormattedMessage id="staff.types.customColumns" defaultMessage="Custom columns" />
        </Text>
        {columns.length === 0 && (
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="staff.types.customColumns.none"
              defaultMessage="None yet. A custom column adds a field to every record of this type."
            />
          </Text>
        )}
        {columns.map((_column, index) => (
          <Group key={index} align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={intl.formatMessage({
                id: 'staff.types.customColumns.name',
                defaultMessage: 'Column name',
              })}
              style={{ flex: '1 1 10rem' }}
              {...form.getInputProps(path(`customColumns.${index}.name`))}
            />
            <Select
              label={intl.formatMessage({ id: 'staff.types.customColumns.kind', defaultMessage: 'Holds' })}
              w={140}
              allowDeselect={false}
              data={CUSTOM_COLUMN_KINDS.map((value) => ({
                value,
                label: intl.formatMessage(COLUMN_KIND_LABEL[value]),
              }))}
              {...form.getInputProps(path(`customColumns.${index}.kind`))}
            />
            <Switch
              label={intl.formatMessage({ id: 'staff.types.customColumns.public', defaultMessage: 'Public' })}
              mb={8}
              {...form.getInputProps(path(`customColumns.${index}.public`), { type: 'checkbox' })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={intl.formatMessage(
                { id: 'staff.types.customColumns.remove', defaultMessage: 'Remove column {number}' },
                { number: index + 1 },
              )}
              onClick={() => form.removeListItem(path('customColumns'), index)}
            >
              {REMOVE_SIGN}
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
            <FormattedMessage id="staff.types.customColumns.add" defaultMessage="Add a custom column" />
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
  const intl = useIntl();
  const props = form.getInputProps(path);
  return (
    <Checkbox.Group
      label={intl.formatMessage({ id: 'staff.types.plan.intervals', defaultMessage: 'Payment intervals' })}
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
            label={intl.formatMessage(
              {
                id: 'staff.types.plan.interval',
                defaultMessage:
                  '{name, select, month {Monthly} year {Yearly} other {{name}}} (× {multiplier})',
              },
              { name: i.name, multiplier: i.multiplier },
            )}
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
  const intl = useIntl();
  const props = form.getInputProps(path);
  return (
    <NumberInput
      label={intl.formatMessage({ id: 'staff.types.plan.monthlyAmount', defaultMessage: 'Monthly amount' })}
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
  const intl = useIntl();
  const { create } = useTypeWrites();
  const languages = contentLocalesOf(usePartner());
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
      submitLabel={intl.formatMessage({ id: 'staff.types.create', defaultMessage: 'Create the type' })}
      onSubmit={(values) => {
        const input = values as TypeCreateInput;
        return create.mutateAsync({
          ...input,
          settings: {
            ...input.settings,
            translations: translationsToSend(input.settings.translations, languages),
          },
        });
      }}
      onDone={onDone}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={intl.formatMessage({ id: 'staff.types.field.kind', defaultMessage: 'Kind of record' })}
          data={kinds(intl)}
          allowDeselect={false}
          {...form.getInputProps('sponsoredTypesId')}
          value={String(kind)}
          onChange={(v) => {
            form.setFieldValue('sponsoredTypesId', Number(v) as TypeCreateInput['sponsoredTypesId']);
            form.setFieldValue('settings.hiddenFilterTypes', []);
          }}
        />
        <TextInput
          label={intl.formatMessage({
            id: 'staff.types.field.address',
            defaultMessage: 'Address on the site',
          })}
          description={boardPath('…')}
          withAsterisk
          {...form.getInputProps('identifier')}
        />
      </SimpleGrid>
      <SettingsFields form={form} prefix="settings." filterTypes={filterTypesOf(kind)} />
      <Title order={3} size="h5">
        <FormattedMessage id="staff.types.plan" defaultMessage="Plan" />
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
  const intl = useIntl();
  const format = useFormat();
  const { update, changePlan } = useTypeWrites();
  const languages = contentLocalesOf(usePartner());
  const form = useSchemaForm(typeSettingsInputSchema, {
    ...type.settings,
    description: type.settings.description ?? '',
    translations: translationFormValues(type.settings.translations, languages, TYPE_TRANSLATED),
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
        submitLabel={intl.formatMessage({ id: 'staff.types.save', defaultMessage: 'Save the type' })}
        onSubmit={(values) =>
          update.mutateAsync({
            id: type.id,
            body: {
              ...(values as TypeSettingsInput),
              translations: translationsToSend(values.translations, languages),
            },
          })
        }
        onDone={onDone}
      >
        <SettingsFields form={form} prefix="" filterTypes={type.filterTypes} />
      </SchemaForm>
      <Stack gap="xs">
        <Title order={3} size="h5">
          <FormattedMessage id="staff.types.price" defaultMessage="Price" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="staff.types.price.help"
            defaultMessage="A new price applies to new sponsorships. {count, plural, one {# active sponsorship keeps its} other {# active sponsorships keep their}} price; their sponsors are offered the new one and choose."
            values={{ count: type.activeSponsorships }}
          />
        </Text>
        <form noValidate onSubmit={planForm.onSubmit((values) => setPending(values as PlanInput))}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <AmountInput form={planForm} path="monthlyAmount" />
              <IntervalChoice form={planForm} path="paymentIntervalsIds" intervals={intervals} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" variant="light">
                <FormattedMessage id="staff.types.price.change" defaultMessage="Change the price" />
              </Button>
            </Group>
          </Stack>
        </form>
        {kept && (
          <Alert
            color="blue"
            role="status"
            title={intl.formatMessage({ id: 'staff.types.price.changed', defaultMessage: 'Price changed' })}
          >
            {kept}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={intl.formatMessage({ id: 'staff.types.price.confirm', defaultMessage: 'Change the price?' })}
        message={
          pending && (
            <Stack gap={4}>
              <Text>
                <FormattedMessage
                  id="staff.types.price.newCost"
                  defaultMessage="New sponsorships of {label} will cost {amount} a month."
                  values={{
                    label: type.settings.customLabelPlural,
                    amount: format.cents(pending.monthlyAmount),
                  }}
                />
              </Text>
              <Text>{intl.formatMessage(keptPriceDescriptor, { count: type.activeSponsorships })}</Text>
            </Stack>
          )
        }
        confirmLabel={intl.formatMessage({
          id: 'staff.types.price.change',
          defaultMessage: 'Change the price',
        })}
        onConfirm={async () => {
          const answer = await changePlan.mutateAsync({ id: type.id, body: pending! });
          setKept(intl.formatMessage(keptPriceDescriptor, { count: answer.keptSponsorships }));
        }}
      />
    </Stack>
  );
}

/** Dashboard › Types and plans: the partner's sponsored types, their display rules, columns and plans. */
export function TypesSection() {
  const intl = useIntl();
  const format = useFormat();
  const { data, isLoading, error } = useStaffTypes();
  const phone = useMediaQuery('(max-width: 36em)');
  const [editing, setEditing] = useState<StaffType | 'new' | null>(null);
  const intervalName = (id: number) => data?.paymentIntervals.find((i) => i.id === id)?.name ?? String(id);
  const filterTypesOf = (sponsoredTypesId: number) =>
    data?.types.find((t) => t.sponsoredTypesId === sponsoredTypesId)?.filterTypes ?? [];
  const columns: StaffColumn<StaffType>[] = [
    {
      key: 'type',
      title: intl.formatMessage({ id: 'staff.types.column.type', defaultMessage: 'Type' }),
      sortable: true,
      minWidth: 160,
      render: (type) => (
        <>
          <Text fw={500}>{type.settings.customLabelPlural}</Text>
          <Text size="xs" c="dimmed">
            {boardPath(type.identifier)}
          </Text>
          {/* A phone has no room for the Sponsorships column: the count goes under the name. */}
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            <FormattedMessage
              id="staff.types.activeSponsorships"
              defaultMessage="{count, plural, one {# active sponsorship} other {# active sponsorships}}"
              values={{ count: type.activeSponsorships }}
            />
          </Text>
          {!type.settings.active && (
            <Badge color="gray" size="sm">
              <FormattedMessage id="staff.types.inactive" defaultMessage="Inactive" />
            </Badge>
          )}
        </>
      ),
      csv: (type) => type.settings.customLabelPlural,
    },
    {
      key: 'identifier',
      title: intl.formatMessage({ id: 'staff.types.column.address', defaultMessage: 'Address' }),
      hiddenByDefault: true,
      csv: (type) => `/sponsored/board/${type.identifier}`,
    },
    {
      key: 'kind',
      title: intl.formatMessage({ id: 'staff.types.column.kind', defaultMessage: 'Kind' }),
      sortable: true,
      hiddenOnPhone: true,
      render: (type) => kindLabel(intl, type.sponsoredTypesId),
      csv: (type) => kindLabel(intl, type.sponsoredTypesId),
    },
    {
      key: 'price',
      title: intl.formatMessage({ id: 'staff.types.column.price', defaultMessage: 'Price a month' }),
      sortable: true,
      noWrap: true,
      render: (type) =>
        type.currentPlan ? (
          <>
            {format.cents(type.currentPlan.monthlyAmount)}
            <Text size="xs" c="dimmed">
              {type.currentPlan.paymentIntervalsIds.map(intervalName).join(', ')}
            </Text>
          </>
        ) : (
          <FormattedMessage id="staff.types.noPlan" defaultMessage="No plan" />
        ),
      csv: (type) =>
        type.currentPlan
          ? format.cents(type.currentPlan.monthlyAmount)
          : intl.formatMessage({ id: 'staff.types.noPlan', defaultMessage: 'No plan' }),
      sortValue: (type) => (type.currentPlan ? Number(type.currentPlan.monthlyAmount) : null),
    },
    {
      key: 'records',
      title: intl.formatMessage({ id: 'staff.types.column.records', defaultMessage: 'Records' }),
      sortable: true,
      noWrap: true,
      hiddenOnPhone: true,
    },
    {
      key: 'activeSponsorships',
      title: intl.formatMessage({ id: 'staff.types.column.sponsorships', defaultMessage: 'Sponsorships' }),
      sortable: true,
      noWrap: true,
      hiddenOnPhone: true,
    },
    editColumn<StaffType>((type) => type.settings.customLabelPlural, setEditing),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>
          <FormattedMessage id="staff.types.title" defaultMessage="Types and plans" />
        </Title>
        <Button onClick={() => setEditing('new')} disabled={!data}>
          <FormattedMessage id="staff.types.new" defaultMessage="New type" />
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
        searchLabel={intl.formatMessage({ id: 'staff.types.search', defaultMessage: 'Search types' })}
        emptyText={intl.formatMessage({ id: 'staff.types.empty', defaultMessage: 'No sponsored types yet.' })}
        exportFileName="types-and-plans.csv"
        pinLastColumn
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new'
            ? intl.formatMessage({ id: 'staff.types.newTitle', defaultMessage: 'New sponsored type' })
            : editing
              ? intl.formatMessage(
                  { id: 'staff.types.editTitle', defaultMessage: 'Edit {label}' },
                  { label: editing.settings.customLabelPlural },
                )
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
