import {
  Alert,
  Button,
  FileInput,
  Group,
  Image,
  Modal,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { programInputSchema, type ProgramInput, type StaffProgram } from '@kinship/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { StaticMap } from '../../../../components/map/static-map';
import { FallbackHint, LocaleTabs } from '../../../../components/staff/locale-tabs';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import {
  contentLocalesOf,
  translationFormValues,
  translationInputProps,
  translationsToSend,
} from '../../../../components/staff/translations';
import { usePartner } from '../../../../shared/partner/partner-context';
import { editColumn } from '../../../../components/staff/edit-column';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { mediaUrl } from '../../../../lib/api-client';
import { useProgramWrites, useStaffPrograms } from '../api/catalogue-programs';

/** How wide the picker's view is, from the whole world to a region, in degrees of longitude. */
const ZOOMS = [360, 120, 36, 10];

/** Click on the map to place the program; zoom to place it closely. The same offline map as the profile's Program tab. */
function PlacePicker({
  latitude,
  longitude,
  name,
  onPick,
}: {
  latitude: number | null;
  longitude: number | null;
  name: string;
  onPick: (latitude: number, longitude: number) => void;
}) {
  const intl = useIntl();
  const [zoom, setZoom] = useState(latitude === null ? 0 : 2);
  const placed = latitude !== null && longitude !== null;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fw={500} size="sm">
          <FormattedMessage id="staff.programs.map.title" defaultMessage="Place on the map" />
        </Text>
        <Group gap={4}>
          <Button size="compact-xs" variant="default" disabled={zoom === 0} onClick={() => setZoom(zoom - 1)}>
            <FormattedMessage id="staff.programs.map.zoomOut" defaultMessage="Zoom out" />
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            disabled={zoom === ZOOMS.length - 1}
            onClick={() => setZoom(zoom + 1)}
          >
            <FormattedMessage id="staff.programs.map.zoomIn" defaultMessage="Zoom in" />
          </Button>
        </Group>
      </Group>
      <StaticMap
        latitude={latitude ?? 10}
        longitude={longitude ?? 0}
        place={
          name || intl.formatMessage({ id: 'staff.programs.map.theProgram', defaultMessage: 'the program' })
        }
        spanLongitude={ZOOMS[zoom]}
        marker={placed}
        onPick={(lat, lon) => {
          onPick(lat, lon);
          if (zoom < ZOOMS.length - 1) setZoom(zoom + 1);
        }}
      />
      <Text size="xs" c="dimmed">
        {placed ? (
          <FormattedMessage
            id="staff.programs.map.placedAt"
            defaultMessage="Placed at {latitude}, {longitude}."
            values={{
              latitude: intl.formatNumber(latitude, { minimumFractionDigits: 4, maximumFractionDigits: 4 }),
              longitude: intl.formatNumber(longitude, { minimumFractionDigits: 4, maximumFractionDigits: 4 }),
            }}
          />
        ) : (
          <FormattedMessage
            id="staff.programs.map.notPlacedYet"
            defaultMessage="Not placed yet: click on the map."
          />
        )}
      </Text>
    </Stack>
  );
}

function ProgramForm({
  program,
  countries,
  onDone,
}: {
  program: StaffProgram | null;
  countries: { id: number; name: string }[];
  onDone: () => void;
}) {
  const intl = useIntl();
  const { create, update, setImage } = useProgramWrites();
  const languages = contentLocalesOf(usePartner());
  const form = useSchemaForm(programInputSchema, {
    name: program?.name ?? '',
    city: program?.city ?? '',
    countriesId: program?.countriesId ?? null,
    description: program?.description ?? '',
    // The description in the partner's other languages (decision 072).
    translations: translationFormValues(program?.translations, languages, ['description']),
    latitude: program?.latitude ?? null,
    longitude: program?.longitude ?? null,
  } as ProgramInput & Record<string, unknown>);
  const values = form.getValues() as ProgramInput;
  const [progress, setProgress] = useState<number | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [imageUrl, setImageUrl] = useState(program?.imageUrl ?? null);

  const upload = async (file: File | null) => {
    if (!file || !program) return;
    setImageError(null);
    setProgress(0);
    try {
      const result = await setImage.mutateAsync({ id: program.id, file, onProgress: setProgress });
      setImageUrl((JSON.parse(result.body) as StaffProgram).imageUrl);
    } catch (error) {
      setImageError((error as Error).message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <SchemaForm
      form={form}
      submitLabel={
        program
          ? intl.formatMessage({ id: 'staff.programs.save', defaultMessage: 'Save the program' })
          : intl.formatMessage({ id: 'staff.programs.create', defaultMessage: 'Create the program' })
      }
      onSubmit={(v) => {
        const body = { ...(v as ProgramInput), translations: translationsToSend(v.translations, languages) };
        return program ? update.mutateAsync({ id: program.id, body }) : create.mutateAsync(body);
      }}
      onDone={onDone}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={intl.formatMessage({ id: 'staff.programs.field.name', defaultMessage: 'Name' })}
          withAsterisk
          {...form.getInputProps('name')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'staff.programs.column.city', defaultMessage: 'City' })}
          {...form.getInputProps('city')}
        />
        <Select
          label={intl.formatMessage({ id: 'staff.programs.column.country', defaultMessage: 'Country' })}
          searchable
          clearable
          data={countries.map((c) => ({ value: String(c.id), label: c.name }))}
          {...form.getInputProps('countriesId')}
          value={values.countriesId === null ? null : String(values.countriesId)}
          onChange={(v) => form.setFieldValue('countriesId', v === null ? null : Number(v))}
        />
      </SimpleGrid>
      <LocaleTabs languages={languages}>
        {(locale, isDefault) => (
          <Textarea
            label={intl.formatMessage({
              id: 'staff.programs.field.description',
              defaultMessage: 'Description',
            })}
            description={
              isDefault ? (
                intl.formatMessage({
                  id: 'staff.programs.field.description.help',
                  defaultMessage:
                    'HTML: paragraphs, bold, italics, lists, headings and links are kept; anything else is removed.',
                })
              ) : (
                <FallbackHint languages={languages} />
              )
            }
            autosize
            minRows={3}
            {...(isDefault
              ? form.getInputProps('description')
              : {
                  ...translationInputProps(form, locale, 'description'),
                  placeholder: values.description ?? '',
                  lang: locale,
                })}
          />
        )}
      </LocaleTabs>
      <PlacePicker
        latitude={values.latitude}
        longitude={values.longitude}
        name={values.name}
        onPick={(latitude, longitude) => form.setValues({ latitude, longitude })}
      />
      <SimpleGrid cols={2}>
        <NumberInput
          label={intl.formatMessage({ id: 'staff.programs.field.latitude', defaultMessage: 'Latitude' })}
          min={-90}
          max={90}
          decimalScale={5}
          {...form.getInputProps('latitude')}
        />
        <NumberInput
          label={intl.formatMessage({ id: 'staff.programs.field.longitude', defaultMessage: 'Longitude' })}
          min={-180}
          max={180}
          decimalScale={5}
          {...form.getInputProps('longitude')}
        />
      </SimpleGrid>
      {program ? (
        <Stack gap={6}>
          {imageUrl && (
            <Image
              src={mediaUrl(imageUrl)}
              alt={intl.formatMessage(
                { id: 'staff.programs.picture.alt', defaultMessage: 'Picture of {name}' },
                { name: program.name },
              )}
              maw={320}
              radius="sm"
            />
          )}
          <FileInput
            label={intl.formatMessage({ id: 'staff.programs.picture', defaultMessage: 'Picture' })}
            accept="image/*"
            placeholder={intl.formatMessage({
              id: 'staff.programs.picture.choose',
              defaultMessage: 'Choose a picture',
            })}
            onChange={(f) => void upload(f)}
          />
          {progress !== null && (
            <Progress
              value={progress * 100}
              aria-label={intl.formatMessage({
                id: 'staff.programs.picture.progress',
                defaultMessage: 'Upload progress',
              })}
            />
          )}
          {imageError && (
            <Alert color="red" role="alert">
              {imageError}
            </Alert>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="staff.programs.picture.later"
            defaultMessage="Add a picture once the program is created."
          />
        </Text>
      )}
    </SchemaForm>
  );
}

/** Dashboard › Programs: the programs the person works on, with their records and sponsors. */
export function ProgramsSection() {
  const intl = useIntl();
  const { data, isLoading, error } = useStaffPrograms();
  const phone = useMediaQuery('(max-width: 36em)');
  const [editing, setEditing] = useState<StaffProgram | 'new' | null>(null);
  const countryName = (id: number | null) => data?.countries.find((c) => c.id === id)?.name ?? '';
  const placedWord = (program: StaffProgram) =>
    program.latitude === null
      ? intl.formatMessage({ id: 'staff.programs.notPlaced', defaultMessage: 'Not placed' })
      : intl.formatMessage({ id: 'staff.programs.placed', defaultMessage: 'Placed' });
  const columns: StaffColumn<StaffProgram>[] = [
    {
      key: 'name',
      title: intl.formatMessage({ id: 'staff.programs.column.program', defaultMessage: 'Program' }),
      sortable: true,
      minWidth: 160,
      render: (program) => (
        <>
          <Text fw={500}>{program.name}</Text>
          {program.city && (
            <Text size="xs" c="dimmed">
              {program.city}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'city',
      title: intl.formatMessage({ id: 'staff.programs.column.city', defaultMessage: 'City' }),
      hiddenByDefault: true,
    },
    {
      key: 'country',
      title: intl.formatMessage({ id: 'staff.programs.column.country', defaultMessage: 'Country' }),
      sortable: true,
      hiddenOnPhone: true,
      render: (program) => countryName(program.countriesId),
      csv: (program) => countryName(program.countriesId),
    },
    {
      key: 'records',
      title: intl.formatMessage({ id: 'staff.programs.column.records', defaultMessage: 'Records' }),
      sortable: true,
      noWrap: true,
    },
    {
      key: 'sponsors',
      title: intl.formatMessage({ id: 'staff.programs.column.sponsors', defaultMessage: 'Sponsors' }),
      sortable: true,
      noWrap: true,
    },
    {
      key: 'placed',
      title: intl.formatMessage({ id: 'staff.programs.column.placed', defaultMessage: 'On the map' }),
      sortable: true,
      hiddenOnPhone: true,
      noWrap: true,
      render: (program) => placedWord(program),
      csv: (program) => placedWord(program),
    },
    editColumn<StaffProgram>((program) => program.name, setEditing),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>
          <FormattedMessage id="staff.programs.title" defaultMessage="Programs" />
        </Title>
        {data?.canCreate && (
          <Button onClick={() => setEditing('new')}>
            <FormattedMessage id="staff.programs.new" defaultMessage="New program" />
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <ServerDataTable
        rows={data?.programs}
        loading={isLoading}
        columns={columns}
        rowKey={(program) => program.id}
        searchLabel={intl.formatMessage({ id: 'staff.programs.search', defaultMessage: 'Search programs' })}
        emptyText={intl.formatMessage({ id: 'staff.programs.empty', defaultMessage: 'No programs yet.' })}
        exportFileName="programs.csv"
        pinLastColumn
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new'
            ? intl.formatMessage({ id: 'staff.programs.new', defaultMessage: 'New program' })
            : editing
              ? intl.formatMessage(
                  { id: 'staff.programs.editTitle', defaultMessage: 'Edit {name}' },
                  { name: editing.name },
                )
              : ''
        }
        size="xl"
        fullScreen={Boolean(phone)}
      >
        {data && editing !== null && (
          <ProgramForm
            program={editing === 'new' ? null : editing}
            countries={data.countries}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
