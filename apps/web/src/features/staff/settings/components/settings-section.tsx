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
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { FallbackHint, LocaleTabs } from '../../../../components/staff/locale-tabs';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import {
  contentLocalesOf,
  translationFormValues,
  translationInputProps,
  translationsToSend,
} from '../../../../components/staff/translations';
import { apiRequest, mediaUrl } from '../../../../lib/api-client';
import { accessibleBrandColor, brandPalette } from '../../../../lib/brand-theme';
import { usePartner } from '../../../../shared/partner/partner-context';
import { usePartnerSettings, usePartnerSettingsWrites } from '../api/partner-settings';
import { EmailTemplatesPanel } from './email-templates-panel';
import { LanguagesCard } from './languages-card';

const messages = defineMessages({
  previewColours: {
    id: 'staff.settings.branding.previewColours',
    defaultMessage: "Preview of the site's colours",
  },
  logo: { id: 'staff.settings.branding.logo', defaultMessage: 'Logo' },
  headerImage: { id: 'staff.settings.branding.headerImage', defaultMessage: 'Header image' },
  choosePicture: { id: 'staff.settings.branding.choosePicture', defaultMessage: 'Choose a picture' },
  pictureHelp: {
    id: 'staff.settings.branding.pictureHelp',
    defaultMessage: 'JPEG, PNG, WebP, GIF, AVIF or TIFF; saved at once.',
  },
  brandColor: { id: 'staff.settings.branding.brandColor', defaultMessage: 'Brand colour' },
  brandColorHelp: {
    id: 'staff.settings.branding.brandColorHelp',
    defaultMessage: 'Buttons, links and the focus ring of your site.',
  },
  tagline: { id: 'staff.settings.branding.tagline', defaultMessage: 'Tagline' },
  taglineHelp: { id: 'staff.settings.branding.taglineHelp', defaultMessage: 'Shown over the header image.' },
  description: { id: 'staff.settings.branding.description', defaultMessage: 'Description' },
  descriptionHelp: {
    id: 'staff.settings.branding.descriptionHelp',
    defaultMessage:
      'HTML for /about/partner: paragraphs, bold, italics, lists, headings and links are kept; anything else is removed.',
  },
  website: { id: 'staff.settings.branding.website', defaultMessage: 'Website' },
  supportEmail: { id: 'staff.settings.branding.supportEmail', defaultMessage: 'Support email' },
  landingTemplate: { id: 'staff.settings.site.landingTemplate', defaultMessage: 'Landing template' },
  demoMode: { id: 'staff.settings.site.demoMode', defaultMessage: 'Demo mode' },
  demoModeHelp: {
    id: 'staff.settings.site.demoModeHelp',
    defaultMessage: 'Checkout shows the test card notice; no real money moves.',
  },
  privateDemo: { id: 'staff.settings.site.privateDemo', defaultMessage: 'Private demo' },
  privateDemoHelp: {
    id: 'staff.settings.site.privateDemoHelp',
    defaultMessage:
      'Only people holding a role or program here can open the site; everyone else sees the demo-access notice.',
  },
  notConnected: { id: 'staff.settings.payments.notConnected', defaultMessage: 'Not connected' },
  notConnectedSays: {
    id: 'staff.settings.payments.notConnectedSays',
    defaultMessage: 'Your site cannot take payments until you connect an account.',
  },
  chargesOff: { id: 'staff.settings.payments.chargesOff', defaultMessage: 'Connected, charges not enabled' },
  chargesOffSays: {
    id: 'staff.settings.payments.chargesOffSays',
    defaultMessage: 'The payment provider still needs details from you before charges work.',
  },
  connected: { id: 'staff.settings.payments.connected', defaultMessage: 'Connected' },
  connectedSays: {
    id: 'staff.settings.payments.connectedSays',
    defaultMessage: 'Your site takes payments into your connected account.',
  },
  sponsorProcFee: {
    id: 'staff.settings.payments.sponsorProcFee',
    defaultMessage: 'Sponsorship processing fee (%)',
  },
  sponsorProcFeeHelp: {
    id: 'staff.settings.payments.sponsorProcFeeHelp',
    defaultMessage: 'sponsorProcFee: added to a sponsorship as the fee or suggested as a tip.',
  },
  generalProcFee: {
    id: 'staff.settings.payments.generalProcFee',
    defaultMessage: 'General giving processing fee (%)',
  },
  generalProcFeeHelp: {
    id: 'staff.settings.payments.generalProcFeeHelp',
    defaultMessage: 'generalProcFee: the same for one-off donations.',
  },
  feeModel: { id: 'staff.settings.payments.feeModel', defaultMessage: 'Application fee model' },
  feeModelHelp: {
    id: 'staff.settings.payments.feeModelHelp',
    defaultMessage: 'Fee: the donor pays it. Tip: the donor may choose to add it.',
  },
  fee: { id: 'staff.settings.payments.fee', defaultMessage: 'Fee' },
  tip: { id: 'staff.settings.payments.tip', defaultMessage: 'Tip' },
  currency: { id: 'staff.settings.payments.currency', defaultMessage: 'Currency' },
  save: { id: 'staff.settings.save', defaultMessage: 'Save settings' },
  tabBranding: { id: 'staff.settings.tab.branding', defaultMessage: 'Branding' },
  tabSite: { id: 'staff.settings.tab.site', defaultMessage: 'Site and features' },
  tabDomains: { id: 'staff.settings.tab.domains', defaultMessage: 'Domains' },
  tabPayments: { id: 'staff.settings.tab.payments', defaultMessage: 'Payments and fees' },
});

/** Names that stay as they are in every language: the networks and a web address's start. */
/** A DNS record as a DNS zone writes it (the same in every language). */
const dnsRecord = (name: string, type: string, value: string) => `${name} ${type} ${value}`;

/** The remove button's mark (its name is said by its aria-label). */
const REMOVE_MARK = '×';
const SOCIAL = { facebook: 'Facebook', instagram: 'Instagram', twitter: 'Twitter' };
const URL_START = 'https://';

type Form = UseFormReturnType<PartnerSettingsInput & Record<string, unknown>>;

const SETTING_KEYS = {
  1: 'autoBirthdayOccasions',
  2: 'sponsorButtonLabel',
  3: 'programLabel',
  4: 'logoLinksToWebsite',
} as const;

/** The partner's texts written per language (decision 072). */
const PARTNER_TRANSLATED = ['tagline', 'description'] as const;

function formValuesOf(s: PartnerSettingsAnswer): PartnerSettingsInput & Record<string, unknown> {
  return {
    tagline: s.tagline ?? '',
    description: s.description ?? '',
    translations: translationFormValues(s.translations, contentLocalesOf(s), PARTNER_TRANSLATED),
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
  const intl = useIntl();
  return (
    <Paper withBorder radius="md" p={0} aria-label={intl.formatMessage(messages.previewColours)} role="img">
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
            <FormattedMessage id="staff.settings.branding.preview.about" defaultMessage="About" />
          </Text>
          <Box px={10} py={4} bg={primary} c="white" style={{ borderRadius: 6, fontSize: 13 }}>
            <FormattedMessage id="staff.settings.branding.preview.checkout" defaultMessage="Checkout" />
          </Box>
        </Group>
      </Group>
      <Stack gap={6} p="sm" bg={palette[0]}>
        <Text size="sm">
          <FormattedMessage
            id="staff.settings.branding.preview.links"
            defaultMessage="Links read <link>like this</link>."
            values={{
              link: (chunks) => <span style={{ color: primary, textDecoration: 'underline' }}>{chunks}</span>,
            }}
          />
        </Text>
        <Group gap={6}>
          <Box px={12} py={6} bg={primary} c="white" style={{ borderRadius: 6, fontSize: 13 }}>
            <FormattedMessage id="staff.settings.branding.preview.sponsor" defaultMessage="Sponsor" />
          </Box>
          <Box px={12} py={6} bg={palette[1]} c={palette[9]} style={{ borderRadius: 6, fontSize: 13 }}>
            <FormattedMessage id="staff.settings.branding.preview.learnMore" defaultMessage="Learn more" />
          </Box>
        </Group>
        {primary.toLowerCase() !== color.toLowerCase() && (
          <Text size="xs" c="dimmed">
            <FormattedMessage
              id="staff.settings.branding.preview.darkened"
              defaultMessage="Darkened to {color} so white text on it stays readable (WCAG AA)."
              values={{ color: primary }}
            />
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function ImageUpload({
  label,
  lowerLabel,
  which,
  current,
}: {
  label: string;
  /** The label inside a sentence ("logo", "header image"). */
  lowerLabel: string;
  which: 'logo' | 'headerimage';
  current: string | null;
}) {
  const intl = useIntl();
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
          alt={intl.formatMessage(
            { id: 'staff.settings.branding.current', defaultMessage: 'Current {what}' },
            { what: lowerLabel },
          )}
          mah={which === 'logo' ? 96 : 140}
          w="auto"
          maw="100%"
          fit="contain"
          radius="sm"
          style={{ alignSelf: 'flex-start' }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="staff.settings.branding.none"
            defaultMessage="No {what} yet."
            values={{ what: lowerLabel }}
          />
        </Text>
      )}
      <FileInput
        label={label}
        accept="image/*"
        placeholder={intl.formatMessage(messages.choosePicture)}
        description={intl.formatMessage(messages.pictureHelp)}
        onChange={(f) => void send(f)}
      />
      {progress !== null && (
        <Progress
          value={progress * 100}
          aria-label={intl.formatMessage(
            { id: 'staff.settings.branding.progress', defaultMessage: '{what} upload progress' },
            { what: label },
          )}
        />
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function BrandingPanel({ form, settings }: { form: Form; settings: PartnerSettingsAnswer }) {
  const intl = useIntl();
  const values = form.getValues();
  const languages = contentLocalesOf(values);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ImageUpload
          label={intl.formatMessage(messages.logo)}
          lowerLabel={intl.formatMessage({ id: 'staff.settings.branding.logoLower', defaultMessage: 'logo' })}
          which="logo"
          current={settings.logo}
        />
        <ImageUpload
          label={intl.formatMessage(messages.headerImage)}
          lowerLabel={intl.formatMessage({
            id: 'staff.settings.branding.headerImageLower',
            defaultMessage: 'header image',
          })}
          which="headerimage"
          current={settings.headerImage}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ColorInput
          label={intl.formatMessage(messages.brandColor)}
          description={intl.formatMessage(messages.brandColorHelp)}
          format="hex"
          withEyeDropper={false}
          swatches={['#1c7ed6', '#2f9e44', '#e8590c', '#c2255c', '#6741d9', '#0c8599', '#364fc7']}
          {...form.getInputProps('brandColor')}
        />
        <BrandPreview color={values.brandColor} logo={settings.logo} name={settings.name} />
      </SimpleGrid>
      {/* One tab per language the site offers (its languages as this form has them). */}
      <LocaleTabs languages={languages}>
        {(locale, isDefault) =>
          isDefault ? (
            <Stack gap="md">
              <TextInput
                label={intl.formatMessage(messages.tagline)}
                description={intl.formatMessage(messages.taglineHelp)}
                {...form.getInputProps('tagline')}
              />
              <Textarea
                label={intl.formatMessage(messages.description)}
                description={intl.formatMessage(messages.descriptionHelp)}
                autosize
                minRows={3}
                {...form.getInputProps('description')}
              />
            </Stack>
          ) : (
            <Stack gap="md">
              <TextInput
                label={intl.formatMessage(messages.tagline)}
                description={<FallbackHint languages={languages} />}
                placeholder={values.tagline ?? ''}
                lang={locale}
                {...translationInputProps(form, locale, 'tagline')}
              />
              <Textarea
                label={intl.formatMessage(messages.description)}
                description={<FallbackHint languages={languages} />}
                placeholder={values.description ?? ''}
                lang={locale}
                autosize
                minRows={3}
                {...translationInputProps(form, locale, 'description')}
              />
            </Stack>
          )
        }
      </LocaleTabs>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={intl.formatMessage(messages.website)}
          placeholder={URL_START}
          {...form.getInputProps('website')}
        />
        <TextInput
          label={intl.formatMessage(messages.supportEmail)}
          {...form.getInputProps('supportEmail')}
        />
        <TextInput label={SOCIAL.facebook} placeholder={URL_START} {...form.getInputProps('facebook')} />
        <TextInput label={SOCIAL.instagram} placeholder={URL_START} {...form.getInputProps('instagram')} />
        <TextInput label={SOCIAL.twitter} placeholder={URL_START} {...form.getInputProps('twitter')} />
      </SimpleGrid>
    </Stack>
  );
}

/** A small drawing of the landing template with the partner's own words and types. */
function LandingPreview({ template, form }: { template: number; form: Form }) {
  const intl = useIntl();
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
        aria-label={intl.formatMessage(
          { id: 'staff.settings.site.templatePreview', defaultMessage: 'Preview of template {number}' },
          { number: 2 },
        )}
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
          {types.map((t) =>
            chip(
              intl.formatMessage(
                { id: 'staff.settings.site.preview.sponsorType', defaultMessage: 'Sponsor {types}' },
                { types: t.customLabelPlural },
              ),
              `t${t.id}`,
            ),
          )}
          {gifts &&
            chip(
              intl.formatMessage({
                id: 'staff.settings.site.preview.gift',
                defaultMessage: 'Gift a Sponsorship',
              }),
              'gift',
            )}
        </Group>
      </Box>
    );
  if (template === 3)
    return (
      <Box
        p="md"
        aria-label={intl.formatMessage(
          { id: 'staff.settings.site.templatePreview', defaultMessage: 'Preview of template {number}' },
          { number: 3 },
        )}
        style={{ borderRadius: 8, border: '1px solid #dee2e6' }}
      >
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
        <FormattedMessage
          id="staff.settings.site.noTemplate"
          defaultMessage="No template: the landing shows only its sections below (how it works, waiting longest, impact, donate)."
        />
      </Text>
    </Box>
  );
}

function SitePanel({ form }: { form: Form }) {
  const intl = useIntl();
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
          label={intl.formatMessage(messages.landingTemplate)}
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
          <FormattedMessage id="staff.settings.site.features" defaultMessage="Features" />
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
          <FormattedMessage id="staff.settings.site.settings" defaultMessage="Site settings" />
        </Title>
        {SETTING_EFFECTS.map((s) =>
          s.kind === 'boolean' ? (
            <Switch
              key={s.id}
              label={intl.formatMessage(
                { id: 'staff.settings.site.setting', defaultMessage: '{number}. {name}' },
                { number: s.id, name: s.label },
              )}
              description={s.effect}
              {...form.getInputProps(`settings.${SETTING_KEYS[s.id]}`, { type: 'checkbox' })}
            />
          ) : (
            <TextInput
              key={s.id}
              label={intl.formatMessage(
                { id: 'staff.settings.site.setting', defaultMessage: '{number}. {name}' },
                { number: s.id, name: s.label },
              )}
              description={intl.formatMessage(
                {
                  id: 'staff.settings.site.settingText',
                  defaultMessage: '{effect} Leave empty for the default.',
                },
                { effect: s.effect },
              )}
              maw={480}
              {...form.getInputProps(`settings.${SETTING_KEYS[s.id]}`)}
            />
          ),
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          <FormattedMessage id="staff.settings.site.demo" defaultMessage="Demo" />
        </Title>
        <Switch
          label={intl.formatMessage(messages.demoMode)}
          description={intl.formatMessage(messages.demoModeHelp)}
          {...form.getInputProps('demoMode', { type: 'checkbox' })}
        />
        <Switch
          label={intl.formatMessage(messages.privateDemo)}
          description={intl.formatMessage(messages.privateDemoHelp)}
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
        <FormattedMessage
          id="staff.settings.domains.saveFirst"
          defaultMessage="Save to get the TXT record that proves this domain is yours."
        />
      </Text>
    );
  if (state.verified)
    return (
      <Badge color="green" variant="light" mt={6}>
        <FormattedMessage id="staff.settings.domains.verified" defaultMessage="Verified" />
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
          <FormattedMessage id="staff.settings.domains.checkNow" defaultMessage="Check now" />
        </Button>
      </Group>
      <Text size="sm">
        <FormattedMessage
          id="staff.settings.domains.txtHelp"
          defaultMessage="The site answers at this domain once this TXT record is found (it is looked for every few minutes):"
        />
      </Text>
      <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
        {dnsRecord(state.recordName, 'TXT', state.recordValue)}
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
  const intl = useIntl();
  const domains = form.getValues().domains;
  return (
    <Stack gap="md">
      <Text size="sm">
        <FormattedMessage
          id="staff.settings.domains.intro"
          defaultMessage="Your site always answers at <b>{target}</b>. To use a domain of your own, add it here, save, and create the DNS records shown beside it: the CNAME, and the TXT record that proves the domain is yours."
          values={{ target: settings.dnsTarget, b: (chunks) => <b>{chunks}</b> }}
        />
      </Text>
      <Stack gap="sm">
        {domains.map((domain, i) => (
          <Paper key={i} withBorder p="sm" radius="md">
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={intl.formatMessage(
                  { id: 'staff.settings.domains.domain', defaultMessage: 'Domain {number}' },
                  { number: i + 1 },
                )}
                placeholder={intl.formatMessage({
                  id: 'staff.settings.domains.placeholder',
                  defaultMessage: 'sponsor.example.org',
                })}
                {...form.getInputProps(`domains.${i}`)}
              />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                size="lg"
                aria-label={intl.formatMessage(
                  { id: 'staff.settings.domains.remove', defaultMessage: 'Remove domain {number}' },
                  { number: i + 1 },
                )}
                onClick={() => form.removeListItem('domains', i)}
              >
                {REMOVE_MARK}
              </ActionIcon>
            </Group>
            <Text size="sm" mt={6}>
              <FormattedMessage
                id="staff.settings.domains.cname"
                defaultMessage="DNS record to create: <code>{domain} CNAME {target}</code>"
                values={{
                  domain:
                    domain ||
                    intl.formatMessage({
                      id: 'staff.settings.domains.yourDomain',
                      defaultMessage: 'your domain',
                    }),
                  target: settings.dnsTarget,
                  code: (chunks) => (
                    <Text span ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                      {chunks}
                    </Text>
                  ),
                }}
              />
            </Text>
            <DomainVerificationState
              state={settings.domainVerification.find((v) => v.domain === domain.trim().toLowerCase())}
            />
          </Paper>
        ))}
      </Stack>
      {domains.length === 0 && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="staff.settings.domains.none" defaultMessage="No domains of your own yet." />
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          onClick={() => form.insertListItem('domains', '')}
          disabled={domains.length >= 10}
        >
          <FormattedMessage id="staff.settings.domains.add" defaultMessage="Add a domain" />
        </Button>
      </Group>
    </Stack>
  );
}

function PaymentsPanel({ form, settings }: { form: Form; settings: PartnerSettingsAnswer }) {
  const intl = useIntl();
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
        label: intl.formatMessage(messages.notConnected),
        says: intl.formatMessage(messages.notConnectedSays),
      }
    : settings.payments.chargesEnabled === false
      ? {
          color: 'orange',
          label: intl.formatMessage(messages.chargesOff),
          says: intl.formatMessage(messages.chargesOffSays),
        }
      : {
          color: 'green',
          label: intl.formatMessage(messages.connected),
          says: intl.formatMessage(messages.connectedSays),
        };
  return (
    <Stack gap="lg">
      <Card withBorder>
        <Stack gap="xs">
          <Group gap="sm">
            <Text fw={600}>
              <FormattedMessage id="staff.settings.payments.account" defaultMessage="Payments account" />
            </Text>
            <Badge color={status.color}>{status.label}</Badge>
          </Group>
          <Text size="sm">{status.says}</Text>
          <Group>
            <Button
              variant={settings.payments.connected ? 'default' : 'filled'}
              loading={busy}
              onClick={() => void connect()}
            >
              {settings.payments.connected ? (
                <FormattedMessage
                  id="staff.settings.payments.reconnect"
                  defaultMessage="Reconnect the account"
                />
              ) : (
                <FormattedMessage
                  id="staff.settings.payments.connect"
                  defaultMessage="Connect a payments account"
                />
              )}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            <FormattedMessage
              id="staff.settings.payments.connectHelp"
              defaultMessage="You go to the payment provider and come back to this site’s /onboard page, which completes the connection."
            />
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
          label={intl.formatMessage(messages.sponsorProcFee)}
          description={intl.formatMessage(messages.sponsorProcFeeHelp)}
          min={0}
          max={20}
          decimalScale={2}
          {...form.getInputProps('sponsorProcFee')}
        />
        <NumberInput
          label={intl.formatMessage(messages.generalProcFee)}
          description={intl.formatMessage(messages.generalProcFeeHelp)}
          min={0}
          max={20}
          decimalScale={2}
          {...form.getInputProps('generalProcFee')}
        />
        <Select
          label={intl.formatMessage(messages.feeModel)}
          description={intl.formatMessage(messages.feeModelHelp)}
          data={[
            { value: 'fee', label: intl.formatMessage(messages.fee) },
            { value: 'tip', label: intl.formatMessage(messages.tip) },
          ]}
          allowDeselect={false}
          {...form.getInputProps('applicationFeeModel')}
        />
        <Select
          label={intl.formatMessage(messages.currency)}
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
  const intl = useIntl();
  const { save } = usePartnerSettingsWrites();
  const form = useSchemaForm(partnerSettingsInputSchema, formValuesOf(settings));
  const [saved, setSaved] = useState(false);
  const [tab, setTab] = useState<string | null>('branding');
  const submit = (
    <SchemaForm
      form={form}
      submitLabel={intl.formatMessage(messages.save)}
      onSubmit={async (v) => {
        setSaved(false);
        // Only the languages offered besides the default are sent (one just made default is left out).
        await save.mutateAsync({
          ...(v as PartnerSettingsInput),
          translations: translationsToSend(v.translations, contentLocalesOf(v)),
        });
      }}
      onDone={() => setSaved(true)}
    >
      {saved && (
        <Alert color="green" role="status" withCloseButton onClose={() => setSaved(false)}>
          <FormattedMessage
            id="staff.settings.saved"
            defaultMessage="Saved. Your site shows the change on its next page load."
          />
        </Alert>
      )}
    </SchemaForm>
  );
  // A field error on another tab than the one shown marks that tab.
  const errorTabs = new Set(Object.keys(form.errors).map((field) => TAB_OF_FIELD(field)));
  const label = (value: string, text: string) => (
    <Tabs.Tab value={value} color={errorTabs.has(value) ? 'red' : undefined}>
      {errorTabs.has(value)
        ? intl.formatMessage(
            { id: 'staff.settings.tab.check', defaultMessage: '{tab} (check)' },
            { tab: text },
          )
        : text}
    </Tabs.Tab>
  );
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        {label('branding', intl.formatMessage(messages.tabBranding))}
        {label('site', intl.formatMessage(messages.tabSite))}
        {label('domains', intl.formatMessage(messages.tabDomains))}
        {label('payments', intl.formatMessage(messages.tabPayments))}
        <Tabs.Tab value="emails">
          <FormattedMessage id="staff.settings.tab.emails" defaultMessage="Email templates" />
        </Tabs.Tab>
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
      <Title order={1}>
        <FormattedMessage id="staff.settings.title" defaultMessage="Settings" />
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {isLoading && (
        <Text c="dimmed">
          <FormattedMessage id="staff.settings.loading" defaultMessage="Loading…" />
        </Text>
      )}
      {data && <SettingsForm settings={data} />}
    </Stack>
  );
}
