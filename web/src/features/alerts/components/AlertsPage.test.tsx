import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { alerts, batteryRule, cardRule } from '../test/fixtures.ts';
import { filterOf, listReply, renderAlerts } from '../test/render-alerts.tsx';

function alertApi(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /api/alerts': () => listReply(alerts),
    'GET /api/alertrules': () => listReply([batteryRule, cardRule]),
    'PATCH /api/alerts/100/confirm': () => ({ body: { confirmed: 1 } }),
    'PATCH /api/alerts/confirm': () => ({ body: { confirmed: 2 } }),
    'GET /api/alarms/total': () => ({ body: { count: 1, level: 'error' } }),
    ...overrides,
  };
}

/** The texts of the alert table's rows, cell by cell (without the actions). */
function rows() {
  return [...document.querySelectorAll('[data-testid="entity-list-alerts"] tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].slice(0, 10).map((cell) => cell.textContent),
  );
}

describe('AlertsPage', { timeout: 20_000 }, () => {
  it('shows each alert with its times, counter, importance, status, device, rule, message in words and description', async () => {
    await renderAlerts('/alerts/list', alertApi());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toEqual([
      '02/03/2026, 10:05',
      '02/03/2026, 10:45',
      '—',
      '4',
      'Critical',
      'Active',
      'Forklift A',
      'Low battery',
      // Rounded to 2 decimals, the operator as its symbol.
      'Battery voltage was 11.23 V (< 11.5 V)',
      // The rule in words as it is now (issue 32 item 3), then what its author wrote.
      'Value of Battery voltage < 11.5 V (repeated at most every 10 min)Send the truck to the charger',
    ]);
    expect(rows()[1]?.[8]).toBe('No contact from the module for 90 min (last contact 01/03/2026, 07:30)');
    expect(screen.getByRole('link', { name: 'Low battery' }).getAttribute('href')).toBe('/alerts/alert-rule/5');
  });

  it('offers a task from a part-replace alert only, prefilled with its device, rule name and type', async () => {
    const partAlert = {
      ...alerts[0]!,
      id: 102,
      rule: { id: 9, name: 'Replace the filter', type: 'part-replace' as const, archived: false, summary: { condition: null, parameter: null } },
    };
    await renderAlerts('/alerts/list', alertApi({ 'GET /api/alerts': () => listReply([partAlert, ...alerts]) }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const links = screen.getAllByTestId('alert-create-task');
    expect(links).toHaveLength(1);
    const url = new URL(links[0]!.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/tasks');
    expect(Object.fromEntries(url.searchParams)).toEqual({ new: '1', device: '1', name: 'Replace the filter', type: 'part-replace' });
  });

  it('shows the rule of an archived rule read-only: no link, a marker', async () => {
    await renderAlerts('/alerts/list', alertApi());
    const archived = await screen.findByTestId('archived-rule');
    expect(archived.textContent).toBe('Old geofencedeleted');
    expect(within(archived).queryByRole('link')).toBeNull();
  });

  it('asks the server with the chosen filters: status, importance, device, rule', async () => {
    const { user, callsTo } = await renderAlerts('/alerts/list', alertApi());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(filterOf(callsTo('GET', '/api/alerts')[0])).toEqual({});
    expect(callsTo('GET', '/api/alerts')[0]?.query.get('sort')).toBe('-createdAt');
    const pick = async (field: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: field }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Status', 'Confirmed');
    await pick('Importance', 'Warning');
    await pick('Device', 'Forklift B');
    await pick('Rule', 'Low battery');
    await waitFor(() => expect(filterOf(callsTo('GET', '/api/alerts').at(-1))).toEqual({ status: 'confirmed', importance: 'warning', device: 2, rule: 5 }));
  });

  it('keeps the filters in the address, so a reload or a shared link opens the same list', async () => {
    const { user, callsTo, router } = await renderAlerts('/alerts/list?status=confirmed&device=2&from=2026-06-01&to=2026-06-07', alertApi());
    await waitFor(() => expect(callsTo('GET', '/api/alerts').length).toBeGreaterThan(0));
    expect(filterOf(callsTo('GET', '/api/alerts')[0])).toEqual({ status: 'confirmed', device: 2, from: '2026-06-01', to: '2026-06-07' });
    await user.click(screen.getByRole('combobox', { name: 'Importance' }));
    await user.click(await screen.findByRole('option', { name: 'Warning' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('importance')).toBe('warning'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('confirmed');
    await user.click(screen.getByRole('button', { name: 'Clear the dates' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('from')).toBe(false));
    expect(filterOf(callsTo('GET', '/api/alerts').at(-1))).toEqual({ status: 'confirmed', importance: 'warning', device: 2 });
  });

  it('folds the filters behind one button on a phone, counting those in use', async () => {
    const desktopWidth = window.innerWidth;
    window.innerWidth = 390;
    try {
      const { user } = await renderAlerts('/alerts/list?status=active', alertApi());
      const toggle = await screen.findByRole('button', { name: /Filters/ });
      expect(toggle.textContent).toContain('1');
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
      await user.click(toggle);
      expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'Rule' })).toBeTruthy();
    } finally {
      window.innerWidth = desktopWidth;
    }
  });

  it('confirms one alert and reads the list and the menu count again', async () => {
    const { user, callsTo } = await renderAlerts('/alerts/list', alertApi());
    await waitFor(() => expect(rows()).toHaveLength(2));
    // A confirmed alert has nothing to confirm.
    expect(screen.getAllByTestId('alert-confirm')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET', '/api/alarms/total')).toHaveLength(1));
    await user.click(screen.getByTestId('alert-confirm'));
    expect(await screen.findByText('Alerts confirmed: 1')).toBeTruthy();
    expect(callsTo('PATCH', '/api/alerts/100/confirm')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET', '/api/alerts')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET', '/api/alarms/total')).toHaveLength(2));
  });

  it('confirms all that match the filters after asking', async () => {
    const { user, callsTo } = await renderAlerts('/alerts/list', alertApi());
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('combobox', { name: 'Importance' }));
    await user.click(await screen.findByRole('option', { name: 'Critical' }));
    await user.click(within(screen.getByTestId('page-actions')).getByRole('button', { name: 'Confirm all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm all' });
    expect(within(dialog).getByText('Confirm every unconfirmed alert that matches the current filters?')).toBeTruthy();
    expect(callsTo('PATCH', '/api/alerts/confirm')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm all' }));
    expect(await screen.findByText('Alerts confirmed: 2')).toBeTruthy();
    expect(filterOf(callsTo('PATCH', '/api/alerts/confirm')[0])).toEqual({ importance: 'error' });
  });

  it('shows the empty state when there are no alerts', async () => {
    await renderAlerts('/alerts/list', alertApi({ 'GET /api/alerts': () => listReply([]) }));
    expect(await screen.findByText('No alerts')).toBeTruthy();
  });

  it('asks for a date range from and to as company dates', async () => {
    const { user, callsTo } = await renderAlerts('/alerts/list', alertApi());
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByTestId('date-range-input'));
    await user.click(await screen.findByRole('button', { name: 'Last week' }));
    await waitFor(() => expect(Object.keys(filterOf(callsTo('GET', '/api/alerts').at(-1))).sort()).toEqual(['from', 'to']));
    const { from, to } = filterOf(callsTo('GET', '/api/alerts').at(-1)) as { from: string; to: string };
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(to > from).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Clear the dates' }));
    await waitFor(() => expect(filterOf(callsTo('GET', '/api/alerts').at(-1))).toEqual({}));
  });
});
