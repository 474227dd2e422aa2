import { CURRENCIES, partnerCreateSchema, type ConsolePartner, type PartnerCreate } from '@kinship/domain';
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
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { loose } from '../../../../i18n/loose-messages';
import { FormCard } from '../../../../components/staff/form-card';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { useFormat } from '../../../../i18n/use-format';
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

const m = loose(
  defineMessages({
    title: { id: 'staff.platform.title', defaultMessage: 'Platform console' },
    intro: {
      id: 'staff.platform.intro',
      defaultMessage: 'Every partner of the platform: its state, and new partners.',
    },
    createTitle: { id: 'staff.platform.create.title', defaultMessage: 'Create a partner' },
    createSubmit: { id: 'staff.platform.create.submit', defaultMessage: 'Create partner' },
    subdomain: { id: 'staff.platform.field.subdomain', defaultMessage: 'Subdomain' },
    subdomainHint: {
      id: 'staff.platform.field.subdomain.hint',
      defaultMessage: 'Lower-case letters, digits and hyphens; the site answers at it at once.',
    },
    name: { id: 'staff.platform.field.name', defaultMessage: 'Name' },
    country: { id: 'staff.platform.field.country', defaultMessage: 'Country' },
    countryUs: { id: 'staff.platform.country.us', defaultMessage: 'United States' },
    countryCa: { id: 'staff.platform.country.ca', defaultMessage: 'Canada' },
    ein: { id: 'staff.platform.field.ein', defaultMessage: 'EIN or business number' },
    currency: { id: 'staff.platform.field.currency', defaultMessage: 'Currency' },
    plan: { id: 'staff.platform.field.plan', defaultMessage: 'Kinship plan number (optional)' },
    planHint: {
      id: 'staff.platform.field.plan.hint',
      defaultMessage:
        'The number of the Kinship plan this partner bought, from its contract. It is not a Stripe product; leave it empty if the partner has no plan yet.',
    },
    principalName: { id: 'staff.platform.field.principalName', defaultMessage: 'Principal contact' },
    principalEmail: { id: 'staff.platform.field.principalEmail', defaultMessage: 'Principal contact email' },
    principalTitle: { id: 'staff.platform.field.principalTitle', defaultMessage: 'Principal contact title' },
    managerName: { id: 'staff.platform.field.managerName', defaultMessage: 'Account manager' },
    managerEmail: { id: 'staff.platform.field.managerEmail', defaultMessage: 'Account manager email' },
    demoMode: { id: 'staff.platform.field.demoMode', defaultMessage: 'Demo mode (test cards)' },
    privateDemo: { id: 'staff.platform.field.privateDemo', defaultMessage: 'Private demo (staff only)' },
    onboarded: { id: 'staff.platform.payments.onboarded', defaultMessage: 'onboarded' },
    notConnected: { id: 'staff.platform.payments.notConnected', defaultMessage: 'not connected' },
    colPartner: { id: 'staff.platform.column.partner', defaultMessage: 'Partner' },
    subdomainAndId: { id: 'staff.platform.subdomainAndId', defaultMessage: '{subdomain} · #{id}' },
    colSubdomain: { id: 'staff.platform.column.subdomain', defaultMessage: 'Subdomain' },
    colPayments: { id: 'staff.platform.column.payments', defaultMessage: 'Payments' },
    colActive: { id: 'staff.platform.column.activeSponsorships', defaultMessage: 'Active sponsorships' },
    colLastActivity: { id: 'staff.platform.column.lastActivity', defaultMessage: 'Last activity' },
    colDemo: { id: 'staff.platform.column.demo', defaultMessage: 'Demo' },
    colPrivateDemo: { id: 'staff.platform.column.privateDemo', defaultMessage: 'Private demo' },
    colOpen: { id: 'staff.platform.column.open', defaultMessage: 'Open' },
    domainWaiting: {
      id: 'staff.platform.domain.waiting',
      defaultMessage: '{domain}: waiting for verification',
    },
    verify: { id: 'staff.platform.domain.verify', defaultMessage: 'Verify' },
    verifyLabel: { id: 'staff.platform.domain.verify.label', defaultMessage: 'Verify {domain} by hand' },
    demoOf: { id: 'staff.platform.demo.label', defaultMessage: 'Demo mode of {name}' },
    privateDemoOf: { id: 'staff.platform.privateDemo.label', defaultMessage: 'Private demo of {name}' },
    yes: { id: 'staff.platform.csv.yes', defaultMessage: 'yes' },
    no: { id: 'staff.platform.csv.no', defaultMessage: 'no' },
    site: { id: 'staff.platform.open.site', defaultMessage: 'Site' },
    dashboard: { id: 'staff.platform.open.dashboard', defaultMessage: 'Dashboard' },
    partners: { id: 'staff.platform.partners.title', defaultMessage: 'Partners' },
    search: { id: 'staff.platform.partners.search', defaultMessage: 'Search partners' },
    empty: { id: 'staff.platform.partners.empty', defaultMessage: 'No partners yet.' },
  }),
);

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

function CreatePartnerForm({ onCreated }: { onCreated: (partner: ConsolePartner) => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const countryOptions = [
    { value: '10', label: t(m.countryUs) },
    { value: '8', label: t(m.countryCa) },
  ];
  const create = useCreatePartner();
  const form = useSchemaForm(partnerCreateSchema, EMPTY as PartnerCreate & Record<string, unknown>);
  const values = form.getValues() as PartnerCreate;
  const text = (
    key: keyof PartnerCreate,
    label: string,
    extra: { required?: boolean; description?: string } = {},
  ) => <TextInput label={label} {...form.getInputProps(key)} {...extra} />;
  return (
    <FormCard title={t(m.createTitle)}>
      <SchemaForm
        form={form}
        submitLabel={t(m.createSubmit)}
        errorTitle={null}
        buttonsAt="start"
        onSubmit={async (v) => {
          const made = await create.mutateAsync(v as PartnerCreate);
          form.reset();
          onCreated(made);
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('subdomain', t(m.subdomain), {
            required: true,
            description: t(m.subdomainHint),
          })}
          {text('name', t(m.name), { required: true })}
          <Select
            label={t(m.country)}
            data={countryOptions}
            {...form.getInputProps('countriesId')}
            value={values.countriesId ? String(values.countriesId) : null}
            onChange={(v) => form.setFieldValue('countriesId', v ? Number(v) : null)}
            clearable
          />
          {text('ein', t(m.ein))}
          <Select
            label={t(m.currency)}
            data={CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }))}
            {...form.getInputProps('currency')}
            value={values.currency ?? 'usd'}
            onChange={(v) => form.setFieldValue('currency', (v ?? 'usd') as PartnerCreate['currency'])}
            allowDeselect={false}
          />
          <NumberInput
            label={t(m.plan)}
            description={t(m.planHint)}
            {...form.getInputProps('productsId')}
            value={values.productsId ?? ''}
            onChange={(v) => form.setFieldValue('productsId', typeof v === 'number' ? v : null)}
            min={1}
            allowDecimal={false}
          />
          {text('principalContactName', t(m.principalName))}
          {text('principalContactEmail', t(m.principalEmail))}
          {text('principalContactTitle', t(m.principalTitle))}
          {text('accountManagerName', t(m.managerName))}
          {text('accountManagerEmail', t(m.managerEmail))}
        </SimpleGrid>
        <Group>
          <Checkbox label={t(m.demoMode)} {...form.getInputProps('demoMode', { type: 'checkbox' })} />
          <Checkbox label={t(m.privateDemo)} {...form.getInputProps('privateDemo', { type: 'checkbox' })} />
        </Group>
      </SchemaForm>
    </FormCard>
  );
}

const paymentsLabel = (intl: IntlShape, p: ConsolePartner) =>
  intl.formatMessage(p.paymentsOnboarded ? m.onboarded : m.notConnected);

/** The Platform console (issue 14 item 5): every partner, its state, and creating one. */
export function PlatformSection() {
  const partner = usePartner();
  const intl = useIntl();
  const t = intl.formatMessage;
  const format = useFormat();
  const partners = useQuery(consolePartnersQueryOptions());
  const [created, setCreated] = useState<ConsolePartner | null>(null);
  const modes = useSetPartnerModes();
  const verify = useVerifyPartnerDomain();
  const columns: StaffColumn<ConsolePartner>[] = [
    {
      key: 'name',
      title: t(m.colPartner),
      sortable: true,
      minWidth: 200,
      render: (p) => (
        <>
          <Text fw={500}>{p.name}</Text>
          <Text size="xs" c="dimmed">
            {t(m.subdomainAndId, { subdomain: p.subdomain, id: p.id })}
          </Text>
          {p.domainsWaiting.map((domain) => (
            <Group key={domain} gap={6} mt={4} wrap="nowrap">
              <Text size="xs">{t(m.domainWaiting, { domain })}</Text>
              <Button
                size="compact-xs"
                variant="default"
                aria-label={t(m.verifyLabel, { domain })}
                loading={verify.isPending && verify.variables?.domain === domain}
                onClick={() => verify.mutate({ id: p.id, domain })}
              >
                <FormattedMessage {...m.verify} />
              </Button>
            </Group>
          ))}
        </>
      ),
    },
    { key: 'subdomain', title: t(m.colSubdomain), hiddenByDefault: true },
    {
      key: 'payments',
      title: t(m.colPayments),
      sortable: true,
      noWrap: true,
      render: (p) => (
        <Badge color={p.paymentsOnboarded ? 'green' : 'gray'} variant="light">
          {paymentsLabel(intl, p)}
        </Badge>
      ),
      csv: (p) => paymentsLabel(intl, p),
    },
    {
      key: 'activeSponsorships',
      title: t(m.colActive),
      sortable: true,
      noWrap: true,
      render: (p) => intl.formatNumber(p.activeSponsorships),
    },
    {
      key: 'lastActivity',
      title: t(m.colLastActivity),
      sortable: true,
      noWrap: true,
      render: (p) => (p.lastActivity ? format.date(p.lastActivity) : '—'),
      csv: (p) => (p.lastActivity ? format.date(p.lastActivity) : ''),
      sortValue: (p) => (p.lastActivity ? new Date(p.lastActivity).getTime() : null),
    },
    {
      key: 'demoMode',
      title: t(m.colDemo),
      sortable: true,
      render: (p) => (
        <Switch
          aria-label={t(m.demoOf, { name: p.name })}
          checked={p.demoMode}
          onChange={(e) => modes.mutate({ id: p.id, demoMode: e.currentTarget.checked })}
        />
      ),
      csv: (p) => t(p.demoMode ? m.yes : m.no),
    },
    {
      key: 'privateDemo',
      title: t(m.colPrivateDemo),
      sortable: true,
      render: (p) => (
        <Switch
          aria-label={t(m.privateDemoOf, { name: p.name })}
          checked={p.privateDemo}
          onChange={(e) => modes.mutate({ id: p.id, privateDemo: e.currentTarget.checked })}
        />
      ),
      csv: (p) => t(p.privateDemo ? m.yes : m.no),
    },
    {
      key: 'open',
      title: t(m.colOpen),
      noWrap: true,
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor size="sm" href={partnerSiteAddress(partner.subdomain ?? '', p.subdomain, '/')}>
            <FormattedMessage {...m.site} />
          </Anchor>
          <Anchor size="sm" href={partnerSiteAddress(partner.subdomain ?? '', p.subdomain, '/dashboard')}>
            <FormattedMessage {...m.dashboard} />
          </Anchor>
        </Group>
      ),
      csv: (p) => partnerSiteAddress(partner.subdomain ?? '', p.subdomain, '/'),
    },
  ];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>
          <FormattedMessage {...m.title} />
        </Title>
        <Text c="dimmed">
          <FormattedMessage {...m.intro} />
        </Text>
      </div>
      {created && (
        <Alert color="green" role="status" withCloseButton onClose={() => setCreated(null)}>
          <FormattedMessage
            id="staff.platform.created"
            defaultMessage="{name} is created. <site>Open its site</site> or <dashboard>its dashboard</dashboard>."
            values={{
              name: created.name,
              site: (chunks) => (
                <Anchor href={partnerSiteAddress(partner.subdomain ?? '', created.subdomain, '/')}>
                  {chunks}
                </Anchor>
              ),
              dashboard: (chunks) => (
                <Anchor href={partnerSiteAddress(partner.subdomain ?? '', created.subdomain, '/dashboard')}>
                  {chunks}
                </Anchor>
              ),
            }}
          />
        </Alert>
      )}
      <Paper withBorder radius="md" component="section" aria-labelledby="partners-heading">
        <Title order={2} size="h4" p="md" pb={0} id="partners-heading">
          <FormattedMessage {...m.partners} />
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
            searchLabel={t(m.search)}
            filters={[
              {
                key: 'payments',
                label: t(m.colPayments),
                options: [
                  { value: 'onboarded', label: t(m.onboarded) },
                  { value: 'not connected', label: t(m.notConnected) },
                ],
                matches: (p, value) => p.paymentsOnboarded === (value === 'onboarded'),
              },
            ]}
            emptyText={t(m.empty)}
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
