import { PAGE_SIZE } from '../shared/constants.ts';

// Listing paging and filters (spec 4, 5, 7 and 9).

/** Number of pages for a total; at least 1 so an empty listing still has page 1. */
export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** Offset of a page numbered from 0. */
export function pageOffset(page: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(0, page) * pageSize;
}

/** Pages are numbered from 0 internally and shown 1-based. */
export function displayPageNumber(page: number): number {
  return page + 1;
}

export type Filters = Readonly<Record<string, string>>;

/** Sets a filter; an empty value removes that filter. Returns a new object. */
export function setFilter(filters: Filters, key: string, value: string | null | undefined): Filters {
  const next: Record<string, string> = { ...filters };
  if (value === null || value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}

/** Fixed query keys of the listing call: active records that are not fully sponsored. */
export const LISTING_FIXED_QUERY = { status: 'active', isFullySponsored: 'No' } as const;

/** Query of the listing call (spec 7): type, paging, fixed keys and one key per chosen filter. */
export function listingQuery(input: {
  partnerSponsoredTypesId: number;
  page: number;
  filters: Filters;
  pageSize?: number;
}): Record<string, string> {
  const pageSize = input.pageSize ?? PAGE_SIZE;
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.filters)) if (value !== '') query[key] = value;
  return {
    ...query,
    partnerSponsoredTypesId: String(input.partnerSponsoredTypesId),
    offset: String(pageOffset(input.page, pageSize)),
    limit: String(pageSize),
    ...LISTING_FIXED_QUERY,
  };
}
