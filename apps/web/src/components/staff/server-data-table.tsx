import '@mantine/dates/styles.css';
import 'mantine-datatable/styles.css';
import { Button, Checkbox, Group, Menu, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { downloadText, toCsv } from './csv';
import { ExportLinks } from './export-links';

/** What a server-paged list is asked for: the current page, sort, search and filters. */
export interface PageRequest {
  page: number;
  pageSize: number;
  sort: { column: string; direction: 'asc' | 'desc' } | null;
  search: string;
  filters: Record<string, string>;
}

export interface PageAnswer<Row> {
  items: Row[];
  count: number;
}

export interface StaffColumn<Row> {
  /** The field (the server's sort key too). */
  key: string;
  title: string;
  /** The title is for screen readers and the Columns menu only (a row's actions). */
  hideTitle?: boolean;
  sortable?: boolean;
  /** Hidden until chosen in Columns. */
  hiddenByDefault?: boolean;
  render?: (row: Row) => ReactNode;
  /** Left out below Mantine's `sm` breakpoint, where a phone has no room for it (by CSS, as `visibleFrom`). */
  hiddenOnPhone?: boolean;
  /** Amounts sit to the right. */
  align?: 'left' | 'center' | 'right';
  /** Kept on one line (codes, dates, amounts, action buttons); the table scrolls sideways instead. */
  noWrap?: boolean;
  /** A wrapping column's narrowest width in px, so a phone scrolls sideways instead of squeezing it. */
  minWidth?: number;
  /** The value in the CSV export (default: the field as text); also what a local list searches. */
  csv?: (row: Row) => unknown;
  /** What a local list sorts this column by (default: the CSV value). */
  sortValue?: (row: Row) => string | number | null | undefined;
}

/** A filter: a choice among options, or a date range (sent as `YYYY-MM-DD..YYYY-MM-DD`). */
export type StaffFilter<Row = unknown> =
  | {
      kind?: 'select';
      key: string;
      label: string;
      options: { value: string; label: string }[];
      /** How a local list applies the choice (default: the field's text equals the value). */
      matches?: (row: Row, value: string) => boolean;
    }
  | { kind: 'dateRange'; key: string; label: string };

/** A date range as a filter value: both ends, ISO dates joined by `..`; empty until both are chosen. */
export function dateRangeValue(range: readonly [string | null, string | null]): string {
  return range[0] && range[1] ? `${range[0]}..${range[1]}` : '';
}

/** Where the rows come from: the server, a page at a time, or a whole array the screen already holds. */
type RowSource<Row> =
  | {
      /** Names the list in the query cache: [...queryKey, request]. */
      queryKey: readonly unknown[];
      fetchPage: (request: PageRequest) => Promise<PageAnswer<Row>>;
      rows?: never;
      loading?: never;
      error?: never;
    }
  | {
      queryKey?: never;
      fetchPage?: never;
      /**
       * Every row, from an endpoint that answers with a whole array (no paging): the table pages,
       * sorts, searches and filters them in the browser. `undefined` while they load.
       */
      rows: readonly Row[] | undefined;
      /** Loading the rows (shown as the table's loader). */
      loading?: boolean;
      /** The rows could not be loaded. */
      error?: Error | null;
    };

export type ServerDataTableProps<Row> = RowSource<Row> & TableOptions<Row>;

interface TableOptions<Row> {
  columns: StaffColumn<Row>[];
  rowKey: (row: Row) => string | number;
  filters?: StaffFilter<Row>[];
  searchLabel?: string;
  pageSize?: number;
  /** What an empty list says (with no filter, and with one). */
  emptyText?: string;
  /** The CSV file's name; the export holds every row of the current filter, not only this page. */
  exportFileName?: string;
  /**
   * The server's streamed export (CSV and .xlsx) instead of the page-built CSV: the address of each
   * format for the current search and filters (sorting and paging are the screen's, not the file's).
   */
  serverExport?: (
    format: 'csv' | 'xlsx',
    query: { search: string; filters: Record<string, string> },
  ) => string;
  /** More buttons beside the exports (the Records table's "Import"). */
  toolbarActions?: ReactNode;
  /** Offered in the empty state of a list with no rows at all (no search, no filter). */
  emptyAction?: ReactNode;
  /** Row selection: the selected rows are passed to these actions. */
  selectionActions?: (selected: Row[], clear: () => void) => ReactNode;
  /** Keeps the last column (a row's actions) in view while the table scrolls sideways. */
  pinLastColumn?: boolean;
  /** Filter values to start with (e.g. read from the address: ?status=failed). */
  initialFilters?: Record<string, string>;
  /**
   * The list's own default view (the Letters queue opens on the letters waiting): chosen at the
   * start, and with these values an empty list says `emptyText`, not that nothing matches.
   */
  defaultFilters?: Record<string, string>;
  /** Names each row for screen readers (and for finding a row: "Failed renewal of Dana"). */
  rowLabel?: (row: Row) => string;
}

const EXPORT_PAGE_SIZE = 500;
/** Mantine's class behind `visibleFrom="sm"` (its provider writes the media query). */
const VISIBLE_FROM_SM = 'mantine-visible-from-sm';
/** A filter's width: two side by side on a phone, a few in a row on a desktop. */
const FILTER_STYLE = { flex: '1 1 9rem', maxWidth: '16rem' } as const;
/** No column sorted: the server's own order. */
const NO_SORT = { columnAccessor: '', direction: 'asc' } as const;

function cellText<Row>(row: Row, column: StaffColumn<Row>): unknown {
  if (column.csv) return column.csv(row);
  return (row as Record<string, unknown>)[column.key];
}

const asText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? '' : String(value);

/**
 * A page of a whole array, as the server would answer it: the rows whose columns' text holds the
 * search (any case), that every filter matches, sorted by the column (numbers as numbers, text in
 * the reader's collation, empty values last), then cut to the page. `pageSize` 0 keeps them all.
 */
export function pageOfRows<Row>(
  rows: readonly Row[],
  request: PageRequest,
  columns: readonly StaffColumn<Row>[],
  filters: readonly StaffFilter<Row>[] = [],
): PageAnswer<Row> {
  const needle = request.search.trim().toLocaleLowerCase();
  let out = rows.filter(
    (row) =>
      (needle === '' || columns.some((c) => asText(cellText(row, c)).toLocaleLowerCase().includes(needle))) &&
      filters.every((f) => {
        const value = request.filters[f.key];
        if (!value) return true;
        if (f.kind !== 'dateRange' && f.matches) return f.matches(row, value);
        return asText((row as Record<string, unknown>)[f.key]) === value;
      }),
  );
  const column = request.sort && columns.find((c) => c.key === request.sort!.column);
  if (column) {
    const sign = request.sort!.direction === 'asc' ? 1 : -1;
    const valueOf = (row: Row) => (column.sortValue ? column.sortValue(row) : cellText(row, column));
    out = out
      .map((row) => ({ row, value: valueOf(row) }))
      .sort((a, b) => {
        const x = a.value;
        const y = b.value;
        const xEmpty = x === null || x === undefined || x === '';
        const yEmpty = y === null || y === undefined || y === '';
        if (xEmpty || yEmpty) return xEmpty === yEmpty ? 0 : xEmpty ? 1 : -1;
        if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
        return asText(x).localeCompare(asText(y), undefined, { numeric: true }) * sign;
      })
      .map(({ row }) => row);
  }
  if (request.pageSize === 0) return { items: out, count: out.length };
  const start = (request.page - 1) * request.pageSize;
  return { items: out.slice(start, start + request.pageSize), count: out.length };
}

/**
 * The staff list: pages, sorting, search and filters are the server's (one request per change,
 * the previous page kept on screen while the next loads), or, for an endpoint that answers with a
 * whole array, given as `rows` and done here by `pageOfRows`; column choice, row selection, the empty
 * and loading states and a CSV export of the current filter (built here, or the server's streamed
 * CSV and .xlsx when the screen gives `serverExport`) are here. Built on mantine-datatable.
 */
export function ServerDataTable<Row>({
  queryKey,
  fetchPage,
  rows,
  loading = false,
  error: rowsError = null,
  columns,
  rowKey,
  filters = [],
  searchLabel,
  pageSize = 25,
  emptyText: emptyTextGiven,
  exportFileName,
  serverExport,
  toolbarActions,
  emptyAction,
  selectionActions,
  initialFilters,
  defaultFilters,
  pinLastColumn = false,
  rowLabel,
}: ServerDataTableProps<Row>) {
  const intl = useIntl();
  const emptyText =
    emptyTextGiven ?? intl.formatMessage({ id: 'staff.table.empty', defaultMessage: 'Nothing here yet.' });
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row> | null>(null);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [filterValues, setFilterValues] = useState<Record<string, string>>(() => ({
    ...defaultFilters,
    ...initialFilters,
  }));
  const [hidden, setHidden] = useState(
    () => new Set(columns.filter((c) => c.hiddenByDefault).map((c) => c.key)),
  );
  const [selected, setSelected] = useState<Row[]>([]);
  const [exporting, setExporting] = useState(false);

  const request: PageRequest = {
    page,
    pageSize,
    sort: sortStatus ? { column: String(sortStatus.columnAccessor), direction: sortStatus.direction } : null,
    search,
    filters: filterValues,
  };
  const local = fetchPage === undefined;
  const server = useQuery({
    queryKey: [...(queryKey ?? ['local rows']), request],
    queryFn: () => fetchPage!(request),
    placeholderData: keepPreviousData,
    enabled: !local,
  });
  const data = local ? rows && pageOfRows(rows, request, columns, filters) : server.data;
  const isFetching = local ? loading : server.isFetching;
  const error = local ? rowsError : server.error;
  const isError = Boolean(error);

  const visible = columns.filter((c) => !hidden.has(c.key));
  const tableColumns = useMemo(
    () =>
      visible.map((c) => ({
        accessor: c.key,
        title: c.hideTitle ? <VisuallyHidden>{c.title}</VisuallyHidden> : c.title,
        sortable: c.sortable ?? false,
        noWrap: c.noWrap ?? false,
        ...(c.align ? { textAlign: c.align } : {}),
        ...(c.hiddenOnPhone ? { titleClassName: VISIBLE_FROM_SM, cellsClassName: VISIBLE_FROM_SM } : {}),
        ...(c.minWidth ? { cellsStyle: () => ({ minWidth: c.minWidth }) } : {}),
        ...(c.render ? { render: (row: Row) => c.render!(row) } : {}),
      })),
    [visible],
  );
  const filtered =
    search !== '' ||
    Object.entries(filterValues).some(([key, value]) => value !== (defaultFilters?.[key] ?? ''));

  const changeFilter = (key: string, value: string | null) => {
    setFilterValues((current) => ({ ...current, [key]: value ?? '' }));
    setPage(1);
    setSelected([]);
  };

  const exportCsv = async () => {
    if (!exportFileName) return;
    setExporting(true);
    try {
      const all: Row[] = [];
      if (!fetchPage)
        all.push(...pageOfRows(rows ?? [], { ...request, pageSize: 0 }, columns, filters).items);
      else
        for (let p = 1; ; p++) {
          const answer = await fetchPage({ ...request, page: p, pageSize: EXPORT_PAGE_SIZE });
          all.push(...answer.items);
          if (answer.items.length < EXPORT_PAGE_SIZE || all.length >= answer.count) break;
        }
      downloadText(
        exportFileName,
        toCsv(
          visible.map((c) => c.title),
          all.map((row) => visible.map((c) => cellText(row, c))),
        ),
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={searchLabel ?? intl.formatMessage({ id: 'staff.table.search', defaultMessage: 'Search' })}
          value={searchInput}
          onChange={(e) => {
            setSearchInput(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '2 1 16rem', minWidth: 'min(16rem, 100%)' }}
        />
        {filters.map((f) =>
          f.kind === 'dateRange' ? (
            <DatePickerInput
              key={f.key}
              type="range"
              label={f.label}
              placeholder={intl.formatMessage({ id: 'staff.table.anyDate', defaultMessage: 'Any date' })}
              clearable
              valueFormat="YYYY-MM-DD"
              onChange={(range) => changeFilter(f.key, dateRangeValue(range))}
              style={FILTER_STYLE}
            />
          ) : (
            <Select
              key={f.key}
              label={f.label}
              data={f.options}
              value={filterValues[f.key] || null}
              onChange={(value) => changeFilter(f.key, value)}
              clearable
              placeholder={intl.formatMessage({ id: 'staff.table.all', defaultMessage: 'All' })}
              style={FILTER_STYLE}
            />
          ),
        )}
        <Menu closeOnItemClick={false} position="bottom-end">
          <Menu.Target>
            <Button variant="default">
              <FormattedMessage id="staff.table.columns" defaultMessage="Columns" />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {columns.map((c) => (
              <Menu.Item key={c.key} component="div">
                <Checkbox
                  label={c.title}
                  checked={!hidden.has(c.key)}
                  disabled={!hidden.has(c.key) && visible.length === 1}
                  onChange={(e) => {
                    const show = e.currentTarget.checked;
                    setHidden((current) => {
                      const next = new Set(current);
                      if (show) next.delete(c.key);
                      else next.add(c.key);
                      return next;
                    });
                  }}
                />
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {toolbarActions}
        {serverExport ? (
          <ExportLinks
            csv={serverExport('csv', { search, filters: filterValues })}
            xlsx={serverExport('xlsx', { search, filters: filterValues })}
          />
        ) : (
          exportFileName && (
            <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
              <FormattedMessage id="staff.export.csv" defaultMessage="Export CSV" />
            </Button>
          )
        )}
      </Group>
      {selectionActions && selected.length > 0 && (
        <Group
          gap="sm"
          role="toolbar"
          aria-label={intl.formatMessage({ id: 'staff.table.selectedRows', defaultMessage: 'Selected rows' })}
        >
          <Text size="sm">
            <FormattedMessage
              id="staff.table.selected"
              defaultMessage="{count} selected"
              values={{ count: selected.length }}
            />
          </Text>
          {selectionActions(selected, () => setSelected([]))}
        </Group>
      )}
      {isError && (
        <Text role="alert" c="red">
          {(error as Error).message}
        </Text>
      )}
      <DataTable<Row>
        withTableBorder
        pinLastColumn={pinLastColumn}
        borderRadius="sm"
        minHeight={data && data.items.length > 0 ? undefined : 180}
        records={data?.items ?? []}
        columns={tableColumns}
        idAccessor={(row) => rowKey(row)}
        totalRecords={data?.count ?? 0}
        recordsPerPage={pageSize}
        page={page}
        onPageChange={(p) => {
          setPage(p);
          setSelected([]);
        }}
        sortStatus={sortStatus ?? NO_SORT}
        onSortStatusChange={(status: DataTableSortStatus<Row>) => {
          setSortStatus(status);
          setPage(1);
        }}
        {...(rowLabel ? { customRowAttributes: (row: Row) => ({ 'aria-label': rowLabel(row) }) } : {})}
        {...(selectionActions ? { selectedRecords: selected, onSelectedRecordsChange: setSelected } : {})}
        fetching={isFetching}
        loadingText={intl.formatMessage({ id: 'staff.table.loading', defaultMessage: 'Loading' })}
        getPaginationControlProps={(control) =>
          control === 'previous'
            ? {
                'aria-label': intl.formatMessage({
                  id: 'staff.table.previousPage',
                  defaultMessage: 'Previous page',
                }),
              }
            : control === 'next'
              ? {
                  'aria-label': intl.formatMessage({
                    id: 'staff.table.nextPage',
                    defaultMessage: 'Next page',
                  }),
                }
              : {}
        }
        allRecordsSelectionCheckboxProps={{
          'aria-label': intl.formatMessage({
            id: 'staff.table.selectAll',
            defaultMessage: 'Select all records',
          }),
        }}
        getRecordSelectionCheckboxProps={(_row, index) => ({
          'aria-label': intl.formatMessage(
            { id: 'staff.table.selectRow', defaultMessage: 'Select record {number}' },
            { number: index + 1 },
          ),
        })}
        {...(emptyAction && !filtered && data && data.count === 0
          ? {
              // mantine-datatable's empty state lets clicks through to the table: the action takes them.
              emptyState: (
                <Stack align="center" gap="xs">
                  <Text c="dimmed">{emptyText}</Text>
                  <div style={{ pointerEvents: 'auto' }}>{emptyAction}</div>
                </Stack>
              ),
            }
          : data && data.items.length > 0
            ? // mantine-datatable keeps its empty state in the page under a full table, hidden by style
              // only, so screen readers would read "No records yet." below the rows: it is left out then.
              { emptyState: <span hidden /> }
            : {
                noRecordsText: filtered
                  ? intl.formatMessage({
                      id: 'staff.table.noMatch',
                      defaultMessage: 'No rows match this search.',
                    })
                  : emptyText,
              })}
        paginationText={({ from, to, totalRecords }) =>
          intl.formatMessage(
            { id: 'staff.table.pagination', defaultMessage: '{from}–{to} of {total}' },
            { from, to, total: totalRecords },
          )
        }
      />
    </Stack>
  );
}
