import { displayPageNumber, pageCount, PAGE_SIZE } from '@kinship/domain';
import { Center, Pagination } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  pages: { id: 'listing.pagination.label', defaultMessage: 'Pages' },
  next: { id: 'listing.pagination.next', defaultMessage: 'Next page' },
  previous: { id: 'listing.pagination.previous', defaultMessage: 'Previous page' },
});

export interface ListingPaginationProps {
  /** Numbered from 0; shown 1-based. */
  page: number;
  total: number;
  onPageChange: (page: number) => void;
}

export function ListingPagination({ page, total, onPageChange }: ListingPaginationProps) {
  const intl = useIntl();
  return (
    <Center component="nav" aria-label={intl.formatMessage(messages.pages)}>
      <Pagination
        total={pageCount(total, PAGE_SIZE)}
        value={displayPageNumber(page)}
        onChange={(shown) => onPageChange(shown - 1)}
        getItemProps={(shown) => ({
          'aria-label': intl.formatMessage(
            { id: 'listing.pagination.page', defaultMessage: 'Page {page}' },
            { page: shown },
          ),
        })}
        getControlProps={(control) => ({
          'aria-label':
            control === 'next'
              ? intl.formatMessage(messages.next)
              : control === 'previous'
                ? intl.formatMessage(messages.previous)
                : undefined,
        })}
      />
    </Center>
  );
}
