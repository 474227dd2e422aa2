import { setFilter, type Filters } from '@kinship/domain';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The query-string key of the page; the address shows it 1-based, the app counts from 0. */
export const PAGE_PARAM = 'page';

export interface ListingParams {
  filters: Filters;
  /** Numbered from 0. */
  page: number;
  /** Sets one filter (an empty value removes it) and goes back to the first page. */
  setFilterValue: (field: string, value: string | null) => void;
  clearFilters: () => void;
  setPage: (page: number) => void;
}

/** Each filter field of the current type and the values it may take. */
export type FilterFields = Readonly<Record<string, readonly string[]>>;

/** The filters in the query string; unknown keys and values that no option offers are ignored. */
export function readFilters(search: URLSearchParams, filterFields: FilterFields): Filters {
  let filters: Filters = {};
  for (const [field, values] of Object.entries(filterFields)) {
    const value = search.get(field);
    if (value !== null && values.includes(value)) filters = setFilter(filters, field, value);
  }
  return filters;
}

/** The 1-based `page` of the address as a 0-based page; anything unreadable is the first page. */
export function readPage(search: URLSearchParams): number {
  const shown = Number(search.get(PAGE_PARAM));
  return Number.isInteger(shown) && shown > 1 ? shown - 1 : 0;
}

function writeListing(
  previous: URLSearchParams,
  clearKeys: readonly string[],
  filters: Filters,
  page: number,
): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const key of clearKeys) next.delete(key);
  next.delete(PAGE_PARAM);
  for (const [key, value] of Object.entries(filters)) next.set(key, value);
  if (page > 0) next.set(PAGE_PARAM, String(page + 1));
  return next;
}

/**
 * The listing's filters and page live in the query string (spec 2): read on load, written back
 * with `replace` so no history entry is added. Other query keys are left alone. When the sponsored
 * type changes, its filters and page start empty (spec 4); `listingKeys` names every filter key
 * of any type, so the previous type's filters are removed from the address too.
 */
export function useListingParams(
  sponsoredType: string,
  filterFields: FilterFields,
  listingKeys: readonly string[],
): ListingParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const [paramsType, setParamsType] = useState(sponsoredType);
  const typeChanged = paramsType !== sponsoredType;

  useEffect(() => {
    if (!typeChanged) return;
    setSearchParams((previous) => writeListing(previous, listingKeys, {}, 0), { replace: true });
    setParamsType(sponsoredType);
  }, [typeChanged, sponsoredType, listingKeys, setSearchParams]);

  const filters = typeChanged ? {} : readFilters(searchParams, filterFields);
  const page = typeChanged ? 0 : readPage(searchParams);

  const setFilterValue = useCallback(
    (field: string, value: string | null) =>
      setSearchParams(
        (previous) =>
          writeListing(
            previous,
            listingKeys,
            setFilter(readFilters(previous, filterFields), field, value),
            0,
          ),
        { replace: true },
      ),
    [filterFields, listingKeys, setSearchParams],
  );

  const clearFilters = useCallback(
    () => setSearchParams((previous) => writeListing(previous, listingKeys, {}, 0), { replace: true }),
    [listingKeys, setSearchParams],
  );

  const setPage = useCallback(
    (nextPage: number) =>
      setSearchParams(
        (previous) => writeListing(previous, listingKeys, readFilters(previous, filterFields), nextPage),
        { replace: true },
      ),
    [filterFields, listingKeys, setSearchParams],
  );

  return { filters, page, setFilterValue, clearFilters, setPage };
}
