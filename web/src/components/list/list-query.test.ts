import { describe, expect, it } from 'vitest';
import { buildQuery } from '../../api/client.ts';
import { listQuery, nextSort, sortDirection } from './list-query.ts';

describe('list query', () => {
  it('sends search, JSON filter, page, page size and sort; leaves out what is empty', () => {
    const query = listQuery({ search: ' press ', filter: { group: 3, type: undefined }, page: 2, pageSize: 0, sort: '-name', context: 'manage' });
    expect(query).toEqual({ search: 'press', filter: '{"group":3}', page: 2, page_size: 0, sort: '-name', context: 'manage' });
    expect(buildQuery(listQuery({ search: '', filter: {}, page: 1, pageSize: 25, sort: null }))).toBe('?page=1&page_size=25');
  });

  it('sorts a new field ascending and flips the current one', () => {
    expect(nextSort(null, 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('-name', 'serial')).toBe('serial');
    expect([sortDirection('name', 'name'), sortDirection('-name', 'name'), sortDirection('serial', 'name')]).toEqual(['asc', 'desc', false]);
  });
});
