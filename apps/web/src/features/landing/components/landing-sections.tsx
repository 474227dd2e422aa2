import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  landingSectionOn,
  partnerCapabilities,
  sponsoredRecordName,
  type PartnerPublic,
  type SponsoredSummary,
} from '@kinship/domain';
import { FormattedMessage, FormattedNumber, defineMessages, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LockIcon } from '../../../components/icons';
import { mediaUrl } from '../../../lib/api-client';
import { sponsoredTypeLinks } from '../../../shared/partner/site-links';
import { useLandingHighlights } from '../api/get-landing-highlights';
import classes from './landing-sections.module.css';

const DEFAULT_PROFILE_IMAGE = '/default-profile.svg';

const STEPS = [
  defineMessages({
    title: { id: 'landing.how.chooseTitle', defaultMessage: 'Choose someone' },
    text: {
      id: 'landing.how.chooseText',
      defaultMessage: 'Browse the profiles and pick a student, teacher or project to support.',
    },
  }),
  defineMessages({
    title: { id: 'landing.how.sponsorTitle', defaultMessage: 'Sponsor monthly or annually' },
    text: {
      id: 'landing.how.sponsorText',
      defaultMessage:
        'Pay securely by card. Your receipt arrives by email, and you can change your card at any time.',
    },
  }),
  defineMessages({
    title: { id: 'landing.how.seeTitle', defaultMessage: 'See the difference' },
    text: {
      id: 'landing.how.seeText',
      defaultMessage:
        'Sponsors see the full profile, pictures and updates from the program as the year goes on.',
    },
  }),
];

function HowItWorks({ partner }: { partner: PartnerPublic }) {
  const first = sponsoredTypeLinks(partner)[0];
  return (
    <section className={classes.band} aria-labelledby="landing-how-title">
      <Container size="lg">
        <Title order={2} id="landing-how-title" mb="lg">
          <FormattedMessage id="landing.how.title" defaultMessage="How sponsorship works" />
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
            <Stack key={step.title.id} gap="xs" component="li">
              <span className={classes.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <Title order={3} size="h4">
                <FormattedMessage {...step.title} />
              </Title>
              <Text>
                <FormattedMessage {...step.text} />
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {first && (
          <Button component={Link} to={first.to} mt="xl" size="md">
            <FormattedMessage id="landing.how.find" defaultMessage="Find someone to sponsor" />
          </Button>
        )}
      </Container>
    </section>
  );
}

const waitingMessages = defineMessages({
  masked: { id: 'landing.waiting.masked', defaultMessage: 'Masked profile' },
});

function WaitingRecord({ record }: { record: SponsoredSummary }) {
  const intl = useIntl();
  const name = sponsoredRecordName(
    record,
    intl.formatMessage(
      { id: 'landing.waiting.profileFallback', defaultMessage: 'Profile {id}' },
      { id: record.id },
    ),
  );
  return (
    <Link to={`/sponsored/profile/${record.id}`} className={classes.record}>
      <img src={mediaUrl(record.profileImagePath) ?? DEFAULT_PROFILE_IMAGE} alt="" loading="lazy" />
      <Stack gap={2} p="sm">
        <Group gap={6} wrap="nowrap">
          <Text fw={700} truncate>
            {name}
          </Text>
          {record.masked && (
            <LockIcon
              size={16}
              role="img"
              aria-hidden={false}
              aria-label={intl.formatMessage(waitingMessages.masked)}
            />
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {record.slotsFilled === 0 ? (
            <FormattedMessage id="landing.waiting.noSponsor" defaultMessage="No sponsor yet" />
          ) : (
            <FormattedMessage
              id="landing.waiting.leftToFill"
              defaultMessage="{count} left to fill"
              values={{ count: record.maxSlots - record.slotsFilled }}
            />
          )}
        </Text>
      </Stack>
    </Link>
  );
}

/** A figure and its words (a message that takes the figure as `count`, for its plural). */
function Figure({ value, children }: { value: number; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <span className={classes.figure}>
        <FormattedNumber value={value} />
      </span>
      <Text>{children}</Text>
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
              <FormattedMessage id="landing.waiting.title" defaultMessage="Waiting longest for a sponsor" />
            </Title>
            <Text c="dimmed" mb="lg">
              <FormattedMessage
                id="landing.waiting.intro"
                defaultMessage="These profiles have waited the longest. You could be their first sponsor."
              />
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
              <FormattedMessage id="landing.impact.title" defaultMessage="Our impact together" />
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl">
              <Figure value={impact.activeSponsorships}>
                <FormattedMessage
                  id="landing.impact.activeSponsorships"
                  defaultMessage="{count, plural, other {active sponsorships}}"
                  values={{ count: impact.activeSponsorships }}
                />
              </Figure>
              <Figure value={impact.sponsors}>
                <FormattedMessage
                  id="landing.impact.sponsors"
                  defaultMessage="{count, plural, one {sponsor} other {sponsors}}"
                  values={{ count: impact.sponsors }}
                />
              </Figure>
              <Figure value={impact.programs}>
                <FormattedMessage
                  id="landing.impact.programs"
                  defaultMessage="{count, plural, one {program} other {programs}}"
                  values={{ count: impact.programs }}
                />
              </Figure>
              <Figure value={impact.countries}>
                <FormattedMessage
                  id="landing.impact.countries"
                  defaultMessage="{count, plural, one {country} other {countries}}"
                  values={{ count: impact.countries }}
                />
              </Figure>
            </SimpleGrid>
          </Container>
        </section>
      )}
      {showDonate && (
        <section className={`${classes.band} ${classes.donate}`} aria-labelledby="landing-donate-title">
          <Container size="lg">
            <Title order={2} id="landing-donate-title" mb={4}>
              <FormattedMessage id="landing.donate.title" defaultMessage="Not ready to sponsor?" />
            </Title>
            <Text mb="md">
              <FormattedMessage
                id="landing.donate.text"
                defaultMessage="A one-time gift to {name} helps where it is needed most."
                values={{ name: partner.name }}
              />
            </Text>
            <Button component={Link} to="/donate" size="md" variant="outline">
              <FormattedMessage id="landing.donate.button" defaultMessage="Make a donation" />
            </Button>
          </Container>
        </section>
      )}
    </div>
  );
}
