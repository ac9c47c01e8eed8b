import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@gearwatch/contracts';
import type { ReportDocument } from '@gearwatch/contracts';
import type { FakeCall, FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { presetRange } from '../../../components/dates/calendar.ts';
import { efficiencyDocument, emptyDocument, longDocument, operatorsDocument } from '../test/fixtures.ts';
import { renderReports } from '../test/render-reports.tsx';
import { rangeSettings } from './ReportScreen.tsx';

const today = todayIn('Europe/Warsaw');
const thisMonth = presetRange('this-month', today);
const lastWeek = presetRange('last-week', today);

/** The data call's query, as an object. */
function queryOf(call: FakeCall | undefined): Record<string, string> {
  return Object.fromEntries(call?.query ?? []);
}

/** The texts of a table's rows, cell by cell. */
function rowsOf(table: HTMLElement): string[][] {
  return [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''));
}

function headingsOf(table: HTMLElement): string[] {
  return [...table.querySelectorAll('thead th')].map((cell) => cell.textContent ?? '');
}

const answer =
  (make: (from: string, to: string) => ReportDocument): FakeHandler =>
  (call) => ({ body: make(call.query.get('from') ?? '', call.query.get('to') ?? '') });

/** Stored choices of a report screen, as `GET /api/users/current/settings` answers them. */
function storedSettings(type: string, value: unknown): FakeHandler {
  return () => ({ body: { entries: [{ key: `reports/${type}`, value }] } });
}

async function chooseOption(user: Awaited<ReturnType<typeof renderReports>>['user'], field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('ReportScreen', { timeout: 20_000 }, () => {
  it('asks to choose devices first, then reads this month of the chosen device by day', async () => {
    const { user, callsTo } = await renderReports('/reports/efficiency-report', { 'GET /api/reports/efficiency-report/data': answer(efficiencyDocument) });
    expect(await screen.findByText('Choose what the report is about')).toBeTruthy();
    expect(callsTo('GET', '/api/reports/efficiency-report/data')).toHaveLength(0);
    // This month is the default period.
    expect(screen.getByRole('button', { name: 'This month', pressed: true })).toBeTruthy();
    await chooseOption(user, 'Devices', 'Forklift B');
    await waitFor(() => expect(callsTo('GET', '/api/reports/efficiency-report/data')).toHaveLength(1));
    expect(queryOf(callsTo('GET', '/api/reports/efficiency-report/data')[0])).toEqual({
      from: thisMonth.from,
      to: thisMonth.to,
      interval: 'day',
      devices: '2',
    });
    await screen.findByTestId('report-document');
  });

  it('shows each section under its title: translated headings, h:mm durations, percents, a bold totals row', async () => {
    await renderReports('/reports/efficiency-report', {
      'GET /api/users/current/settings': storedSettings('efficiency-report', { selection: { byGroups: true, groups: [10] } }),
      'GET /api/reports/efficiency-report/data': answer(efficiencyDocument),
    });
    const sections = await screen.findAllByTestId('report-section');
    expect(sections.map((section) => section.querySelector('h2')?.textContent)).toEqual(['Hall 1', 'All devices']);
    const hall = within(sections[0] as HTMLElement).getByRole('table', { name: 'Hall 1' });
    expect(headingsOf(hall)).toEqual(['Period', 'Devices', 'Activity', 'Work', 'Efficiency', 'Counter']);
    expect(rowsOf(hall)).toEqual([
      ['02/11/2026', '2', '8:00', '6:00', '75 %', '1,234'],
      ['03/11/2026', '2', '2:00', '0:30', '25.4 %', '12'],
      ['Total', '2', '10:00', '6:30', '65.1 %', '1,246'],
    ]);
    const totals = within(hall).getByTestId('report-totals');
    expect(getComputedStyle(totals.querySelector('td') as Element).fontWeight).toBe('700');
    // The exact duration behind one shown in whole minutes (rounded down, as every duration of the client).
    expect(within(hall).getByText('0:30').getAttribute('title')).toBe('0:30:30');
    // A missing value shows as a dash.
    expect(rowsOf(within(sections[1] as HTMLElement).getByRole('table'))[1]?.[5]).toBe('—');
    expect(screen.getByTestId('report-period').textContent).toContain('Daily · time zone Europe/Warsaw');
  });

  it('draws the efficiency of each section per day as bars', async () => {
    await renderReports('/reports/efficiency-report', {
      'GET /api/users/current/settings': storedSettings('efficiency-report', { selection: { devices: [1] } }),
      'GET /api/reports/efficiency-report/data': answer(efficiencyDocument),
    });
    const chart = await screen.findByTestId('report-chart');
    await waitFor(() => expect(chart.querySelectorAll('svg path').length).toBeGreaterThan(0));
    expect(within(chart).getByRole('img', { name: 'Report chart' })).toBeTruthy();
  });

  it('keeps a section without rows, saying it has none', async () => {
    const withEmptySection = (from: string, to: string): ReportDocument => {
      const document = efficiencyDocument(from, to);
      return { ...document, sections: [...document.sections, { title: 'Forklift B', columns: document.sections[0]?.columns ?? [], rows: [], totals: false }] };
    };
    await renderReports('/reports/efficiency-report', {
      'GET /api/users/current/settings': storedSettings('efficiency-report', { selection: { devices: [1, 2] } }),
      'GET /api/reports/efficiency-report/data': answer(withEmptySection),
    });
    expect(rowsOf(await screen.findByRole('table', { name: 'Forklift B' }))).toEqual([['Nothing in this period']]);
  });

  it('says so when the period had no data at all', async () => {
    await renderReports('/reports/efficiency-report', {
      'GET /api/users/current/settings': storedSettings('efficiency-report', { selection: { devices: [1] } }),
      'GET /api/reports/efficiency-report/data': answer(emptyDocument),
    });
    expect(await screen.findByText('No data in this period')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('changes the period with a preset and the interval, and remembers both for the screen', async () => {
    const { user, callsTo } = await renderReports('/reports/efficiency-report', {
      'GET /api/users/current/settings': storedSettings('efficiency-report', { selection: { devices: [1] } }),
      'GET /api/reports/efficiency-report/data': answer(efficiencyDocument),
    });
    await screen.findByTestId('report-document');
    await user.click(screen.getByRole('button', { name: 'Last week' }));
    await waitFor(() => expect(queryOf(callsTo('GET', '/api/reports/efficiency-report/data').at(-1))).toMatchObject({ from: lastWeek.from, to: lastWeek.to }));
    await chooseOption(user, 'Interval', 'Work by shifts');
    await waitFor(() =>
      expect(queryOf(callsTo('GET', '/api/reports/efficiency-report/data').at(-1))).toEqual({
        from: lastWeek.from,
        to: lastWeek.to,
        interval: 'shifts',
        devices: '1',
      }),
    );
    const saves = callsTo('PUT', '/api/users/current/settings/reports/efficiency-report');
    await waitFor(() =>
      expect((saves.at(-1)?.json as { value: unknown } | undefined)?.value).toMatchObject({
        preset: 'last-week',
        interval: 'shifts',
        selection: { devices: [1] },
      }),
    );
  });

  it('keeps picked dates, or the preset they are', () => {
    expect(rangeSettings({ from: '2026-03-02', to: '2026-03-08' }, '2026-03-10')).toEqual({ preset: 'last-week', range: null });
    expect(rangeSettings({ from: '2026-03-02', to: '2026-03-09' }, '2026-03-10')).toEqual({ preset: null, range: { from: '2026-03-02', to: '2026-03-09' } });
  });

  it('reads picked dates instead of a preset', async () => {
    const { callsTo } = await renderReports('/reports/device-efficiency-report', {
      'GET /api/users/current/settings': storedSettings('device-efficiency-report', {
        selection: { devices: [2] },
        preset: null,
        range: { from: '2026-01-05', to: '2026-01-18' },
        interval: 'week',
      }),
      'GET /api/reports/device-efficiency-report/data': answer(efficiencyDocument),
    });
    await waitFor(() => expect(callsTo('GET', '/api/reports/device-efficiency-report/data')).toHaveLength(1));
    expect(queryOf(callsTo('GET', '/api/reports/device-efficiency-report/data')[0])).toEqual({
      from: '2026-01-05',
      to: '2026-01-18',
      interval: 'week',
      devices: '2',
    });
    expect(screen.queryByRole('button', { pressed: true })).toBeNull();
  });

  it('reports on operators or operator groups for the operator reports, with the columns of spec 02', async () => {
    const { user, callsTo } = await renderReports('/reports/device-operators-report', {
      'GET /api/reports/device-operators-report/data': answer(operatorsDocument),
    });
    await screen.findByText('Pick operators or operator groups above to see the report.');
    expect(screen.queryByRole('combobox', { name: 'Devices' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Operator groups' }));
    await chooseOption(user, 'Operator groups', 'Team A');
    await waitFor(() => expect(queryOf(callsTo('GET', '/api/reports/device-operators-report/data').at(-1))).toMatchObject({ deviceOperatorsGroups: '40' }));
    const table = await screen.findByRole('table', { name: 'Device operators report' });
    expect(headingsOf(table)).toEqual(['Last name', 'First name', 'Date', 'RFID card use time', 'Unit', 'Name', 'Work time', 'Activity time']);
    expect(rowsOf(table)).toEqual([['Nowak', 'Jan', '02/11/2026', '8:30', 'Hall 1', 'Forklift A', '5:00', '7:00']]);
    // No chart for a list of sessions.
    expect(screen.queryByTestId('report-chart')).toBeNull();
  });

  it('pages the device operators report through the server, a date section continued on the next page with its totals', async () => {
    const paged: FakeHandler = (call) => {
      const page = Number(call.query.get('page'));
      const document = operatorsDocument(call.query.get('from') ?? '', call.query.get('to') ?? '');
      const section = { ...document.sections[0]!, title: '2026-11-02' };
      const rows = page === 2 ? [section.rows[0]!, [null, null, null, 30_600, null, null, 18_000, 25_200]] : [section.rows[0]!];
      return {
        body: {
          ...document,
          paging: { page, pageCount: 2, pageRows: 1000, totalRows: 1002 },
          sections: [{ ...section, rows, totals: page === 2, ...(page > 1 ? { continued: true } : {}) }],
        },
      };
    };
    const { user, callsTo } = await renderReports('/reports/device-operators-report', {
      'GET /api/users/current/settings': storedSettings('device-operators-report', { selection: { byGroups: true, deviceOperatorsGroups: [40] } }),
      'GET /api/reports/device-operators-report/data': paged,
    });
    const calls = () => callsTo('GET', '/api/reports/device-operators-report/data');
    await screen.findByRole('table', { name: '02/11/2026' });
    expect(queryOf(calls()[0])).toEqual({ from: thisMonth.from, to: thisMonth.to, interval: 'day', deviceOperatorsGroups: '40', page: '1' });
    expect(within(screen.getByTestId('report-pager-top')).getByTestId('report-pager-rows').textContent).toBe('Rows 1–1,000 of 1,002');
    await user.click(within(screen.getByTestId('report-pager-bottom')).getByRole('button', { name: 'Page 2' }));
    const continued = await screen.findByRole('table', { name: '02/11/2026 (continued)' });
    expect(queryOf(calls().at(-1)).page).toBe('2');
    expect(rowsOf(continued).at(-1)).toEqual(['Total', '—', '—', '8:30', '—', '—', '5:00', '7:00']);
  });

  it('shows a long table a hundred rows at a time, its totals always', async () => {
    const { user } = await renderReports('/reports/device-work-details-report', {
      'GET /api/users/current/settings': storedSettings('device-work-details-report', { selection: { devices: [1] } }),
      'GET /api/reports/device-work-details-report/data': answer(longDocument),
    });
    const table = await screen.findByRole('table', { name: 'Forklift A' });
    expect(rowsOf(table)).toHaveLength(101);
    expect(rowsOf(table)[0]).toEqual(['02/11/2026 00:00', '0:05', '0:04']);
    // The totals row had no label of its own.
    expect(rowsOf(table).at(-1)).toEqual(['Total', '20:50', '16:40']);
    await user.click(screen.getByRole('button', { name: 'Show more rows (150 not shown)' }));
    expect(rowsOf(table)).toHaveLength(201);
    await user.click(screen.getByRole('button', { name: 'Show more rows (50 not shown)' }));
    expect(rowsOf(table)).toHaveLength(251);
    expect(screen.queryByRole('button', { name: /Show more rows/ })).toBeNull();
  });

  it('pages the work details through the server: the rows of the total, page controls, page 1 again for another selection', async () => {
    // 2,500 rows of one section in pages of 1,000: page 3 continues the section and ends with its totals.
    const paged: FakeHandler = (call) => {
      const page = Number(call.query.get('page'));
      const document = longDocument(call.query.get('from') ?? '', call.query.get('to') ?? '');
      const section = document.sections[0]!;
      const rows = page === 3 ? [section.rows[0]!, [null, 75_000, 60_000]] : section.rows.slice(0, 3);
      return {
        body: {
          ...document,
          truncated: false,
          paging: { page, pageCount: 3, pageRows: 1000, totalRows: 2500 },
          sections: [{ ...section, rows, totals: page === 3, ...(page > 1 ? { continued: true } : {}) }],
        },
      };
    };
    const { user, callsTo } = await renderReports('/reports/device-work-details-report', {
      'GET /api/users/current/settings': storedSettings('device-work-details-report', { selection: { devices: [1] } }),
      'GET /api/reports/device-work-details-report/data': paged,
    });
    const calls = () => callsTo('GET', '/api/reports/device-work-details-report/data');
    await screen.findByRole('table', { name: 'Forklift A' });
    expect(queryOf(calls()[0])).toEqual({ from: thisMonth.from, to: thisMonth.to, interval: 'day', devices: '1', page: '1' });
    expect(within(screen.getByTestId('report-pager-top')).getByTestId('report-pager-rows').textContent).toBe('Rows 1–1,000 of 2,500');
    await user.click(within(screen.getByTestId('report-pager-bottom')).getByRole('button', { name: 'Page 3' }));
    const continued = await screen.findByRole('table', { name: 'Forklift A (continued)' });
    expect(queryOf(calls().at(-1)).page).toBe('3');
    expect(rowsOf(continued).at(-1)).toEqual(['Total', '20:50', '16:40']);
    expect(within(screen.getByTestId('report-pager-top')).getByTestId('report-pager-rows').textContent).toBe('Rows 2,001–2,500 of 2,500');
    expect(within(screen.getByTestId('report-pager-top')).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    // Another period starts at the first page.
    await user.click(screen.getByRole('button', { name: 'Last week' }));
    await waitFor(() => expect(queryOf(calls().at(-1))).toMatchObject({ from: lastWeek.from, to: lastWeek.to, page: '1' }));
    await screen.findByRole('table', { name: 'Forklift A' });
  });

  it('shows the first field error it can word of a refused report', async () => {
    await renderReports('/reports/alerts-report', {
      'GET /api/users/current/settings': storedSettings('alerts-report', { selection: { devices: [1] }, interval: 'shifts' }),
      'GET /api/reports/alerts-report/data': () => ({
        status: 400,
        body: { errors: { interval: ['unknown.key', 'monitor.message.no-shifts-defined'] }, rootErrors: [] },
      }),
    });
    expect((await screen.findByTestId('report-error')).textContent).toBe('No shifts defined');
  });

  it('says the report could not be read when the server fails', async () => {
    await renderReports('/reports/alerts-report', {
      'GET /api/users/current/settings': storedSettings('alerts-report', { selection: { devices: [1] } }),
      'GET /api/reports/alerts-report/data': () => ({
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'error.unknown-to-client' },
      }),
    });
    expect((await screen.findByTestId('report-error')).textContent).toBe('The report could not be read. Try again in a moment.');
  });

  it('offers to generate a file of the report through the wizard', async () => {
    await renderReports('/reports/devices-work-report', {});
    const generate = await within(screen.getByTestId('page-actions')).findByRole('link', { name: 'Generate file' });
    expect(generate.getAttribute('href')).toBe('/reports-list?new=devices-work-report');
  });
});
