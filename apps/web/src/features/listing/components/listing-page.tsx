import { type PartnerPublic, type PartnerSponsoredType } from '@kinship/domain';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePartner } from '../../../shared/partner/partner-context';
import { useSponsoreds } from '../api/get-sponsoreds';
import { useListingParams, type FilterFields } from '../hooks/use-listing-params';
import { filterChoices } from '../utils/sponsored-display';
import { ListingFilterBar } from './listing-filter-bar';
import { ListingHeader } from './listing-header';
import { ListingPagination } from './listing-pagination';
import { SponsoredGrid } from './sponsored-grid';

/** The listing's states; the loading and empty texts are the spec's (MESSAGES.listingLoading, listingEmpty). */
export const listingMessages = defineMessages({
  loading: { id: 'listing.loading', defaultMessage: 'Loading Profiles' },
  empty: {
    id: 'listing.empty',
    defaultMessage: 'No results. Please change your filters or check back later!',
  },
  notFoundTitle: { id: 'listing.notFound.title', defaultMessage: 'Page not found' },
});

/** /sponsored/board/:sponsoredType: the profiles of one of the partner's sponsored types. */
export function ListingPage() {
  const { sponsoredType = '' } = useParams();
  const partner = usePartner();
  const type = partner.partnerSponsoredTypes.find((t) => t.identifier === sponsoredType);
  if (!type) return <ListingNotFound />;
  return <ListingBoard partner={partner} type={type} />;
}

function ListingBoard({ partner, type }: { partner: PartnerPublic; type: PartnerSponsoredType }) {
  const intl = useIntl();
  usePageTitle(type.customLabelPlural);
  const filterFields = useMemo<FilterFields>(
    () =>
      Object.fromEntries(
        type.filterTypes.map((filterType) => [
          filterType.filterField,
          filterChoices(filterType, partner).map((choice) => choice.value),
        ]),
      ),
    [type, partner],
  );
  const listingKeys = useMemo(
    () => [...new Set(partner.partnerSponsoredTypes.flatMap((t) => t.filterTypes.map((f) => f.filterField)))],
    [partner],
  );
  const { filters, page, setFilterValue, clearFilters, setPage } = useListingParams(
    type.identifier,
    filterFields,
    listingKeys,
  );
  const listing = useSponsoreds(partner.id, { partnerSponsoredTypesId: type.id, page, filters });
  // The cards are rendered in a deferred (interruptible) pass, in short slices, so a slow phone stays
  // responsive while a page of profiles is drawn.
  const data = useDeferredValue(listing.data);

  // A failed load sets the error state and is logged; the visitor is shown nothing about it (spec 8).
  useEffect(() => {
    if (listing.isError) console.error('Could not load the listing', listing.error);
  }, [listing.isError, listing.error]);

  const choosePage = (nextPage: number) => {
    setPage(nextPage);
    window.scrollTo({ top: 0 });
  };

  return (
    <Stack gap={0}>
      <ListingHeader partner={partner} type={type} />
      <Container size="xl" w="100%" py="xl">
        <Stack gap="xl">
          <ListingFilterBar
            type={type}
            filters={filters}
            onFilterChange={setFilterValue}
            onClear={clearFilters}
          />
          {listing.isError ? null : listing.isPending || !data ? (
            <LoadingScreen message={intl.formatMessage(listingMessages.loading)} />
          ) : data.items.length === 0 ? (
            <Text ta="center" size="lg" py="xl">
              <FormattedMessage {...listingMessages.empty} />
            </Text>
          ) : (
            <>
              <SponsoredGrid items={data.items} type={type} />
              <ListingPagination page={page} total={data.count} onPageChange={choosePage} />
            </>
          )}
        </Stack>
      </Container>
    </Stack>
  );
}

function ListingNotFound() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(listingMessages.notFoundTitle));
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md">
        <Title order={1}>
          <FormattedMessage {...listingMessages.notFoundTitle} />
        </Title>
        <Text ta="center">
          <FormattedMessage
            id="listing.notFound.text"
            defaultMessage="There is no list of profiles at this address. It may have moved or been removed."
          />
        </Text>
        <Button component={Link} to="/">
          <FormattedMessage id="listing.notFound.home" defaultMessage="Back to home" />
        </Button>
      </Stack>
    </Container>
  );
}
