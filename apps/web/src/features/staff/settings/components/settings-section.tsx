import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  ColorInput,
  FileInput,
  Group,
  Image,
  NumberInput,
  Paper,
  Progress,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  CURRENCIES,
  DOMAIN_WAITING_LABEL,
  Feature,
  FEATURE_EFFECTS,
  featureLabel,
  LANDING_TEMPLATES,
  onboardUrlResponseSchema,
  partnerSettingsInputSchema,
  SETTING_EFFECTS,
  type PartnerSettingsAnswer,
  type PartnerSettingsInput,
} from '@kinship/domain';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import { apiRequest, mediaUrl } from '../../../../lib/api-client';
import { accessibleBrandColor, brandPalette } from '../../../../lib/brand-theme';
import { usePartner } from '../../../../shared/partner/partner-context';
import { usePartnerSettings, usePartnerSettingsWrites } from '../api/partner-settings';
import { EmailTemplatesPanel } from './email-templates-panel';
import { LanguagesCard } from './languages-card';

type Form = UseFormReturnType<PartnerSettingsInput & Record<string, unknown>>;

const SETTING_KEYS = {
  1: 'autoBirthdayOccasions',
  2: 'sponsorButtonLabel',
  3: 'programLabel',
  4: 'logoLinksToWebsite',
} as const;

function formValuesOf(s: PartnerSettingsAnswer): PartnerSettingsInput & Record<string, unknown> {
  return {
    tagline: s.tagline ?? '',
    description: s.description ?? '',
    brandColor: s.brandColor,
    website: s.website ?? '',
    facebook: s.facebook ?? '',
    instagram: s.instagram ?? '',
    twitter: s.twitter ?? '',
    supportEmail: s.supportEmail ?? '',
    landingPageTemplatesId:
      s.landingPageTemplatesId === 2 || s.landingPageTemplatesId === 3 ? s.landingPageTemplatesId : 1,
    features: s.features,
    settings: {
      ...s.settings,
      sponsorButtonLabel: s.settings.sponsorButtonLabel ?? '',
      programLabel: s.settings.programLabel ?? '',
    },
    domains: s.domains,
    sponsorProcFee: s.sponsorProcFee,
    generalProcFee: s.generalProcFee,
    applicationFeeModel: s.applicationFeeModel,
    currency: (CURRENCIES as readonly string[]).includes(s.currency)
      ? (s.currency as PartnerSettingsInput['currency'])
      : 'usd',
    demoMode: s.demoMode,
    privateDemo: s.privateDemo,
    defaultLocale: s.defaultLocale,
    locales: s.locales,
  };
}

/** The site's navigation bar and a button in the chosen colour, shaded as the site's theme shades it. */
function BrandPreview({ color, logo, name }: { color: string; logo: string | null; name: string }) {
  const palette = brandPalette(color);
  const primary = accessibleBrandColor(color);
  return (
    <Paper withBorder radius="md" p={0} aria-label="Preview of the site's colours" role="img">
      <Group
        justify="space-between"
        px="sm"
        py={8}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap={8}>
          {logo ? (
            <Image src={mediaUrl(logo)} alt="" h={28} w={28} fit="contain" />
          ) : (
            <Box w={28} h={28} bg={primary} style={{ borderRadius: 6 }} />
          )}
          <Text fw={600} size="sm">
            {name}
          </Text>
        </Group>
        <Group gap={6}>
          <Text size="sm" c={primary} fw={500}>
            About
          </Text>
          <Box px={10} py={4} bg={primary} c="white" style={{ borderRadius: 6, fontSize: 13 }}>
            Checkout
          </Box>
        </Group>
      </Group>
      <Stack gap={6} p="sm" bg={palette[0]}>
        <Text size="sm">
          Links read <span style={{ color: primary, textDecoration: 'underline' }}>like this</span>.
        </Text>
        <Group gap={6}>
          <Box px={12} py={6} bg={primary} c="white" style={{ borderRadius: 6, fontSize: 13 }}>
            Sponsor
          </Box>
          <Box px={12} py={6} bg={palette[1]} c={palette[9]} style={{ borderRadius: 6, fontSize: 13 }}>
            Learn more
          </Box>
        </Group>
        {primary.toLowerCase() !== color.toLowerCase() && (
          <Text size="xs" c="dimmed">
            Darkened to {primary} so white text on it stays readable (WCAG AA).
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function ImageUpload({
  label,
  which,
  current,
}: {
  label: string;
  which: 'logo' | 'headerimage';
  current: string | null;
}) {
  const { upload } = usePartnerSettingsWrites();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ which, file, onProgress: setProgress });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={6}>
      {current ? (
        <Image
          src={mediaUrl(current)}
          alt={`Current ${label.toLowerCase()}`}
          mah={which === 'logo' ? 96 : 140}
          w="auto"
          maw="100%"
          fit="contain"
          radius="sm"
          style={{ alignSelf: 'flex-start' }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          No {label.toLowerCase()} yet.
        </Text>
      )}
      <FileInput
        label={label}
        accept="image/*"
        placeholder="Choose a picture"
        description="JPEG, PNG, WebP, GIF, AVIF or TIFF; saved at once."
        onChange={(f) => void send(f)}
      />
      {progress !== null && <Progress value={progress * 100} aria-label={`${label} upload progress`} />}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function BrandingPanel({ form, settings }: { form: Form; settings: PartnerSettingsAnswer }) {
  const values = form.getValues();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ImageUpload label="Logo" which="logo" current={settings.logo} />
        <ImageUpload label="Header image" which="headerimage" current={settings.headerImage} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ColorInput
          label="Brand colour"
          description="Buttons, links and the focus ring of your site."
          format="hex"
          withEyeDropper={false}
          swatches={['#1c7ed6', '#2f9e44', '#e8590c', '#c2255c', '#6741d9', '#0c8599', '#364fc7']}
          {...form.getInputProps('brandColor')}
        />
        <BrandPreview color={values.brandColor} logo={settings.logo} name={settings.name} />
      </SimpleGrid>
      <TextInput
        label="Tagline"
        description="Shown over the header image."
        {...form.getInputProps('tagline')}
      />
      <Textarea
        label="Description"
        description="HTML for /about/partner: paragraphs, bold, italics, lists, headings and links are kept; anything else is removed."
        autosize
        minRows={3}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Website" placeholder="https://" {...form.getInputProps('website')} />
        <TextInput label="Support email" {...form.getInputProps('supportEmail')} />
        <TextInput label="Facebook" placeholder="https://" {...form.getInputProps('facebook')} />
        <TextInput label="Instagram" placeholder="https://" {...form.getInputProps('instagram')} />
        <TextInput label="Twitter" placeholder="https://" {...form.getInputProps('twitter')} />
      </SimpleGrid>
    </Stack>
  );
}

/** A small drawing of the landing template with the partner's own words and types. */
function LandingPreview({ template, form }: { template: number; form: Form }) {
  const partner = usePartner();
  const values = form.getValues();
  const gifts = values.features.includes(Feature.Gifts);
  const types = partner.partnerSponsoredTypes.slice(0, 4);
  const primary = accessibleBrandColor(values.brandColor);
  const chip = (label: string, key: string) => (
    <Box key={key} px={8} py={3} bg={primary} c="white" style={{ borderRadius: 4, fontSize: 11 }}>
      {label}
    </Box>
  );
  if (template === 2)
    return (
      <Box
        p="md"
        aria-label="Preview of template 2"
        style={{
          borderRadius: 8,
          minHeight: 120,
          color: 'white',
          background: partner.headerImage
            ? `linear-gradient(rgba(0,0,0,.45), rgba(0,0,0,.45)), url(${mediaUrl(partner.headerImage)}) center/cover`
            : '#343a40',
        }}
      >
        <Text fw={700}>{values.tagline || partner.name}</Text>
        <Group gap={6} mt="sm">
          {types.map((t) => chip(`Sponsor ${t.customLabelPlural}`, `t${t.id}`))}
          {gifts && chip('Gift a Sponsorship', 'gift')}
        </Group>
      </Box>
    );
  if (template === 3)
    return (
      <Box p="md" aria-label="Preview of template 3" style={{ borderRadius: 8, border: '1px solid #dee2e6' }}>
        <Text fw={700}>{partner.name}</Text>
        <Text size="xs" c="dimmed">
          {values.tagline}
        </Text>
        <Stack gap={4} mt="sm" align="flex-start">
          {types.map((t) => chip(t.customLabelPlural, `t${t.id}`))}
        </Stack>
      </Box>
    );
  return (
    <Box p="md" style={{ borderRadius: 8, border: '1px dashed #adb5bd' }}>
      <Text size="sm" c="dimmed">
        No template: the landing shows only its sections below (how it works, waiting longest, impact,
        donate).
      </Text>
    </Box>
  );
}

function SitePanel({ form }: { form: Form }) {
  const values = form.getValues();
  const toggleFeature = (id: number, on: boolean) =>
    form.setFieldValue(
      'features',
      on
        ? [...values.features.filter((f) => f !== id), id].sort((a, b) => a - b)
        : values.features.filter((f) => f !== id),
    );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Radio.Group
          label="Landing template"
          value={String(values.landingPageTemplatesId)}
          onChange={(v) => form.setFieldValue('landingPageTemplatesId', Number(v) as 1 | 2 | 3)}
          error={form.errors.landingPageTemplatesId}
        >
          <Stack gap="xs" mt={6}>
            {LANDING_TEMPLATES.map((t) => (
              <Radio key={t.id} value={String(t.id)} label={t.label} description={t.shows} />
            ))}
          </Stack>
        </Radio.Group>
        <LandingPreview template={values.landingPageTemplatesId} form={form} />
      </SimpleGrid>
      <LanguagesCard form={form} />
      <Stack gap="xs">
        <Title order={3} size="h4">
          Features
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {Array.from({ length: 12 }, (_, i) => i + 1).map((id) => (
            <Switch
              key={id}
              checked={values.features.includes(id)}
              onChange={(e) => toggleFeature(id, e.currentTarget.checked)}
              label={featureLabel(id)}
              description={FEATURE_EFFECTS[id]}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Site settings
        </Title>
        {SETTING_EFFECTS.map((s) =>
          s.kind === 'boolean' ? (
            <Switch
              key={s.id}
              label={`${s.id}. ${s.label}`}
              description={s.effect}
              {...form.getInputProps(`settings.${SETTING_KEYS[s.id]}`, { type: 'checkbox' })}
            />
          ) : (
            <TextInput
              key={s.id}
              label={`${s.id}. ${s.label}`}
              description={`${s.effect} Leave empty for the default.`}
              maw={480}
              {...form.getInputProps(`settings.${SETTING_KEYS[s.id]}`)}
            />
          ),
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Demo
        </Title>
        <Switch
          label="Demo mode"
          description="Checkout shows the test card notice; no real money moves."
          {...form.getInputProps('demoMode', { type: 'checkbox' })}
        />
        <Switch
          label="Private demo"
          description="Only people holding a role or program here can open the site; everyone else sees the demo-access notice."
          {...form.getInputProps('privateDemo', { type: 'checkbox' })}
        />
      </Stack>
    </Stack>
  );
}

/**
 * Whether a saved domain is proven to be the partner's (decision 050): until its TXT record is seen
 * the site does not answer at it. A domain not saved yet gets its record once saved.
 */
function DomainVerificationState({
  state,
}: {
  state: PartnerSettingsAnswer['domainVerification'][number] | undefined;
}) {
  const { checkDomain } = usePartnerSettingsWrites();
  if (!state)
    return (
      <Text size="sm" c="dimmed" mt={6}>
        Save to get the TXT record that proves this domain is yours.
      </Text>
    );
  if (state.verified)
    return (
      <Badge color="green" variant="light" mt={6}>
        Verified
      </Badge>
    );
  const checking = checkDomain.isPending && checkDomain.variables === state.domain;
  return (
    <Stack gap={4} mt={6}>
      <Group gap="xs">
        <Badge color="yellow" variant="light">
          {DOMAIN_WAITING_LABEL}
        </Badge>
        <Button
          size="compact-sm"
          variant="default"
          loading={checking}
          onClick={() => checkDomain.mutate(state.domain)}
        >
          Check now
        </Button>
      </Group>
      <Text size="sm">
        The site answers at this domain once this TXT record is found (it is looked for every few minutes):
      </Text>
      <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
        {state.recordName} TXT {state.recordValue}
      </Text>
      {checkDomain.error && checkDomain.variables === state.domain && (
        <Text size="sm" c="red" role="alert">
          {checkDomain.error.message}
        </Text>
      )}
    </Stack>
  );
}

function DomainsPanel({ form, settings }: { form: Form; settings: PartnerSettingsAnswer }) {
  const domains = form.getValues().domains;
  return (
    <Stack gap="md">
      <Text size="sm">
        Your site always answers at <b>{settings.dnsTarget}</b>. To use a domain of your own, add it here,
        save, and create the DNS records shown beside it: the CNAME, and the TXT record that proves the domain
        is yours.
      </Text>
      <Stack gap="sm">
        {domains.map((domain, i) => (
          <Paper key={i} withBorder p="sm" radius="md">
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={`Domain ${i + 1}`}
                placeholder="sponsor.example.org"
                {...form.getInputProps(`domains.${i}`)}
              />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove domain ${i + 1}`}
                onClick={() => form.removeListItem('domains', i)}
              >
                ×
              </ActionIcon>
            </Group>
            <Text size="sm" mt={6}>
              DNS record to create:{' '}
              <Text span ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                {domain || 'your domain'} CNAME {settings.dnsTarget}
              </Text>
            </Text>
            <DomainVerificationState
              state={settings.domainVerification.find((v) => v.domain === domain.trim().toLowerCase())}
            />
          </Paper>
        ))}
      </Stack>
      {domains.length === 0 && (
        <Text size="sm" c="dimmed">
          No domains of your own yet.
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          onClick={() => form.insertListItem('domains', '')}
          disabled={domains.length >= 10}
        >
          Add a domain
        </Button>
      </Group>
    </Stack>
  );
}

function PaymentsPanel({ form, settings }: { form: Form; settings: PartnerSettingsAnswer }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await apiRequest<{ url: string }>(`partners/${settings.partnersId}/onboardurl`, {
        schema: onboardUrlResponseSchema,
      });
      window.location.assign(url);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  const status = !settings.payments.connected
    ? {
        color: 'gray',
        label: 'Not connected',
        says: 'Your site cannot take payments until you connect an account.',
      }
    : settings.payments.chargesEnabled === false
      ? {
          color: 'orange',
          label: 'Connected, charges not enabled',
          says: 'The payment provider still needs details from you before charges work.',
        }
      : { color: 'green', label: 'Connected', says: 'Your site takes payments into your connected account.' };
  return (
    <Stack gap="lg">
      <Card withBorder>
        <Stack gap="xs">
          <Group gap="sm">
            <Text fw={600}>Payments account</Text>
            <Badge color={status.color}>{status.label}</Badge>
          </Group>
          <Text size="sm">{status.says}</Text>
          <Group>
            <Button
              variant={settings.payments.connected ? 'default' : 'filled'}
              loading={busy}
              onClick={() => void connect()}
            >
              {settings.payments.connected ? 'Reconnect the account' : 'Connect a payments account'}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            You go to the payment provider and come back to this site’s /onboard page, which completes the
            connection.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Sponsorship processing fee (%)"
          description="sponsorProcFee: added to a sponsorship as the fee or suggested as a tip."
          min={0}
          max={20}
          decimalScale={2}
          {...form.getInputProps('sponsorProcFee')}
        />
        <NumberInput
          label="General giving processing fee (%)"
          description="generalProcFee: the same for one-off donations."
          min={0}
          max={20}
          decimalScale={2}
          {...form.getInputProps('generalProcFee')}
        />
        <Select
          label="Application fee model"
          description="Fee: the donor pays it. Tip: the donor may choose to add it."
          data={[
            { value: 'fee', label: 'Fee' },
            { value: 'tip', label: 'Tip' },
          ]}
          allowDeselect={false}
          {...form.getInputProps('applicationFeeModel')}
        />
        <Select
          label="Currency"
          data={CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }))}
          allowDeselect={false}
          {...form.getInputProps('currency')}
        />
      </SimpleGrid>
    </Stack>
  );
}

const TAB_OF_FIELD = (field: string): string => {
  const top = field.split('.')[0]!;
  if (
    [
      'landingPageTemplatesId',
      'features',
      'settings',
      'demoMode',
      'privateDemo',
      'defaultLocale',
      'locales',
    ].includes(top)
  )
    return 'site';
  if (top === 'domains') return 'domains';
  if (['sponsorProcFee', 'generalProcFee', 'applicationFeeModel', 'currency'].includes(top))
    return 'payments';
  return 'branding';
};

function SettingsForm({ settings }: { settings: PartnerSettingsAnswer }) {
  const { save } = usePartnerSettingsWrites();
  const form = useSchemaForm(partnerSettingsInputSchema, formValuesOf(settings));
  const [saved, setSaved] = useState(false);
  const [tab, setTab] = useState<string | null>('branding');
  const submit = (
    <SchemaForm
      form={form}
      submitLabel="Save settings"
      onSubmit={async (v) => {
        setSaved(false);
        await save.mutateAsync(v as PartnerSettingsInput);
      }}
      onDone={() => setSaved(true)}
    >
      {saved && (
        <Alert color="green" role="status" withCloseButton onClose={() => setSaved(false)}>
          Saved. Your site shows the change on its next page load.
        </Alert>
      )}
    </SchemaForm>
  );
  // A field error on another tab than the one shown marks that tab.
  const errorTabs = new Set(Object.keys(form.errors).map((field) => TAB_OF_FIELD(field)));
  const label = (value: string, text: string) => (
    <Tabs.Tab value={value} color={errorTabs.has(value) ? 'red' : undefined}>
      {errorTabs.has(value) ? `${text} (check)` : text}
    </Tabs.Tab>
  );
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        {label('branding', 'Branding')}
        {label('site', 'Site and features')}
        {label('domains', 'Domains')}
        {label('payments', 'Payments and fees')}
        <Tabs.Tab value="emails">Email templates</Tabs.Tab>
      </Tabs.List>
      <Box pt="md">
        {tab === 'branding' && <BrandingPanel form={form} settings={settings} />}
        {tab === 'site' && <SitePanel form={form} />}
        {tab === 'domains' && <DomainsPanel form={form} settings={settings} />}
        {tab === 'payments' && <PaymentsPanel form={form} settings={settings} />}
        {tab !== 'emails' && <Box mt="md">{submit}</Box>}
        {tab === 'emails' && <EmailTemplatesPanel />}
      </Box>
    </Tabs>
  );
}

/** Dashboard › Settings: the partner's branding, site, domains, payments and email templates. */
export function SettingsSection() {
  const { data, isLoading, error } = usePartnerSettings();
  return (
    <Stack gap="md">
      <Title order={1}>Settings</Title>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {isLoading && <Text c="dimmed">Loading…</Text>}
      {data && <SettingsForm settings={data} />}
    </Stack>
  );
}
