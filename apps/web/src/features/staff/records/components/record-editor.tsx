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
  archiveMessage,
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
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmButton } from '../../../../components/staff/confirm-dialog';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';

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

const PEOPLE: readonly number[] = [SponsoredType.Student, SponsoredType.Teacher, SponsoredType.Staff];
const WITH_GRADE: readonly number[] = [SponsoredType.Student, SponsoredType.Teacher, SponsoredType.Class];
const WITH_TITLE: readonly number[] = [SponsoredType.Staff, SponsoredType.Class, SponsoredType.Initiative];

const STATUS_LABELS: Record<RecordStatus, string> = {
  active: 'Active (shown on the site)',
  reserved: 'Reserved (shown, not open to new sponsors)',
  inactive: 'Inactive (hidden)',
  archived: 'Archived',
};

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
  const form = useSchemaForm(recordInputSchema, initialValues(type, record, programs));
  const kind = type.sponsoredTypesId;
  // The field a record of this type must hold (decision 067): the server refuses it empty.
  const required = requiredRecordField(kind);
  const values = form.getValues();
  const statuses = (
    record ? [record.status, ...RECORD_TRANSITIONS[record.status]] : ['active', 'reserved', 'inactive']
  )
    .filter((s) => s !== 'archived' || record?.status === 'archived')
    .map((s) => ({ value: s, label: STATUS_LABELS[s as RecordStatus] }));
  const facts = values.funFacts ?? [];

  return (
    <Stack gap="md">
      <Title order={2}>
        {record ? `Edit ${record.code}` : `New ${type.customLabelSingular.toLowerCase()}`}
      </Title>
      <SchemaForm
        form={form}
        submitLabel={record ? 'Save changes' : 'Create'}
        onSubmit={(v) => onSave(v as RecordInput)}
        onDone={onDone}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Code" required {...form.getInputProps('code')} key={form.key('code')} />
          <Select
            label="Program"
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
                label="First name"
                required={required === 'firstName'}
                {...form.getInputProps('firstName')}
                key={form.key('firstName')}
              />
              <TextInput label="Last name" {...form.getInputProps('lastName')} key={form.key('lastName')} />
              <Select
                label="Gender"
                clearable
                data={['Female', 'Male']}
                {...form.getInputProps('gender')}
                key={form.key('gender')}
              />
              <TextInput
                label="Birthday"
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
              label="Title"
              required={required === 'title'}
              {...form.getInputProps('title')}
              key={form.key('title')}
            />
          )}
          {WITH_GRADE.includes(kind) && (
            <Select
              label="Grade"
              clearable
              data={Object.entries(GRADES).map(([id, name]) => ({ value: id, label: name }))}
              {...form.getInputProps('gradesId')}
              value={values.gradesId == null ? null : String(values.gradesId)}
              onChange={(v) => form.setFieldValue('gradesId', v === null ? null : Number(v))}
              key={form.key('gradesId')}
            />
          )}
          {kind === SponsoredType.Student && (
            <TextInput label="Homeroom" {...form.getInputProps('homeroom')} key={form.key('homeroom')} />
          )}
          <NumberInput
            label="Monthly amount"
            description="In dollars. Leave empty to use the type's plan."
            prefix="$"
            min={0.01}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            // The form and the API hold cents; the field shows and takes dollars.
            defaultValue={values.monthlyAmount == null ? '' : values.monthlyAmount / 100}
            error={form.getInputProps('monthlyAmount').error as ReactNode}
            onChange={(v) =>
              form.setFieldValue('monthlyAmount', typeof v === 'number' ? Math.round(v * 100) : null)
            }
            key={form.key('monthlyAmount')}
          />
          <NumberInput
            label="Max slots"
            min={Math.max(1, record?.slotsFilled ?? 1)}
            allowDecimal={false}
            description={record ? `${record.slotsFilled} filled by sponsors` : undefined}
            {...form.getInputProps('maxSlots')}
            key={form.key('maxSlots')}
          />
          <Select
            label="Status"
            data={statuses}
            allowDeselect={false}
            {...form.getInputProps('status')}
            key={form.key('status')}
          />
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox
            label="Masked"
            {...form.getInputProps('masked', { type: 'checkbox' })}
            key={form.key('masked')}
          />
          {PEOPLE.includes(kind) && (
            <>
              <Checkbox
                label="Show birthday"
                {...form.getInputProps('showBirthday', { type: 'checkbox' })}
                checked={values.showBirthday ?? false}
                key={form.key('showBirthday')}
              />
              <Checkbox
                label="Show age"
                {...form.getInputProps('showAge', { type: 'checkbox' })}
                checked={values.showAge ?? false}
                key={form.key('showAge')}
              />
              <Checkbox
                label="Show last name"
                {...form.getInputProps('showLastName', { type: 'checkbox' })}
                checked={values.showLastName ?? false}
                key={form.key('showLastName')}
              />
            </>
          )}
        </Group>
        <Suspense fallback={<Loader size="sm" aria-label="Loading the bio editor" />}>
          <RichTextField
            label="Bio"
            description="Paragraphs, bold, italics, lists and links are kept; anything else is removed on save."
            {...(form.getInputProps('bio') as {
              value: string;
              onChange: (html: string) => void;
              error?: ReactNode;
            })}
            key={form.key('bio')}
          />
        </Suspense>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>Fun facts</Text>
            <Button
              variant="light"
              size="xs"
              onClick={() => form.insertListItem('funFacts', { description: '', value: '' })}
            >
              Add a fun fact
            </Button>
          </Group>
          {facts.length === 0 && (
            <Text size="sm" c="dimmed">
              No fun facts yet.
            </Text>
          )}
          {facts.map((_, index) => (
            <Group key={form.key(`funFacts.${index}`)} align="flex-end" wrap="wrap" gap="xs">
              <TextInput
                label={`Fun fact ${index + 1}: label`}
                style={{ flex: '1 1 10rem' }}
                {...form.getInputProps(`funFacts.${index}.description`)}
              />
              <TextInput
                label={`Fun fact ${index + 1}: value`}
                style={{ flex: '2 1 12rem' }}
                {...form.getInputProps(`funFacts.${index}.value`)}
              />
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Move fun fact ${index + 1} up`}
                disabled={index === 0}
                onClick={() => form.reorderListItem('funFacts', { from: index, to: index - 1 })}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Move fun fact ${index + 1} down`}
                disabled={index === facts.length - 1}
                onClick={() => form.reorderListItem('funFacts', { from: index, to: index + 1 })}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                aria-label={`Remove fun fact ${index + 1}`}
                onClick={() => form.removeListItem('funFacts', index)}
              >
                ×
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
              Manage pictures ({record.pictures})
            </Anchor>
            {historyHref && (
              <Anchor component={Link} to={historyHref} size="sm">
                History
              </Anchor>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Save the record first, then add its pictures.
          </Text>
        )}
      </SchemaForm>
      {record && onArchive && record.status !== 'archived' && (
        <Group>
          <ConfirmButton
            title={`Archive ${record.code}?`}
            message={archiveMessage(record.sponsors)}
            confirmLabel="Archive"
            onConfirm={async () => {
              await onArchive();
              onDone();
            }}
            buttonProps={{ color: 'red', variant: 'light' }}
          >
            Archive
          </ConfirmButton>
        </Group>
      )}
    </Stack>
  );
}
