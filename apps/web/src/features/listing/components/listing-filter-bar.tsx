import type { Filters, PartnerSponsoredType } from '@kinship/domain';
import { Button, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePartner } from '../../../shared/partner/partner-context';
import { filterChoices, filterLabel } from '../utils/sponsored-display';

export interface ListingFilterBarProps {
  type: PartnerSponsoredType;
  filters: Filters;
  onFilterChange: (filterField: string, value: string | null) => void;
  onClear: () => void;
}

/**
 * One select per filter type of the sponsored type: 3 columns on large screens, 2 on medium, 1 on
 * small. Native selects: keyboard, screen readers and phones handle them best, and they keep the
 * combobox's floating layer out of the listing's download.
 */
export function ListingFilterBar({ type, filters, onFilterChange, onClear }: ListingFilterBarProps) {
  const partner = usePartner();
  const intl = useIntl();
  if (type.filterTypes.length === 0) return null;
  return (
    <Stack
      gap="xs"
      component="section"
      aria-label={intl.formatMessage({ id: 'listing.filters.label', defaultMessage: 'Filters' })}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {type.filterTypes.map((filterType) => (
          <NativeSelect
            key={filterType.id}
            label={filterLabel(intl, filterType, partner)}
            data={[
              { value: '', label: intl.formatMessage({ id: 'listing.filters.any', defaultMessage: 'Any' }) },
              ...filterChoices(filterType, partner, intl),
            ]}
            value={filters[filterType.filterField] ?? ''}
            // "Any" is the empty value, and an empty value removes the filter (spec 5).
            onChange={(event) => onFilterChange(filterType.filterField, event.currentTarget.value || null)}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="subtle" onClick={onClear} disabled={Object.keys(filters).length === 0}>
          <FormattedMessage id="listing.filters.clear" defaultMessage="Clear filters" />
        </Button>
      </Group>
    </Stack>
  );
}
