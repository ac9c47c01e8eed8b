import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_HEADERS } from '@gearwatch/contracts';
import { problem } from '../forms/test/fake-api.ts';
import type { FakeCall, FakeHandler, FakeReply } from '../forms/test/fake-api.ts';
import { renderWithFakeApi } from '../forms/test/render.tsx';
import { EntityList } from './EntityList.tsx';
import type { EntityListProps } from './EntityList.tsx';
import type { EntityColumn } from './entity-column.ts';
import { RowActions } from './RowActions.tsx';

interface Row {
  id: number;
  name: string;
  serial: string;
}

const rows: Row[] = Array.from({ length: 30 }, (_, index) => ({
  id: index + 1,
  name: `Device ${String(index + 1).padStart(2, '0')}`,
  serial: `S-${index + 1}`,
}));

/** The list protocol over `rows`: search on the name, sort by name, paging in the headers, 204 when nothing. */
function listRoute(call: FakeCall): FakeReply {
  const search = call.query.get('search') ?? '';
  const sort = call.query.get('sort');
  let found = rows.filter((row) => row.name.toLowerCase().includes(search.toLowerCase()));
  if (sort === '-name') found = [...found].reverse();
  if (found.length === 0) return { status: 204 };
  const page = Number(call.query.get('page') ?? 1);
  const size = Number(call.query.get('page_size') ?? 25);
  const entries = size === 0 ? found : found.slice((page - 1) * size, page * size);
  return {
    body: { entries },
    headers: {
      [LIST_HEADERS.pageNumber]: String(page),
      [LIST_HEADERS.pageEntries]: String(entries.length),
      [LIST_HEADERS.totalEntries]: String(found.length),
      [LIST_HEADERS.totalPages]: String(size === 0 ? 1 : Math.ceil(found.length / size)),
    },
  };
}

const columns: EntityColumn<Row>[] = [
  { key: 'name', header: 'monitor.async.column.parameter', cell: (row) => row.name, sortField: 'name' },
  { key: 'serial', header: 'monitor.async.column.value', cell: (row) => row.serial },
];

async function renderList(props: Partial<EntityListProps<Row>> = {}, route: FakeHandler = listRoute) {
  const view = await renderWithFakeApi(<EntityList<Row> plural="devices" columns={columns} {...props} />, { 'GET /api/devices': route });
  const requests = () => view.callsTo('GET', '/api/devices').map((call) => Object.fromEntries(call.query));
  // Read straight from the DOM: role queries over a whole table are slow in happy-dom, and waitFor repeats them.
  const names = () => [...view.container.querySelectorAll('tbody tr')].map((row) => row.querySelector('td')?.textContent);
  return { ...view, requests, names };
}

describe('EntityList', { timeout: 15_000 }, () => {
  it('shows the first page and reads the paging from the headers', async () => {
    const { names, requests } = await renderList();
    await waitFor(() => expect(names()).toHaveLength(25));
    expect(names()[0]).toBe('Device 01');
    expect(screen.getByText('1–25 of 30')).toBeTruthy();
    expect(requests()).toEqual([{ page: '1', page_size: '25' }]);
  });

  it('goes to the next and the last page', async () => {
    const { user, names, requests } = await renderList({ defaultPageSize: 10 });
    await waitFor(() => expect(names()).toHaveLength(10));
    await user.click(screen.getByLabelText('Go to next page'));
    await waitFor(() => expect(names()[0]).toBe('Device 11'));
    expect(screen.getByText('11–20 of 30')).toBeTruthy();
    expect(requests().at(-1)).toEqual({ page: '2', page_size: '10' });
    await user.click(screen.getByLabelText('Go to last page'));
    await waitFor(() => expect(names().at(-1)).toBe('Device 30'));
    expect(requests().at(-1)).toEqual({ page: '3', page_size: '10' });
  });

  it('offers the rows-per-page choices and no limit, sent as page_size=0', async () => {
    const { user, names, requests } = await renderList({ defaultPageSize: 10 });
    await waitFor(() => expect(names()).toHaveLength(10));
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '25', '50', '100', 'All']);
    await user.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() => expect(names()).toHaveLength(30));
    expect(requests().at(-1)).toEqual({ page: '1', page_size: '0' });
  });

  it('sorts by a sortable header, then the other way; other headers do not sort', async () => {
    const { user, names, requests } = await renderList({ defaultPageSize: 10 });
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(within(screen.getAllByRole('columnheader')[1] as HTMLElement).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Parameter' }));
    await waitFor(() => expect(requests().at(-1)?.sort).toBe('name'));
    expect(screen.getAllByRole('columnheader')[0]?.getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: 'Parameter' }));
    await waitFor(() => expect(names()[0]).toBe('Device 30'));
    expect(requests().at(-1)?.sort).toBe('-name');
    expect(screen.getAllByRole('columnheader')[0]?.getAttribute('aria-sort')).toBe('descending');
  });

  it('searches once the typing pauses, from the first page', async () => {
    const { user, names, requests } = await renderList({ defaultPageSize: 10 });
    await waitFor(() => expect(names()).toHaveLength(10));
    await user.click(screen.getByLabelText('Go to next page'));
    await waitFor(() => expect(requests().at(-1)?.page).toBe('2'));
    // Pasted at once: typed key by key, a loaded machine can pause longer than the debounce between two keys.
    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    await user.paste('Device 1');
    expect(requests().filter((query) => query.search !== undefined)).toEqual([]); // not before the pause
    await waitFor(() => expect(names()).toEqual(rows.slice(9, 19).map((row) => row.name)));
    const searches = requests().filter((query) => query.search !== undefined);
    expect(searches).toEqual([{ search: 'Device 1', page: '1', page_size: '10' }]);
  });

  it('shows an empty state when the server answers 204', async () => {
    await renderList({ empty: { title: 'No devices yet', message: 'Add the first one.' } }, () => ({ status: 204 }));
    expect(await screen.findByText('No devices yet')).toBeTruthy();
    expect(screen.getByText('Add the first one.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when a search finds nothing', async () => {
    const { user, names } = await renderList({ defaultPageSize: 10 });
    await waitFor(() => expect(names()).toHaveLength(10));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('Nothing matches your search')).toBeTruthy();
  });

  it('sends the filter JSON-encoded and goes back to the first page when it changes', async () => {
    const { requests, rerender } = await renderList({ filter: { group: 3 } });
    await waitFor(() => expect(requests()).toHaveLength(1));
    expect(requests()[0]).toMatchObject({ filter: '{"group":3}' });
    rerender(<EntityList<Row> plural="devices" columns={columns} filter={{ group: 4 }} />);
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ filter: '{"group":4}', page: '1' }));
  });

  it('puts each row’s actions in the slot', async () => {
    const onEdit = vi.fn();
    const onRowClick = vi.fn();
    const { user, names } = await renderList({ defaultPageSize: 10, actions: (row) => <RowActions onEdit={() => onEdit(row.id)} />, onRowClick });
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[2] as HTMLElement);
    expect(onEdit).toHaveBeenCalledWith(3);
    expect(onRowClick).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    const { user, names } = await renderList({ defaultPageSize: 10 }, (call) => (fail ? problem(500) : listRoute(call)));
    expect(await screen.findByText('The list could not be loaded')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toHaveLength(10));
  });

  describe('on a phone', () => {
    const desktopWidth = window.innerWidth;
    beforeEach(() => {
      window.innerWidth = 390;
    });
    afterEach(() => {
      window.innerWidth = desktopWidth;
    });
    const cards = () => screen.queryAllByTestId('entity-card');

    it('shows a card per row with every column and the row actions within reach, no table', async () => {
      const onEdit = vi.fn();
      const onRowClick = vi.fn();
      const { user } = await renderList({ defaultPageSize: 10, actions: (row) => <RowActions onEdit={() => onEdit(row.id)} />, onRowClick });
      await waitFor(() => expect(cards()).toHaveLength(10));
      expect(screen.queryByRole('table')).toBeNull();
      const third = cards()[2] as HTMLElement;
      expect(within(third).getByText('Device 03')).toBeTruthy();
      // The other columns as label and value.
      expect(within(third).getByText('Value')).toBeTruthy();
      expect(within(third).getByText('S-3')).toBeTruthy();
      await user.click(within(third).getByRole('button', { name: 'Edit' }));
      expect(onEdit).toHaveBeenCalledWith(3);
      expect(onRowClick).not.toHaveBeenCalled();
      await user.click(within(third).getByText('Device 03'));
      expect(onRowClick).toHaveBeenCalledWith(rows[2]);
    });

    it('sorts from a sort choice, as the headers do on a wide screen', async () => {
      const { user, requests } = await renderList({ defaultPageSize: 10 });
      await waitFor(() => expect(cards()).toHaveLength(10));
      await user.click(screen.getByRole('combobox', { name: 'Sort' }));
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Default order', 'Parameter, ascending', 'Parameter, descending']);
      await user.click(screen.getByRole('option', { name: 'Parameter, descending' }));
      await waitFor(() => expect(requests().at(-1)?.sort).toBe('-name'));
      await waitFor(() => expect(within(cards()[0] as HTMLElement).getByText('Device 30')).toBeTruthy());
    });
  });
});
