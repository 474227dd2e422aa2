import {
  canSeeSponsorContent,
  sponsorButtonLabel,
  type PartnerSponsoredType,
  type SponsoredDetail,
} from '@kinship/domain';
import { Alert, Anchor, Grid, Image, List, Stack, Text, Title } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { SanitizedHtml } from '../../../components/sanitized-html';
import { useLabels } from '../../../i18n/labels';
import { mediaUrl } from '../../../lib/api-client';
import { usePartner } from '../../../shared/partner/partner-context';
import { DEFAULT_PROFILE_IMAGE, sponsoredName } from '../utils/sponsored-display';
import { FactTable } from './fact-table';
import { KeyInformation } from './key-information';
import { PictureGallery } from './picture-gallery';
import { SponsorButton } from './sponsor-button';

export const profileTabMessages = defineMessages({
  // The second sentence is the spec's payment notice (domain PAYMENT_PROCESSING_NOTICE) word for word.
  checkOut: {
    id: 'profile.howItWorks.checkOut',
    defaultMessage:
      'Check out with a monthly or annual payment. Online payments are processed securely by our card payment provider, and an email receipt is sent for every payment.',
  },
});

export interface ProfileTabProps {
  detail: SponsoredDetail;
  type: PartnerSponsoredType | undefined;
}

/** The Profile tab: name, picture, bio, fun facts, key information, perks or pictures, how it works, support. */
export function ProfileTab({ detail, type }: ProfileTabProps) {
  const intl = useIntl();
  const name = sponsoredName(detail);
  const privileged = canSeeSponsorContent({
    isSponsor: detail.isSponsor,
    isPartnerAdmin: detail.canAdminister,
  });
  return (
    <Stack gap="lg">
      <Title order={1}>{name}</Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Image
              src={mediaUrl(detail.profileImagePath) ?? DEFAULT_PROFILE_IMAGE}
              fallbackSrc={DEFAULT_PROFILE_IMAGE}
              alt={intl.formatMessage(
                { id: 'profile.picture', defaultMessage: 'Picture of {name}' },
                { name },
              )}
              radius="md"
              maw={520}
              fit="cover"
              // Profile pictures are square; the reserved square keeps the page from jumping as it loads.
              style={{ aspectRatio: '1 / 1' }}
            />
            <SponsorButton detail={detail} type={type} />
            <KeyInformation detail={detail} type={type} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xl">
            {/* A bio is stored as sanitised HTML, whoever wrote it (decision 061); cleaned again here. */}
            {detail.bio && <SanitizedHtml html={detail.bio} />}
            {detail.sponsoredAttributes.length > 0 && <FunFacts attributes={detail.sponsoredAttributes} />}
            {type?.description && (
              <section aria-labelledby="about-sponsoring">
                <Title order={2} size="h3" id="about-sponsoring" mb="xs">
                  <FormattedMessage
                    id="profile.aboutSponsoring"
                    defaultMessage="About sponsoring a {type}"
                    values={{ type: type.customLabelSingular.toLowerCase() }}
                  />
                </Title>
                <Text>{type.description}</Text>
              </section>
            )}
            {!detail.isSponsor && <SponsorPerks masked={detail.masked} />}
            {privileged && <PictureGallery sponsoredId={detail.id} name={name} />}
            <HowItWorks />
            <SupportAlert />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function FunFacts({ attributes }: { attributes: SponsoredDetail['sponsoredAttributes'] }) {
  return (
    <section aria-labelledby="fun-facts">
      <Title order={2} size="h3" id="fun-facts" mb="xs">
        <FormattedMessage id="profile.funFacts" defaultMessage="Fun facts" />
      </Title>
      <FactTable
        rows={attributes.map((attribute) => [attribute.description, attribute.value] as const)}
        labelWidth={180}
      />
    </section>
  );
}

function SponsorPerks({ masked }: { masked: boolean }) {
  return (
    <section aria-labelledby="sponsor-perks">
      <Title order={2} size="h3" id="sponsor-perks" mb="xs">
        <FormattedMessage id="profile.perks.title" defaultMessage="What you receive as a sponsor" />
      </Title>
      <List spacing={4}>
        <List.Item>
          <FormattedMessage
            id="profile.perks.updates"
            defaultMessage="Sponsor updates with news from the program"
          />
        </List.Item>
        <List.Item>
          <FormattedMessage
            id="profile.perks.pictures"
            defaultMessage="Pictures shared by the program through the year"
          />
        </List.Item>
        {masked && (
          <List.Item>
            <FormattedMessage
              id="profile.perks.fullProfile"
              defaultMessage="The full profile, unlocked for you"
            />
          </List.Item>
        )}
        <List.Item>
          <FormattedMessage id="profile.perks.receipt" defaultMessage="An email receipt for every payment" />
        </List.Item>
      </List>
    </section>
  );
}

function HowItWorks() {
  const partner = usePartner();
  const labels = useLabels();
  return (
    <section aria-labelledby="how-it-works">
      <Title order={2} size="h3" id="how-it-works" mb="xs">
        {labels.howItWorks}
      </Title>
      <List type="ordered" spacing={4}>
        <List.Item>
          <FormattedMessage
            id="profile.howItWorks.choose"
            defaultMessage="Choose {label} to add this sponsorship to your cart."
            values={{ label: sponsorButtonLabel(partner, labels.sponsor) }}
          />
        </List.Item>
        <List.Item>
          <FormattedMessage {...profileTabMessages.checkOut} />
        </List.Item>
        <List.Item>
          <FormattedMessage
            id="profile.howItWorks.followAlong"
            defaultMessage="Follow along: sponsors receive updates and pictures throughout the year."
          />
        </List.Item>
      </List>
    </section>
  );
}

function SupportAlert() {
  const partner = usePartner();
  const intl = useIntl();
  const email = partner.supportEmail;
  if (!email) return null;
  return (
    <Alert
      color="blue"
      title={intl.formatMessage({ id: 'profile.support.title', defaultMessage: 'Questions?' })}
    >
      <FormattedMessage
        id="profile.support.contact"
        defaultMessage="Contact us at <link>{email}</link> and we will be glad to help."
        values={{ email, link: (chunks) => <Anchor href={`mailto:${email}`}>{chunks}</Anchor> }}
      />
    </Alert>
  );
}
