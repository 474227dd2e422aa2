import { displayPageNumber, pageCount, PAGE_SIZE } from '@kinship/domain';
import { Center, Pagination } from '@mantine/core';

export interface ListingPaginationProps {
  /** Numbered from 0; shown 1-based. */
  page: number;
  total: number;
  onPageChange: (page: number) => void;
}

export function ListingPagination({ page, total, onPageChange }: ListingPaginationProps) {
  return (
    <Center component="nav" aria-label="Pages">
      <Pagination
        total={pageCount(total, PAGE_SIZE)}
        value={displayPageNumber(page)}
        onChange={(shown) => onPageChange(shown - 1)}
        getItemProps={(shown) => ({ 'aria-label': `Page ${shown}` })}
        getControlProps={(control) => ({
          'aria-label':
            control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : undefined,
        })}
      />
    </Center>
  );
}
