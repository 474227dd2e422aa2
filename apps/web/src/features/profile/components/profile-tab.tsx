import {
  canSeeSponsorContent,
  PAYMENT_PROCESSING_NOTICE,
  sponsorButtonLabel,
  type PartnerSponsoredType,
  type SponsoredDetail,
} from '@kinship/domain';
import { Alert, Anchor, Grid, Image, List, Stack, Text, Title } from '@mantine/core';
import { SanitizedHtml } from '../../../components/sanitized-html';
import { mediaUrl } from '../../../lib/api-client';
import { usePartner } from '../../../shared/partner/partner-context';
import { DEFAULT_PROFILE_IMAGE, sponsoredName } from '../utils/sponsored-display';
import { FactTable } from './fact-table';
import { KeyInformation } from './key-information';
import { PictureGallery } from './picture-gallery';
import { SponsorButton } from './sponsor-button';

export interface ProfileTabProps {
  detail: SponsoredDetail;
  type: PartnerSponsoredType | undefined;
}

/** The Profile tab: name, picture, bio, fun facts, key information, perks or pictures, how it works, support. */
export function ProfileTab({ detail, type }: ProfileTabProps) {
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
              alt={`Picture of ${name}`}
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
                  About sponsoring a {type.customLabelSingular.toLowerCase()}
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
        Fun facts
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
        What you receive as a sponsor
      </Title>
      <List spacing={4}>
        <List.Item>Sponsor updates with news from the program</List.Item>
        <List.Item>Pictures shared by the program through the year</List.Item>
        {masked && <List.Item>The full profile, unlocked for you</List.Item>}
        <List.Item>An email receipt for every payment</List.Item>
      </List>
    </section>
  );
}

function HowItWorks() {
  const partner = usePartner();
  return (
    <section aria-labelledby="how-it-works">
      <Title order={2} size="h3" id="how-it-works" mb="xs">
        How it works
      </Title>
      <List type="ordered" spacing={4}>
        <List.Item>Choose {sponsorButtonLabel(partner)} to add this sponsorship to your cart.</List.Item>
        <List.Item>Check out with a monthly or annual payment. {PAYMENT_PROCESSING_NOTICE}</List.Item>
        <List.Item>Follow along: sponsors receive updates and pictures throughout the year.</List.Item>
      </List>
    </section>
  );
}

function SupportAlert() {
  const partner = usePartner();
  if (!partner.supportEmail) return null;
  return (
    <Alert color="blue" title="Questions?">
      Contact us at <Anchor href={`mailto:${partner.supportEmail}`}>{partner.supportEmail}</Anchor> and we
      will be glad to help.
    </Alert>
  );
}
