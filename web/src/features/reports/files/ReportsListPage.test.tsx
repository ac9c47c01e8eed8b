import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem } from '../../../components/forms/test/fake-api.ts';
import { applyReportFileEvent } from '../api/files.ts';
import { files, reportFile } from './test/fixtures.ts';
import { filterOf, listReply, renderReports } from './test/render-reports.tsx';

afterEach(() => vi.restoreAllMocks());

const status = (id: number) => screen.getByTestId(`file-status-${id}`);
const row = (id: number) => status(id).closest('tr') as HTMLElement;

describe('/reports-list: the generated files', { timeout: 30_000 }, () => {
  it('shows each status with its own icon colour and text, anything else as unknown, and progress while in progress', async () => {
    await renderReports('/reports-list');
    await screen.findByTestId('file-status-1');
    expect([1, 2, 3, 4, 5].map((id) => [status(id).dataset['status'], status(id).textContent])).toEqual([
      ['NEW', 'Waiting'],
      ['PROCESS', 'In progress 45%'],
      ['DONE', 'Ready'],
      ['ERROR', 'FailedThe database did not answer'],
      ['unknown', 'Unknown'],
    ]);
    expect(within(status(2)).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('45');
    // Download only when DONE, retry only on ERROR.
    expect(within(row(3)).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(within(row(4)).getByRole('button', { name: 'Generate again' })).toBeTruthy();
    for (const id of [1, 2, 5]) expect(within(row(id)).queryAllByRole('button')).toEqual([]);
    expect(within(row(3)).getByText('1.5 kB')).toBeTruthy();
    expect(within(row(4)).getByText('Schedule')).toBeTruthy();
    expect(within(row(3)).getByText('Anna Kowalska')).toBeTruthy();
  });

  it('follows a file live: its percentage from the event stream without a request, a new status by reading the list', async () => {
    let answered = files;
    const { queryClient, callsTo } = await renderReports('/reports-list', { 'GET /api/reports/files': () => listReply(answered) });
    await screen.findByTestId('file-status-2');
    const reads = callsTo('GET', '/api/reports/files').length;
    let stale = false;
    act(() => {
      stale = applyReportFileEvent(queryClient, JSON.stringify({ fileId: 2, status: 'PROCESS', progress: 80 }));
    });
    expect(stale).toBe(false);
    await waitFor(() => expect(status(2).textContent).toBe('In progress 80%'));
    expect(callsTo('GET', '/api/reports/files')).toHaveLength(reads);

    answered = files.map((file) => (file.id === 2 ? reportFile({ id: 2, status: 'DONE', progress: 100, size: 2048 }) : file));
    expect(applyReportFileEvent(queryClient, JSON.stringify({ fileId: 2, status: 'DONE', progress: 100 }))).toBe(true);
    await act(() => queryClient.invalidateQueries({ queryKey: ['reports/files'] }));
    await waitFor(() => expect(status(2).dataset['status']).toBe('DONE'));
    expect(within(row(2)).getByText('2 kB')).toBeTruthy();
  });

  it('downloads a file under the name the server gives in content-disposition', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, callsTo } = await renderReports('/reports-list', {
      'GET /api/reports/files/3/download': () => ({
        body: 'xlsx',
        headers: { 'content-disposition': `attachment; filename="a.xlsx"; filename*=UTF-8''Wydajno%C5%9B%C4%87-pa%C5%BAdziernik.xlsx` },
      }),
    });
    await screen.findByTestId('file-status-3');
    await user.click(within(row(3)).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['Wydajność-październik.xlsx']));
    expect(callsTo('GET', '/api/reports/files/3/download')).toHaveLength(1);
  });

  it('says so when a download fails', async () => {
    const { user } = await renderReports('/reports-list', { 'GET /api/reports/files/3/download': () => problem(404) });
    await screen.findByTestId('file-status-3');
    await user.click(within(row(3)).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Requested item not found')).toBeTruthy();
  });

  it('retries a failed file and reads the list again; a retry that lost the race says the file is already being made again', async () => {
    let conflict = false;
    const { user, callsTo } = await renderReports('/reports-list', {
      'POST /api/reports/files/4/retry': () => (conflict ? problem(409) : { status: 202, body: {} }),
    });
    await screen.findByTestId('file-status-4');
    const reads = callsTo('GET', '/api/reports/files').length;
    await user.click(within(row(4)).getByRole('button', { name: 'Generate again' }));
    expect(await screen.findByText('Efficiency-4.xlsx will be generated again')).toBeTruthy();
    await waitFor(() => expect(callsTo('GET', '/api/reports/files').length).toBeGreaterThan(reads));
    conflict = true;
    await user.click(within(row(4)).getByRole('button', { name: 'Generate again' }));
    expect(await screen.findByText('The report is already being generated again')).toBeTruthy();
    expect(callsTo('POST', '/api/reports/files/4/retry')).toHaveLength(2);
  });

  it('filters by status and type, and shows the empty state with New report', async () => {
    const { user, calls } = await renderReports('/reports-list', { 'GET /api/reports/files': () => listReply([]) });
    expect(await screen.findByText('No reports yet')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(filterOf(calls.filter((call) => call.path === '/api/reports/files').at(-1))).toEqual({ status: 'ERROR' }));
  });
});

describe('/reports-list: the report settings', { timeout: 30_000 }, () => {
  it('lists the configurations with recipients, groups, interval and frequency; the switch of a cyclic one says what it does', async () => {
    const { user, callsTo } = await renderReports('/reports-list?tab=configurations', {
      'PATCH /api/reportsconfigurations/5/disable': () => ({ body: {} }),
      'PATCH /api/reportsconfigurations/6/enable': () => ({ body: {} }),
    });
    const table = await screen.findByTestId('entity-list-reportsconfigurations');
    const weekly = within(table).getByText('Weekly efficiency').closest('tr') as HTMLElement;
    expect(within(weekly).getByText('Anna Kowalska, boss@example.com')).toBeTruthy();
    expect(within(weekly).getByText('Hall A')).toBeTruthy();
    expect(within(weekly).getByText('Day')).toBeTruthy();
    expect(within(weekly).getByText('Weekly')).toBeTruthy();
    expect(within(weekly).getByText('16/11/2026 – 22/11/2026')).toBeTruthy();
    const once = within(table).getByText('October once').closest('tr') as HTMLElement;
    expect(within(once).queryByRole('switch')).toBeNull();
    expect(within(once).getByText('01/10/2026 – 31/10/2026')).toBeTruthy();

    await user.click(within(weekly).getByRole('switch', { name: 'Switch off' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/reportsconfigurations/5/disable')).toHaveLength(1));
    const monthly = within(table).getByText('Operators monthly').closest('tr') as HTMLElement;
    await user.click(within(monthly).getByRole('switch', { name: 'Switch on' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/reportsconfigurations/6/enable')).toHaveLength(1));
  });

  it('deletes a configuration after confirming', async () => {
    const { user, callsTo } = await renderReports('/reports-list?tab=configurations', { 'DELETE /api/reportsconfigurations/6': () => ({ status: 204 }) });
    const table = await screen.findByTestId('entity-list-reportsconfigurations');
    const monthly = within(table).getByText('Operators monthly').closest('tr') as HTMLElement;
    await user.click(within(monthly).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(callsTo('DELETE', '/api/reportsconfigurations/6')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(callsTo('DELETE', '/api/reportsconfigurations/6')).toHaveLength(1));
  });

  it('switches between the tabs through the address', async () => {
    const { user, router } = await renderReports('/reports-list');
    await screen.findByTestId('entity-list-reports/files');
    await user.click(screen.getByRole('tab', { name: 'Report settings' }));
    expect(await screen.findByTestId('entity-list-reportsconfigurations')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=configurations');
  });
});
