import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { csvCell, toCsv } from './csv';
import { pageOfRows, ServerDataTable, type PageRequest } from './server-data-table';

interface Child {
  id: number;
  name: string;
  program: string;
}

const ALL: Child[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `Child ${String(i + 1).padStart(2, '0')}`,
  program: i % 2 ? 'Antigua' : 'Nairobi',
}));

/** A server double: filters, searches, sorts and pages like the real calls do. */
function serverOf(rows: Child[]) {
  return vi.fn(async (request: PageRequest) => {
    let out = rows.filter(
      (r) =>
        (!request.search || r.name.includes(request.search)) &&
        (!request.filters.program || r.program === request.filters.program),
    );
    if (request.sort?.column === 'name')
      out = [...out].sort(
        (a, b) => a.name.localeCompare(b.name) * (request.sort!.direction === 'asc' ? 1 : -1),
      );
    const start = (request.page - 1) * request.pageSize;
    return { items: out.slice(start, start + request.pageSize), count: out.length };
  });
}

const columns = [
  { key: 'name', title: 'Name', sortable: true },
  { key: 'program', title: 'Program' },
  { key: 'id', title: 'Id', hiddenByDefault: true },
];
const filters = [
  {
    key: 'program',
    label: 'Program',
    options: [
      { value: 'Antigua', label: 'Antigua' },
      { value: 'Nairobi', label: 'Nairobi' },
    ],
  },
];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('ServerDataTable', { timeout: 15_000 }, () => {
  let exported: Blob[] = [];
  beforeEach(() => {
    exported = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (exported.push(b), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server’s first page and its total, and asks for the next page', async () => {
    const fetchPage = serverOf(ALL);
    const { user } = renderWithProviders(
      <ServerDataTable
        queryKey={['t1']}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(r) => r.id}
        pageSize={10}
      />,
    );
    expect(await screen.findByText('Child 01')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    // The empty state's text is not left in the page (and so read aloud) under a full table.
    expect(screen.queryByText('Nothing here yet.')).not.toBeInTheDocument();
    expect(screen.getByText('1–10 of 30')).toBeInTheDocument();
    // The hidden-by-default column is not shown.
    expect(screen.queryByRole('columnheader', { name: 'Id' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '2' }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledWith(expect.objectContaining({ page: 2 })));
    expect(await screen.findByText('Child 11')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({
      page: 2,
      pageSize: 10,
      sort: null,
      search: '',
      filters: {},
    });
  });

  it('sorts, searches and filters on the server, and says so when nothing matches', async () => {
    const fetchPage = serverOf(ALL);
    const { user } = renderWithProviders(
      <ServerDataTable
        queryKey={['t2']}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        pageSize={5}
      />,
    );
    await screen.findByText('Child 01');
    await user.click(screen.getByText('Name'));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ sort: { column: 'name', direction: 'asc' } }),
      ),
    );
    await user.click(screen.getByText('Name'));
    expect(await screen.findByText('Child 30')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Program' }));
    await user.click(await screen.findByRole('option', { name: 'Antigua' }));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ filters: { program: 'Antigua' }, page: 1 }),
      ),
    );

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'nobody');
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'nobody' })),
    );
    await waitFor(() => expect(screen.queryByText(/^Child \d+$/)).not.toBeInTheDocument());
    expect(screen.getByText('No rows match this search.')).toBeInTheDocument();
  });

  it('filters by a date range once both ends are chosen', async () => {
    const fetchPage = serverOf(ALL);
    const { user } = renderWithProviders(
      <ServerDataTable
        queryKey={['t7']}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(r) => r.id}
        filters={[{ kind: 'dateRange', key: 'started', label: 'Started' }]}
      />,
    );
    await screen.findByText('Child 01');
    await user.click(screen.getByRole('button', { name: 'Started' }));
    const month = dayjs().format('MMMM YYYY');
    await user.click(await screen.findByRole('button', { name: `3 ${month}` }));
    await user.click(screen.getByRole('button', { name: `12 ${month}` }));
    const from = dayjs().date(3).format('YYYY-MM-DD');
    const to = dayjs().date(12).format('YYYY-MM-DD');
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ filters: { started: `${from}..${to}` } }),
      ),
    );
  });

  it('says what an empty list will hold', async () => {
    renderWithProviders(
      <ServerDataTable
        queryKey={['t3']}
        fetchPage={serverOf([])}
        columns={columns}
        rowKey={(r) => r.id}
        emptyText="No records yet."
      />,
    );
    expect(await screen.findByText('No records yet.')).toBeInTheDocument();
  });

  it('lets a person choose the columns', async () => {
    const { user } = renderWithProviders(
      <ServerDataTable queryKey={['t4']} fetchPage={serverOf(ALL)} columns={columns} rowKey={(r) => r.id} />,
    );
    await screen.findByText('Child 01');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Id' }));
    await user.click(screen.getByRole('checkbox', { name: 'Program' }));
    expect(screen.getByRole('columnheader', { name: 'Id' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Program' })).not.toBeInTheDocument();
  });

  it('hands the selected rows to the selection actions', async () => {
    const act = vi.fn();
    const { user } = renderWithProviders(
      <ServerDataTable
        queryKey={['t5']}
        fetchPage={serverOf(ALL)}
        columns={columns}
        rowKey={(r) => r.id}
        pageSize={5}
        selectionActions={(selected) => (
          <button onClick={() => act(selected.map((r) => r.id))}>Archive</button>
        )}
      />,
    );
    await screen.findByText('Child 01');
    const checkboxes = within(screen.getByRole('table')).getAllByRole('checkbox');
    await user.click(checkboxes[1]!);
    await user.click(checkboxes[3]!);
    expect(screen.getByRole('toolbar', { name: 'Selected rows' })).toHaveTextContent('2 selected');
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(act).toHaveBeenCalledWith([1, 3]);
  });

  it('exports every row of the current filter as CSV, in the visible columns', async () => {
    const fetchPage = serverOf(ALL);
    const { user } = renderWithProviders(
      <ServerDataTable
        queryKey={['t6']}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        pageSize={5}
        exportFileName="records.csv"
      />,
    );
    await screen.findByText('Child 01');
    await user.click(screen.getByRole('combobox', { name: 'Program' }));
    await user.click(await screen.findByRole('option', { name: 'Nairobi' }));
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('Nairobi'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exported).toHaveLength(1));
    const lines = (await exported[0]!.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Program');
    expect(lines).toHaveLength(16);
    expect(lines.slice(1).every((l) => l.endsWith(',Nairobi'))).toBe(true);
    expect(fetchPage).toHaveBeenLastCalledWith(
      expect.objectContaining({ pageSize: 500, filters: { program: 'Nairobi' } }),
    );
  });

  it('links to the server’s streamed CSV and .xlsx with the current search and filters', async () => {
    const fetchPage = serverOf(ALL);
    const { user } = renderWithProviders(
      <ServerDataTable
        queryKey={['t7']}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        pageSize={5}
        exportFileName="unused.csv"
        serverExport={(format, query) =>
          `/api/export?format=${format}&q=${query.search}&program=${query.filters.program ?? ''}`
        }
      />,
    );
    await screen.findByText('Child 01');
    const csv = () => screen.getByRole('link', { name: 'Export CSV' });
    const xlsx = () => screen.getByRole('link', { name: 'Export Excel' });
    expect(csv()).toHaveAttribute('href', '/api/export?format=csv&q=&program=');
    // Not the page-built CSV: no button of that name, and nothing fetched for a file.
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Program' }));
    await user.click(await screen.findByRole('option', { name: 'Nairobi' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Child 1');
    await waitFor(() =>
      expect(csv()).toHaveAttribute('href', '/api/export?format=csv&q=Child 1&program=Nairobi'),
    );
    expect(xlsx()).toHaveAttribute('href', '/api/export?format=xlsx&q=Child 1&program=Nairobi');
    expect(csv()).toHaveAttribute('download');
    expect(fetchPage.mock.calls.every(([request]) => request.pageSize === 5)).toBe(true);
  });
});

describe('ServerDataTable with local rows', { timeout: 15_000 }, () => {
  let exported: Blob[] = [];
  beforeEach(() => {
    exported = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (exported.push(b), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('pages, sorts, searches, filters and exports a whole array in the browser', async () => {
    const { user } = renderWithProviders(
      <ServerDataTable
        rows={ALL}
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        pageSize={10}
        exportFileName="local.csv"
      />,
    );
    expect(await screen.findByText('Child 01')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Child 21')).toBeInTheDocument();
    expect(screen.getByText('21–30 of 30')).toBeInTheDocument();

    // Sorting goes back to the first page: descending by name starts at Child 30.
    await user.click(screen.getByText('Name'));
    await user.click(screen.getByText('Name'));
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('Child 30'));
    expect(screen.getByText('1–10 of 30')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Program' }));
    await user.click(await screen.findByRole('option', { name: 'Antigua' }));
    await waitFor(() => expect(screen.getByText('1–10 of 15')).toBeInTheDocument());
    expect(bodyRows().every((row) => row.textContent?.includes('Antigua'))).toBe(true);

    // The search matches any column's text, in any case.
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'child 2');
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(bodyRows().map((row) => row.textContent?.slice(0, 8))).toEqual([
      'Child 28',
      'Child 26',
      'Child 24',
      'Child 22',
      'Child 20',
    ]);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect((await exported[0]!.text()).trimEnd().split('\r\n')).toEqual([
      'Name,Program',
      'Child 28,Antigua',
      'Child 26,Antigua',
      'Child 24,Antigua',
      'Child 22,Antigua',
      'Child 20,Antigua',
    ]);

    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'nobody');
    expect(await screen.findByText('No rows match this search.')).toBeInTheDocument();
  });

  it('shows the empty state and its action, the loader while rows load, and a load error', async () => {
    const first = renderWithProviders(
      <ServerDataTable
        rows={undefined as Child[] | undefined}
        loading
        columns={columns}
        rowKey={(r) => r.id}
        emptyText="No programs yet."
        emptyAction={<button>New program</button>}
      />,
    );
    expect(document.querySelector('.mantine-datatable-loader-fetching')).not.toBeNull();
    first.unmount();
    const second = renderWithProviders(
      <ServerDataTable
        rows={[] as Child[]}
        columns={columns}
        rowKey={(r) => r.id}
        emptyText="No programs yet."
        emptyAction={<button>New program</button>}
      />,
    );
    expect(await screen.findByText('No programs yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New program' })).toBeInTheDocument();
    second.unmount();
    renderWithProviders(
      <ServerDataTable
        rows={undefined as Child[] | undefined}
        error={new Error('The programs could not be loaded.')}
        columns={columns}
        rowKey={(r) => r.id}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The programs could not be loaded.');
  });

  it('leaves a phone-hidden column to the CSS of Mantine’s sm breakpoint, header and cells', async () => {
    renderWithProviders(
      <ServerDataTable
        rows={ALL.slice(0, 2)}
        columns={[
          { key: 'name', title: 'Name' },
          { key: 'program', title: 'Program', hiddenOnPhone: true },
        ]}
        rowKey={(r) => r.id}
      />,
    );
    const cell = await screen.findByText('Nairobi');
    expect(cell.closest('td')).toHaveClass('mantine-visible-from-sm');
    expect(screen.getByRole('columnheader', { name: 'Program' })).toHaveClass('mantine-visible-from-sm');
    expect(screen.getByText('Child 01').closest('td')).not.toHaveClass('mantine-visible-from-sm');
  });

  it('sorts numbers as numbers and leaves empty values last', () => {
    const rows = [
      { id: 1, n: 10, s: 'b' },
      { id: 2, n: 9, s: '' },
      { id: 3, n: 100, s: 'a' },
    ];
    const cols = [
      { key: 'n', title: 'N' },
      { key: 's', title: 'S' },
    ];
    const request = { page: 1, pageSize: 0, search: '', filters: {} };
    const order = (column: string, direction: 'asc' | 'desc') =>
      pageOfRows(rows, { ...request, sort: { column, direction } }, cols).items.map((r) => r.id);
    expect(order('n', 'asc')).toEqual([2, 1, 3]);
    expect(order('n', 'desc')).toEqual([3, 1, 2]);
    expect(order('s', 'asc')).toEqual([3, 1, 2]);
    expect(order('s', 'desc')).toEqual([1, 3, 2]);
  });

  it('applies a filter by its own rule when it gives one, by the field’s text when not', () => {
    const request = { page: 1, pageSize: 0, search: '', sort: null };
    const filters = [
      {
        key: 'size',
        label: 'Size',
        options: [{ value: 'big', label: 'big' }],
        matches: (row: Child, value: string) => (value === 'big' ? row.id > 28 : row.id <= 28),
      },
      { key: 'program', label: 'Program', options: [] },
    ];
    const ids = (values: Record<string, string>) =>
      pageOfRows(ALL, { ...request, filters: values }, columns, filters).items.map((r) => r.id);
    expect(ids({ size: 'big' })).toEqual([29, 30]);
    expect(ids({ size: 'big', program: 'Antigua' })).toEqual([30]);
    expect(ids({ size: '', program: 'Nairobi' })).toHaveLength(15);
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x\ny']])).toBe('a,b\r\n1,"x\ny"\r\n');
  });
});
