import {
  canSeeSponsorContent,
  Feature,
  hasFeature,
  PartnerSetting,
  partnerSettingText,
  type SponsoredDetail,
} from '@kinship/domain';
import { Button, Container, Group, Stack, Tabs, Text } from '@mantine/core';
import { Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useLabels } from '../../../i18n/labels';
import { useCataloguePart } from '../../../i18n/locale-provider';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import { usePartner } from '../../../shared/partner/partner-context';
import { useSponsored } from '../api/get-sponsored';
import { MaskedNotice } from './masked-notice';
import { ProfileTab } from './profile-tab';

// The other tabs (and the HTML sanitizer two of them need) load when first opened.
const ProgramTab = lazyNamed(() => import('./program-tab'), 'ProgramTab');
const CountryTab = lazyNamed(() => import('./country-tab'), 'CountryTab');
const SponsorUpdatesTab = lazyNamed(() => import('./sponsor-updates-tab'), 'SponsorUpdatesTab');
// The sponsor's letters (composer, pre-screen) and their texts (the catalogue's public part) come with the tab.
const RecordLetters = lazyNamed(
  () => import('../../../shared/letters/components/record-letters'),
  'RecordLetters',
);

/**
 * The Letters tab: its chunk and the catalogue's public part (its texts) load side by side, and it
 * renders once both are there. (What withCataloguePart does; imported here, it would move a piece
 * of the first load into a chunk of its own.)
 */
function LettersTab({ sponsoredId }: { sponsoredId: number }) {
  const ready = useCataloguePart('public');
  useEffect(() => {
    if (!ready) void RecordLetters.preload().catch(() => undefined); // a failure shows when it renders
  }, [ready]);
  return ready ? <RecordLetters sponsoredId={sponsoredId} /> : <LoadingScreen />;
}

function LazyTab({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

/**
 * /sponsored/profile/:id: one record's profile, program, country, (for sponsors and admins) updates
 * and (for its sponsor, with feature 4) letters.
 */
export function ProfilePage() {
  const { id } = useParams();
  const sponsoredId = Number(id);
  const validId = Number.isInteger(sponsoredId) && sponsoredId > 0;
  const sponsored = useSponsored(sponsoredId, { enabled: validId });
  // The profile is drawn in a deferred (interruptible) pass, in short slices, so a slow phone stays responsive.
  const detail = useDeferredValue(sponsored.data);

  // The title names the partner only: a record's name must not reach history, tabs or bookmarks.
  usePageTitle(null);

  useEffect(() => {
    if (sponsored.isError) console.error('Could not load the profile', sponsored.error);
  }, [sponsored.isError, sponsored.error]);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <GoBack />
        {!validId || sponsored.isError ? (
          <ProfileUnavailable />
        ) : sponsored.isPending || !detail ? (
          <LoadingScreen />
        ) : (
          <ProfileContent detail={detail} />
        )}
      </Stack>
    </Container>
  );
}

function GoBack() {
  const navigate = useNavigate();
  const labels = useLabels();
  return (
    <Group>
      <Button variant="default" onClick={() => void navigate(-1)}>
        {labels.goBack}
      </Button>
    </Group>
  );
}

function ProfileUnavailable() {
  return (
    <Text size="lg" py="xl" ta="center">
      <FormattedMessage
        id="profile.unavailable"
        defaultMessage="This profile is not available right now. Please go back and choose another."
      />
    </Text>
  );
}

function ProfileContent({ detail }: { detail: SponsoredDetail }) {
  const partner = usePartner();
  const labels = useLabels();
  const type = partner.partnerSponsoredTypes.find((t) => t.id === detail.partnerSponsoredTypesId);
  const showUpdates = canSeeSponsorContent({
    isSponsor: detail.isSponsor,
    isPartnerAdmin: detail.canAdminister,
  });
  // Letters are the sponsor's own: staff who do not sponsor the record read them in the dashboard.
  const showLetters = detail.isSponsor && hasFeature(partner, Feature.Messages);
  return (
    <Stack gap="lg">
      <MaskedNotice detail={detail} />
      <Tabs defaultValue="profile" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="profile">{labels.tabProfile}</Tabs.Tab>
          <Tabs.Tab value="program">
            {partnerSettingText(partner, PartnerSetting.ProgramLabel, labels.tabProgram)}
          </Tabs.Tab>
          <Tabs.Tab value="country">{labels.tabCountry}</Tabs.Tab>
          {showUpdates && <Tabs.Tab value="updates">{labels.tabSponsorUpdates}</Tabs.Tab>}
          {showLetters && (
            <Tabs.Tab value="letters">
              <FormattedMessage id="letters.tab" defaultMessage="Letters" />
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="lg">
          <ProfileTab detail={detail} type={type} />
        </Tabs.Panel>
        <Tabs.Panel value="program" pt="lg">
          <LazyTab>
            <ProgramTab entity={detail.entities} />
          </LazyTab>
        </Tabs.Panel>
        <Tabs.Panel value="country" pt="lg">
          <LazyTab>
            <CountryTab country={detail.entities.countries} />
          </LazyTab>
        </Tabs.Panel>
        {showUpdates && (
          <Tabs.Panel value="updates" pt="lg">
            <LazyTab>
              <SponsorUpdatesTab sponsoredId={detail.id} />
            </LazyTab>
          </Tabs.Panel>
        )}
        {showLetters && (
          <Tabs.Panel value="letters" pt="lg">
            <LazyTab>
              <LettersTab sponsoredId={detail.id} />
            </LazyTab>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
