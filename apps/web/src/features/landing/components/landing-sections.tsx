import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  landingSectionOn,
  partnerCapabilities,
  sponsoredRecordName,
  type PartnerPublic,
  type SponsoredSummary,
} from '@kinship/domain';
import { Link } from 'react-router';
import { LockIcon } from '../../../components/icons';
import { mediaUrl } from '../../../lib/api-client';
import { sponsoredTypeLinks } from '../../../shared/partner/site-links';
import { useLandingHighlights } from '../api/get-landing-highlights';
import classes from './landing-sections.module.css';

const DEFAULT_PROFILE_IMAGE = '/default-profile.svg';

const STEPS = [
  { title: 'Choose someone', text: 'Browse the profiles and pick a student, teacher or project to support.' },
  {
    title: 'Sponsor monthly or annually',
    text: 'Pay securely by card. Your receipt arrives by email, and you can change your card at any time.',
  },
  {
    title: 'See the difference',
    text: 'Sponsors see the full profile, pictures and updates from the program as the year goes on.',
  },
];

function HowItWorks({ partner }: { partner: PartnerPublic }) {
  const first = sponsoredTypeLinks(partner)[0];
  return (
    <section className={classes.band} aria-labelledby="landing-how-title">
      <Container size="lg">
        <Title order={2} id="landing-how-title" mb="lg">
          How sponsorship works
        </Title>
        <SimpleGrid
          cols={{ base: 1, sm: 3 }}
          spacing="xl"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {STEPS.map((step, index) => (
            <Stack key={step.title} gap="xs" component="li">
              <span className={classes.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <Title order={3} size="h4">
                {step.title}
              </Title>
              <Text>{step.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
        {first && (
          <Button component={Link} to={first.to} mt="xl" size="md">
            Find someone to sponsor
          </Button>
        )}
      </Container>
    </section>
  );
}

function WaitingRecord({ record }: { record: SponsoredSummary }) {
  const name = sponsoredRecordName(record, `Profile ${record.id}`);
  return (
    <Link to={`/sponsored/profile/${record.id}`} className={classes.record}>
      <img src={mediaUrl(record.profileImagePath) ?? DEFAULT_PROFILE_IMAGE} alt="" loading="lazy" />
      <Stack gap={2} p="sm">
        <Group gap={6} wrap="nowrap">
          <Text fw={700} truncate>
            {name}
          </Text>
          {record.masked && <LockIcon size={16} role="img" aria-hidden={false} aria-label="Masked profile" />}
        </Group>
        <Text size="sm" c="dimmed">
          {record.slotsFilled === 0
            ? 'No sponsor yet'
            : `${record.maxSlots - record.slotsFilled} left to fill`}
        </Text>
      </Stack>
    </Link>
  );
}

function Figure({ value, label }: { value: number; label: string }) {
  return (
    <Stack gap={4}>
      <span className={classes.figure}>{value.toLocaleString('en-US')}</span>
      <Text>{label}</Text>
    </Stack>
  );
}

/**
 * Below each template's required parts: how sponsorship works in three steps, the records waiting
 * longest, the partner's impact figures and a donate call. Each is a partner setting, on unless set
 * to false. Loaded after the landing itself (its own chunk), so the first paint is not delayed.
 */
export function LandingSections({ partner }: { partner: PartnerPublic }) {
  const showHow = landingSectionOn(partner, 'howItWorks');
  const showWaiting = landingSectionOn(partner, 'waitingLongest');
  const showImpact = landingSectionOn(partner, 'impact');
  const showDonate = landingSectionOn(partner, 'donate') && partnerCapabilities(partner).generalDonations;
  const highlights = useLandingHighlights(partner.id, showWaiting || showImpact);
  const waiting = highlights.data?.waitingLongest ?? [];
  const impact = highlights.data?.impact;
  const hasImpact = impact !== undefined && impact.activeSponsorships + impact.programs > 0;

  return (
    <div data-testid="landing-sections">
      {showHow && <HowItWorks partner={partner} />}
      {showWaiting && waiting.length > 0 && (
        <section className={classes.band} aria-labelledby="landing-waiting-title">
          <Container size="lg">
            <Title order={2} id="landing-waiting-title" mb={4}>
              Waiting longest for a sponsor
            </Title>
            <Text c="dimmed" mb="lg">
              These profiles have waited the longest. You could be their first sponsor.
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              {waiting.map((record) => (
                <WaitingRecord key={record.id} record={record} />
              ))}
            </SimpleGrid>
          </Container>
        </section>
      )}
      {showImpact && hasImpact && (
        <section className={classes.band} aria-labelledby="landing-impact-title">
          <Container size="lg">
            <Title order={2} id="landing-impact-title" mb="lg">
              Our impact together
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl">
              <Figure value={impact.activeSponsorships} label="active sponsorships" />
              <Figure value={impact.sponsors} label={impact.sponsors === 1 ? 'sponsor' : 'sponsors'} />
              <Figure value={impact.programs} label={impact.programs === 1 ? 'program' : 'programs'} />
              <Figure value={impact.countries} label={impact.countries === 1 ? 'country' : 'countries'} />
            </SimpleGrid>
          </Container>
        </section>
      )}
      {showDonate && (
        <section className={`${classes.band} ${classes.donate}`} aria-labelledby="landing-donate-title">
          <Container size="lg">
            <Title order={2} id="landing-donate-title" mb={4}>
              Not ready to sponsor?
            </Title>
            <Text mb="md">A one-time gift to {partner.name} helps where it is needed most.</Text>
            <Button component={Link} to="/donate" size="md" variant="outline">
              Make a donation
            </Button>
          </Container>
        </section>
      )}
    </div>
  );
}
