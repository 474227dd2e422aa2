import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  GRADES,
  RECORD_TRANSITIONS,
  recordInputSchema,
  requiredRecordField,
  SponsoredType,
  type PartnerSponsoredType,
  type RecordDetail,
  type RecordInput,
  type RecordStatus,
} from '@kinship/domain';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ConfirmButton } from '../../../../components/staff/confirm-dialog';
import { LocaleTabs } from '../../../../components/staff/locale-tabs';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import {
  contentLocalesOf,
  fallbackHint,
  setTranslation,
  translationFormValues,
  translationsToSend,
} from '../../../../components/staff/translations';
import { usePartner } from '../../../../shared/partner/partner-context';
import { formatGrade } from '../../../../i18n/grades';
import { useLocale } from '../../../../i18n/locale-provider';
import { useCurrency } from '../../../../i18n/use-currency';
import { archiveMessageDescriptor } from '../messages';

/** TipTap and its styles come with the editor only, not with the Records table. */
const RichTextField = lazy(() => import('./rich-text-field').then((m) => ({ default: m.RichTextField })));

export interface RecordEditorProps {
  type: Pick<PartnerSponsoredType, 'id' | 'sponsoredTypesId' | 'customLabelSingular' | 'customColumns'>;
  programs: { id: number; name: string }[];
  /** The record being edited; absent for a new one. */
  record?: RecordDetail | undefined;
  onSave: (values: RecordInput) => Promise<unknown>;
  /** Archive (existing records only): called once the person has confirmed. */
  onArchive?: () => Promise<unknown>;
  onDone: () => void;
  /** The record's audit history in the Audit log section, for people who may read it. */
  historyHref?: string | undefined;
}

/** The fun fact buttons' signs (their names are in aria-label). */
const ARROWS = { up: '↑', down: '↓', remove: '×' } as const;

const PEOPLE: readonly number[] = [SponsoredType.Student, SponsoredType.Teacher, SponsoredType.Staff];
const WITH_GRADE: readonly number[] = [SponsoredType.Student, SponsoredType.Teacher, SponsoredType.Class];
const WITH_TITLE: readonly number[] = [SponsoredType.Staff, SponsoredType.Class, SponsoredType.Initiative];

const STATUS_LABELS = defineMessages({
  active: { id: 'staff.records.editor.status.active', defaultMessage: 'Active (shown on the site)' },
  reserved: {
    id: 'staff.records.editor.status.reserved',
    defaultMessage: 'Reserved (shown, not open to new sponsors)',
  },
  inactive: { id: 'staff.records.editor.status.inactive', defaultMessage: 'Inactive (hidden)' },
  archived: { id: 'staff.records.editor.status.archived', defaultMessage: 'Archived' },
}) satisfies Record<RecordStatus, unknown>;

/** An amount field's sign and separators in the page's locale (en-US `$1,234.50`, fr-CA `1 234,50 $`). */
function useAmountInput() {
  const { locale } = useLocale();
  const currency = useCurrency();
  return useMemo(() => {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
    const group = parts.find((p) => p.type === 'group')?.value ?? ',';
    const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
    return {
      ...(currency.symbolFirst ? { prefix: currency.symbol } : { suffix: `\u00a0${currency.symbol}` }),
      thousandSeparator: group,
      decimalSeparator: decimal,
    };
  }, [locale, currency]);
}

function initialValues(
  type: RecordEditorProps['type'],
  record: RecordDetail | undefined,
  programs: { id: number }[],
) {
  return {
    partnerSponsoredTypesId: type.id,
    entitiesId: record?.entitiesId ?? programs[0]?.id ?? 0,
    code: record?.code ?? '',
    firstName: record?.firstName ?? '',
    lastName: record?.lastName ?? '',
    title: record?.title ?? '',
    gender: (record?.gender === 'Male' || record?.gender === 'Female' ? record.gender : null) as
      'Male' | 'Female' | null,
    birthday: record?.birthday ?? null,
    showBirthday: record?.showBirthday ?? null,
    showAge: record?.showAge ?? null,
    showLastName: record?.showLastName ?? null,
    gradesId: record?.gradesId ?? null,
    homeroom: record?.homeroom ?? '',
    bio: record?.bio ?? '',
    funFacts: record?.funFacts.map(({ description, value }) => ({ description, value })) ?? [],
    customColumnValues: Object.fromEntries(
      type.customColumns.map((c) => [c, record?.customColumnValues[c] ?? '']),
    ),
    monthlyAmount: record?.monthlyAmountOverride ?? null,
    maxSlots: record?.maxSlots ?? 1,
    masked: record?.masked ?? false,
    status: (record?.status ?? 'active') as RecordStatus,
  };
}

/**
 * The record editor: every field of a record of one type (the fields its type shows), fun facts
 * added, edited, ordered and removed, custom column values, and the status. Archiving is its own
 * button whose dialog says what will happen to the record's sponsorships before it happens.
 * Pictures have their own page (the pictures panel), linked from here once the record exists.
 */
export function RecordEditor({
  type,
  programs,
  record,
  onSave,
  onArchive,
  onDone,
  historyHref,
}: RecordEditorProps) {
  const intl = useIntl();
  const amountInput = useAmountInput();
  const languages = contentLocalesOf(usePartner());
  const form = useSchemaForm(recordInputSchema, {
    ...initialValues(type, record, programs),
    // The bio in the partner's other languages (decision 072).
    translations: translationFormValues(record?.translations, languages, ['bio']),
  });
  const kind = type.sponsoredTypesId;
  // The field a record of this type must hold (decision 067): the server refuses it empty.
  const required = requiredRecordField(kind);
  const values = form.getValues();
  const statuses = (
    record ? [record.status, ...RECORD_TRANSITIONS[record.status]] : ['active', 'reserved', 'inactive']
  )
    .filter((s) => s !== 'archived' || record?.status === 'archived')
    .map((s) => ({ value: s, label: intl.formatMessage(STATUS_LABELS[s as RecordStatus]) }));
  const facts = values.funFacts ?? [];

  return (
    <Stack gap="md">
      <Title order={2}>
        {record ? (
          <FormattedMessage
            id="staff.records.editor.editTitle"
            defaultMessage="Edit {code}"
            values={{ code: record.code }}
          />
        ) : (
          <FormattedMessage
            id="staff.records.new"
            defaultMessage="New {label}"
            values={{ label: type.customLabelSingular.toLowerCase() }}
          />
        )}
      </Title>
      <SchemaForm
        form={form}
        submitLabel={
          record
            ? intl.formatMessage({ id: 'staff.records.editor.save', defaultMessage: 'Save changes' })
            : intl.formatMessage({ id: 'staff.records.editor.create', defaultMessage: 'Create' })
        }
        onSubmit={(v) =>
          onSave({ ...(v as RecordInput), translations: translationsToSend(v.translations, languages) })
        }
        onDone={onDone}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={intl.formatMessage({ id: 'staff.records.column.code', defaultMessage: 'Code' })}
            required
            {...form.getInputProps('code')}
            key={form.key('code')}
          />
          <Select
            label={intl.formatMessage({ id: 'staff.records.column.program', defaultMessage: 'Program' })}
            required
            data={programs.map((p) => ({ value: String(p.id), label: p.name }))}
            {...form.getInputProps('entitiesId')}
            value={String(values.entitiesId)}
            onChange={(v) => form.setFieldValue('entitiesId', Number(v))}
            key={form.key('entitiesId')}
          />
          {PEOPLE.includes(kind) && (
            <>
              <TextInput
                label={intl.formatMessage({
                  id: 'staff.records.editor.firstName',
                  defaultMessage: 'First name',
                })}
                required={required === 'firstName'}
                {...form.getInputProps('firstName')}
                key={form.key('firstName')}
              />
              <TextInput
                label={intl.formatMessage({
                  id: 'staff.records.editor.lastName',
                  defaultMessage: 'Last name',
                })}
                {...form.getInputProps('lastName')}
                key={form.key('lastName')}
              />
              <Select
                label={intl.formatMessage({ id: 'staff.records.filter.gender', defaultMessage: 'Gender' })}
                clearable
                data={[
                  {
                    value: 'Female',
                    label: intl.formatMessage({
                      id: 'staff.records.gender.female',
                      defaultMessage: 'Female',
                    }),
                  },
                  {
                    value: 'Male',
                    label: intl.formatMessage({ id: 'staff.records.gender.male', defaultMessage: 'Male' }),
                  },
                ]}
                {...form.getInputProps('gender')}
                key={form.key('gender')}
              />
              <TextInput
                label={intl.formatMessage({
                  id: 'staff.records.column.birthday',
                  defaultMessage: 'Birthday',
                })}
                type="date"
                {...form.getInputProps('birthday')}
                value={values.birthday ?? ''}
                onChange={(e) => form.setFieldValue('birthday', e.currentTarget.value || null)}
                key={form.key('birthday')}
              />
            </>
          )}
          {WITH_TITLE.includes(kind) && (
            <TextInput
              label={intl.formatMessage({ id: 'staff.records.column.title', defaultMessage: 'Title' })}
              required={required === 'title'}
              {...form.getInputProps('title')}
              key={form.key('title')}
            />
          )}
          {WITH_GRADE.includes(kind) && (
            <Select
              label={intl.formatMessage({ id: 'staff.records.column.grade', defaultMessage: 'Grade' })}
              clearable
              data={Object.entries(GRADES).map(([id, name]) => ({
                value: id,
                label: formatGrade(intl, Number(id), name),
              }))}
              {...form.getInputProps('gradesId')}
              value={values.gradesId == null ? null : String(values.gradesId)}
              onChange={(v) => form.setFieldValue('gradesId', v === null ? null : Number(v))}
              key={form.key('gradesId')}
            />
          )}
          {kind === SponsoredType.Student && (
            <TextInput
              label={intl.formatMessage({ id: 'staff.records.column.homeroom', defaultMessage: 'Homeroom' })}
              {...form.getInputProps('homeroom')}
              key={form.key('homeroom')}
            />
          )}
          <NumberInput
            label={intl.formatMessage({
              id: 'staff.records.editor.monthlyAmount',
              defaultMessage: 'Monthly amount',
            })}
            description={intl.formatMessage({
              id: 'staff.records.editor.monthlyAmount.help',
              defaultMessage: "In dollars. Leave empty to use the type's plan.",
            })}
            {...amountInput}
            min={0.01}
            decimalScale={2}
            fixedDecimalScale
            // The form and the API hold cents; the field shows and takes dollars.
            defaultValue={values.monthlyAmount == null ? '' : values.monthlyAmount / 100}
            error={form.getInputProps('monthlyAmount').error as ReactNode}
            onChange={(v) =>
              form.setFieldValue('monthlyAmount', typeof v === 'number' ? Math.round(v * 100) : null)
            }
            key={form.key('monthlyAmount')}
          />
          <NumberInput
            label={intl.formatMessage({ id: 'staff.records.editor.maxSlots', defaultMessage: 'Max slots' })}
            min={Math.max(1, record?.slotsFilled ?? 1)}
            allowDecimal={false}
            description={
              record
                ? intl.formatMessage(
                    {
                      id: 'staff.records.editor.maxSlots.filled',
                      defaultMessage: '{count} filled by sponsors',
                    },
                    { count: record.slotsFilled },
                  )
                : undefined
            }
            {...form.getInputProps('maxSlots')}
            key={form.key('maxSlots')}
          />
          <Select
            label={intl.formatMessage({ id: 'staff.records.column.status', defaultMessage: 'Status' })}
            data={statuses}
            allowDeselect={false}
            {...form.getInputProps('status')}
            key={form.key('status')}
          />
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox
            label={intl.formatMessage({ id: 'staff.records.editor.masked', defaultMessage: 'Masked' })}
            {...form.getInputProps('masked', { type: 'checkbox' })}
            key={form.key('masked')}
          />
          {PEOPLE.includes(kind) && (
            <>
              <Checkbox
                label={intl.formatMessage({
                  id: 'staff.records.editor.showBirthday',
                  defaultMessage: 'Show birthday',
                })}
                {...form.getInputProps('showBirthday', { type: 'checkbox' })}
                checked={values.showBirthday ?? false}
                key={form.key('showBirthday')}
              />
              <Checkbox
                label={intl.formatMessage({ id: 'staff.records.editor.showAge', defaultMessage: 'Show age' })}
                {...form.getInputProps('showAge', { type: 'checkbox' })}
                checked={values.showAge ?? false}
                key={form.key('showAge')}
              />
              <Checkbox
                label={intl.formatMessage({
                  id: 'staff.records.editor.showLastName',
                  defaultMessage: 'Show last name',
                })}
                {...form.getInputProps('showLastName', { type: 'checkbox' })}
                checked={values.showLastName ?? false}
                key={form.key('showLastName')}
              />
            </>
          )}
        </Group>
        <Suspense
          fallback={
            <Loader
              size="sm"
              aria-label={intl.formatMessage({
                id: 'staff.records.editor.bio.loading',
                defaultMessage: 'Loading the bio editor',
              })}
            />
          }
        >
          <LocaleTabs languages={languages}>
            {(locale, isDefault) =>
              isDefault ? (
                <RichTextField
                  label={intl.formatMessage({ id: 'staff.records.editor.bio', defaultMessage: 'Bio' })}
                  description={intl.formatMessage({
                    id: 'staff.records.editor.bio.help',
                    defaultMessage:
                      'Paragraphs, bold, italics, lists and links are kept; anything else is removed on save.',
                  })}
                  {...(form.getInputProps('bio') as {
                    value: string;
                    onChange: (html: string) => void;
                    error?: ReactNode;
                  })}
                  key={form.key('bio')}
                />
              ) : (
                <RichTextField
                  label={intl.formatMessage({ id: 'staff.records.editor.bio', defaultMessage: 'Bio' })}
                  description={fallbackHint(intl, languages)}
                  value={values.translations?.[locale]?.bio ?? ''}
                  onChange={(html) => setTranslation(form, locale, 'bio', html)}
                  error={form.errors[`translations.${locale}.bio`]}
                  key={`bio-${locale}`}
                />
              )
            }
          </LocaleTabs>
        </Suspense>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>
              <FormattedMessage id="staff.records.editor.funFacts" defaultMessage="Fun facts" />
            </Text>
            <Button
              variant="light"
              size="xs"
              onClick={() => form.insertListItem('funFacts', { description: '', value: '' })}
            >
              <FormattedMessage id="staff.records.editor.funFacts.add" defaultMessage="Add a fun fact" />
            </Button>
          </Group>
          {facts.length === 0 && (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="staff.records.editor.funFacts.none" defaultMessage="No fun facts yet." />
            </Text>
          )}
          {facts.map((_, index) => (
            <Group key={form.key(`funFacts.${index}`)} align="flex-end" wrap="wrap" gap="xs">
              <TextInput
                label={intl.formatMessage(
                  { id: 'staff.records.editor.funFact.label', defaultMessage: 'Fun fact {number}: label' },
                  { number: index + 1 },
                )}
                style={{ flex: '1 1 10rem' }}
                {...form.getInputProps(`funFacts.${index}.description`)}
              />
              <TextInput
                label={intl.formatMessage(
                  { id: 'staff.records.editor.funFact.value', defaultMessage: 'Fun fact {number}: value' },
                  { number: index + 1 },
                )}
                style={{ flex: '2 1 12rem' }}
                {...form.getInputProps(`funFacts.${index}.value`)}
              />
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={intl.formatMessage(
                  { id: 'staff.records.editor.funFact.up', defaultMessage: 'Move fun fact {number} up' },
                  { number: index + 1 },
                )}
                disabled={index === 0}
                onClick={() => form.reorderListItem('funFacts', { from: index, to: index - 1 })}
              >
                {ARROWS.up}
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={intl.formatMessage(
                  { id: 'staff.records.editor.funFact.down', defaultMessage: 'Move fun fact {number} down' },
                  { number: index + 1 },
                )}
                disabled={index === facts.length - 1}
                onClick={() => form.reorderListItem('funFacts', { from: index, to: index + 1 })}
              >
                {ARROWS.down}
              </ActionIcon>
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                aria-label={intl.formatMessage(
                  { id: 'staff.records.editor.funFact.remove', defaultMessage: 'Remove fun fact {number}' },
                  { number: index + 1 },
                )}
                onClick={() => form.removeListItem('funFacts', index)}
              >
                {ARROWS.remove}
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        {type.customColumns.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {type.customColumns.map((column) => (
              <TextInput
                key={form.key(`customColumnValues.${column}`)}
                label={column}
                {...form.getInputProps(`customColumnValues.${column}`)}
              />
            ))}
          </SimpleGrid>
        )}
        {record ? (
          <Group gap="md">
            <Anchor component={Link} to={`/dashboard/records/${record.id}/pictures`} size="sm">
              <FormattedMessage
                id="staff.records.editor.pictures"
                defaultMessage="Manage pictures ({count})"
                values={{ count: record.pictures }}
              />
            </Anchor>
            {historyHref && (
              <Anchor component={Link} to={historyHref} size="sm">
                <FormattedMessage id="staff.records.editor.history" defaultMessage="History" />
              </Anchor>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="staff.records.editor.picturesLater"
              defaultMessage="Save the record first, then add its pictures."
            />
          </Text>
        )}
      </SchemaForm>
      {record && onArchive && record.status !== 'archived' && (
        <Group>
          <ConfirmButton
            title={intl.formatMessage(
              { id: 'staff.records.editor.archive.title', defaultMessage: 'Archive {code}?' },
              { code: record.code },
            )}
            message={intl.formatMessage(archiveMessageDescriptor, { count: record.sponsors })}
            confirmLabel={intl.formatMessage({
              id: 'staff.records.editor.archive',
              defaultMessage: 'Archive',
            })}
            onConfirm={async () => {
              await onArchive();
              onDone();
            }}
            buttonProps={{ color: 'red', variant: 'light' }}
          >
            <FormattedMessage id="staff.records.editor.archive" defaultMessage="Archive" />
          </ConfirmButton>
        </Group>
      )}
    </Stack>
  );
}
