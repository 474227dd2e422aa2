import {
  CURRENCIES,
  DOMAIN_WAITING_LABEL,
  partnerCreateSchema,
  type ConsolePartner,
  type PartnerCreate,
} from '@kinship/domain';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormCard } from '../../../../components/staff/form-card';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { usePartner } from '../../../../shared/partner/partner-context';
import {
  consolePartnersQueryOptions,
  useCreatePartner,
  useSetPartnerModes,
  useVerifyPartnerDomain,
} from '../api/platform-api';

/** Another partner's site address: its subdomain in place of this one's, or `?partner=` on a bare host. */
export function partnerSiteAddress(currentSubdomain: string, target: string, pathname: string): string {
  const { protocol, hostname, port } = window.location;
  const portPart = port ? `:${port}` : '';
  const bare = hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':');
  if (bare) return `${protocol}//${hostname}${portPart}${pathname}?partner=${encodeURIComponent(target)}`;
  const labels = hostname.split('.');
  const rest = labels[0] === currentSubdomain ? labels.slice(1) : labels;
  return `${protocol}//${[target, ...rest].join('.')}${portPart}${pathname}`;
}

const EMPTY: PartnerCreate = {
  subdomain: '',
  name: '',
  countriesId: 10,
  ein: '',
  currency: 'usd',
  principalContactName: '',
  principalContactEmail: '',
  principalContactTitle: '',
  accountManagerName: '',
  accountManagerEmail: '',
  productsId: null,
  demoMode: false,
  privateDemo: false,
};

const COUNTRY_OPTIONS = [
  { value: '10', label: 'United States' },
  { value: '8', label: 'Canada' },
];

function CreatePartnerForm({ onCreated }: { onCreated: (partner: ConsolePartner) => void }) {
  const create = useCreatePartner();
  const form = useSchemaForm(partnerCreateSchema, EMPTY as PartnerCreate & Record<string, unknown>);
  const values = form.getValues() as PartnerCreate;
  const text = (
    key: keyof PartnerCreate,
    label: string,
    extra: { required?: boolean; description?: string } = {},
  ) => <TextInput label={label} {...form.getInputProps(key)} {...extra} />;
  return (
    <FormCard title="Create a partner">
      <SchemaForm
        form={form}
        submitLabel="Create partner"
        errorTitle={null}
        buttonsAt="start"
        onSubmit={async (v) => {
          const made = await create.mutateAsync(v as PartnerCreate);
          form.reset();
          onCreated(made);
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('subdomain', 'Subdomain', {
            required: true,
            description: 'Lower-case letters, digits and hyphens; the site answers at it at once.',
          })}
          {text('name', 'Name', { required: true })}
          <Select
            label="Country"
            data={COUNTRY_OPTIONS}
            {...form.getInputProps('countriesId')}
            value={values.countriesId ? String(values.countriesId) : null}
            onChange={(v) => form.setFieldValue('countriesId', v ? Number(v) : null)}
            clearable
          />
          {text('ein', 'EIN or business number')}
          <Select
            label="Currency"
            data={CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }))}
            {...form.getInputProps('currency')}
            value={values.currency ?? 'usd'}
            onChange={(v) => form.setFieldValue('currency', (v ?? 'usd') as PartnerCreate['currency'])}
            allowDeselect={false}
          />
          <NumberInput
            label="Kinship plan number (optional)"
            description="The number of the Kinship plan this partner bought, from its contract. It is not a Stripe product; leave it empty if the partner has no plan yet."
            {...form.getInputProps('productsId')}
            value={values.productsId ?? ''}
            onChange={(v) => form.setFieldValue('productsId', typeof v === 'number' ? v : null)}
            min={1}
            allowDecimal={false}
          />
          {text('principalContactName', 'Principal contact')}
          {text('principalContactEmail', 'Principal contact email')}
          {text('principalContactTitle', 'Principal contact title')}
          {text('accountManagerName', 'Account manager')}
          {text('accountManagerEmail', 'Account manager email')}
        </SimpleGrid>
        <Group>
          <Checkbox
            label="Demo mode (test cards)"
            {...form.getInputProps('demoMode', { type: 'checkbox' })}
          />
          <Checkbox
            label="Private demo (staff only)"
            {...form.getInputProps('privateDemo', { type: 'checkbox' })}
          />
        </Group>
      </SchemaForm>
    </FormCard>
  );
}

const paymentsLabel = (p: ConsolePartner) => (p.paymentsOnboarded ? 'onboarded' : 'not connected');

/** The Platform console (issue 14 item 5): every partner, its state, and creating one. */
export function PlatformSection() {
  const partner = usePartner();
  const partners = useQuery(consolePartnersQueryOptions());
  const [created, setCreated] = useState<ConsolePartner | null>(null);
  const modes = useSetPartnerModes();
  const verify = useVerifyPartnerDomain();
  const columns: StaffColumn<ConsolePartner>[] = [
    {
      key: 'name',
      title: 'Partner',
      sortable: true,
      minWidth: 200,
      render: (p) => (
        <>
          <Text fw={500}>{p.name}</Text>
          <Text size="xs" c="dimmed">
            {p.subdomain} · #{p.id}
          </Text>
          {p.domainsWaiting.map((domain) => (
            <Group key={domain} gap={6} mt={4} wrap="nowrap">
              <Text size="xs">
                {domain}: {DOMAIN_WAITING_LABEL}
              </Text>
              <Button
                size="compact-xs"
                variant="default"
                aria-label={`Verify ${domain} by hand`}
                loading={verify.isPending && verify.variables?.domain === domain}
                onClick={() => verify.mutate({ id: p.id, domain })}
              >
                Verify
              </Button>
            </Group>
          ))}
        </>
      ),
    },
    { key: 'subdomain', title: 'Subdomain', hiddenByDefault: true },
    {
      key: 'payments',
      title: 'Payments',
      sortable: true,
      noWrap: true,
      render: (p) => (
        <Badge color={p.paymentsOnboarded ? 'green' : 'gray'} variant="light">
          {paymentsLabel(p)}
        </Badge>
      ),
      csv: paymentsLabel,
    },
    {
      key: 'activeSponsorships',
      title: 'Active sponsorships',
      sortable: true,
      noWrap: true,
      render: (p) => p.activeSponsorships.toLocaleString(),
    },
    {
      key: 'lastActivity',
      title: 'Last activity',
      sortable: true,
      noWrap: true,
      render: (p) => (p.lastActivity ? new Date(p.lastActivity).toLocaleDateString() : '—'),
      csv: (p) => (p.lastActivity ? new Date(p.lastActivity).toLocaleDateString() : ''),
      sortValue: (p) => (p.lastActivity ? new Date(p.lastActivity).getTime() : null),
    },
    {
      key: 'demoMode',
      title: 'Demo',
      sortable: true,
      render: (p) => (
        <Switch
          aria-label={`Demo mode of ${p.name}`}
          checked={p.demoMode}
          onChange={(e) => modes.mutate({ id: p.id, demoMode: e.currentTarget.checked })}
        />
      ),
      csv: (p) => (p.demoMode ? 'yes' : 'no'),
    },
    {
      key: 'privateDemo',
      title: 'Private demo',
      sortable: true,
      render: (p) => (
        <Switch
          aria-label={`Private demo of ${p.name}`}
          checked={p.privateDemo}
          onChange={(e) => modes.mutate({ id: p.id, privateDemo: e.currentTarget.checked })}
        />
      ),
      csv: (p) => (p.privateDemo ? 'yes' : 'no'),
    },
    {
      key: 'open',
      title: 'Open',
      noWrap: true,
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor size="sm" href={partnerSiteAddress(partner.subdomain ?? '', p.subdomain, '/')}>
            Site
          </Anchor>
          <Anchor size="sm" href={partnerSiteAddress(partner.subdomain ?? '', p.subdomain, '/dashboard')}>
            Dashboard
          </Anchor>
        </Group>
      ),
      csv: (p) => partnerSiteAddress(partner.subdomain ?? '', p.subdomain, '/'),
    },
  ];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Platform console</Title>
        <Text c="dimmed">Every partner of the platform: its state, and new partners.</Text>
      </div>
      {created && (
        <Alert color="green" role="status" withCloseButton onClose={() => setCreated(null)}>
          {created.name} is created.{' '}
          <Anchor href={partnerSiteAddress(partner.subdomain ?? '', created.subdomain, '/')}>
            Open its site
          </Anchor>{' '}
          or{' '}
          <Anchor href={partnerSiteAddress(partner.subdomain ?? '', created.subdomain, '/dashboard')}>
            its dashboard
          </Anchor>
          .
        </Alert>
      )}
      <Paper withBorder radius="md" component="section" aria-labelledby="partners-heading">
        <Title order={2} size="h4" p="md" pb={0} id="partners-heading">
          Partners
        </Title>
        {partners.isError && (
          <Alert color="red" m="md" role="alert">
            {partners.error.message}
          </Alert>
        )}
        {verify.isError && (
          <Alert color="red" m="md" role="alert">
            {verify.error.message}
          </Alert>
        )}
        <Box p="md">
          <ServerDataTable
            rows={partners.data}
            loading={partners.isPending}
            columns={columns}
            rowKey={(p) => p.id}
            searchLabel="Search partners"
            filters={[
              {
                key: 'payments',
                label: 'Payments',
                options: [
                  { value: 'onboarded', label: 'onboarded' },
                  { value: 'not connected', label: 'not connected' },
                ],
                matches: (p, value) => paymentsLabel(p) === value,
              },
            ]}
            emptyText="No partners yet."
            exportFileName="partners.csv"
            pinLastColumn
          />
        </Box>
        {modes.isError && (
          <Alert color="red" m="md" role="alert">
            {modes.error.message}
          </Alert>
        )}
      </Paper>
      <CreatePartnerForm onCreated={setCreated} />
    </Stack>
  );
}
