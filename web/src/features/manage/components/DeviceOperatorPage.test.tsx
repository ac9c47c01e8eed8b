import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { janDetail, janWorkTime, olaKos, operators } from '../test/fixtures.ts';
import { listReply, renderManage } from '../test/render-manage.tsx';

const api = {
  'GET /api/deviceoperators': () => listReply(operators),
  'GET /api/deviceoperators/3': () => ({ body: janDetail }),
  'GET /api/deviceoperators/3/work-time': () => ({ body: janWorkTime }),
  'GET /api/deviceoperators/4': () => ({ body: { ...olaKos, devices: [], history: [] } }),
};

function cells(testId: string) {
  return [...screen.getByTestId(testId).querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
}

describe('DeviceOperatorPage', { timeout: 20_000 }, () => {
  it('shows the operator’s details, assigned devices and history on the company clock', async () => {
    await renderManage('/manage/device-operator/3', api);
    expect(await screen.findByRole('heading', { name: 'Jan Nowak' })).toBeTruthy();
    const facts = screen.getByTestId('operator-facts').textContent;
    for (const fact of [
      'RFID card number:A1B2C3',
      'Group:Morning shift',
      'Position:Driver',
      'Phone:+48 600 100 200',
      'E-mail:jan@example.com',
      'Supervisor:Ewa Lis',
      'Company name:—',
    ]) {
      expect(facts).toContain(fact);
    }
    expect(within(screen.getByTestId('operator-device-links')).getByRole('link', { name: 'Forklift A' }).getAttribute('href')).toBe('/manage/device/1');
    // UTC times of the answer on the Warsaw clock (UTC+1 in March).
    expect(cells('history-table')).toEqual([
      ['Forklift A', '02/03/2026, 06:00', 'In progress', '1:00', '1:30'],
      ['Forklift B', '01/03/2026, 06:00', '01/03/2026, 14:00', '6:00', '—'],
    ]);
    expect(within(screen.getByTestId('history-table')).getByRole('link', { name: 'Forklift B' }).getAttribute('href')).toBe('/manage/device/2');
  });

  it('shows the work-time windows with signed trends, green up and red down, against the previous periods', async () => {
    await renderManage('/manage/device-operator/3', api);
    await waitFor(() => expect(cells('work-time-table')).toHaveLength(3));
    expect(cells('work-time-table')).toEqual([
      ['Today', '04/03/2026', '2:00+100%', '3:000%', '03/03/2026', '1:00', '3:00'],
      ['This week', '02/03/2026 – 04/03/2026', '5:00+25%', '8:00\u221220%', '23/02/2026 – 25/02/2026', '4:00', '10:00'],
      ['This month', '01/03/2026 – 04/03/2026', '5:00—', '8:00—', '01/02/2026 – 04/02/2026', '—', '—'],
    ]);
    const table = screen.getByTestId('work-time-table');
    const trendNodes = () => [...table.querySelectorAll<HTMLElement>('[data-testid="trend-percentage"]')];
    const trends = trendNodes().map((node) => [node.textContent, node.getAttribute('data-direction')]);
    expect(trends).toEqual([
      ['+100%', 'up'],
      ['0%', 'flat'],
      ['+25%', 'up'],
      ['\u221220%', 'down'],
      ['—', 'none'],
      ['—', 'none'],
    ]);
    const colour = (text: string) => getComputedStyle(trendNodes().find((node) => node.textContent === text)!).color;
    expect(colour('+25%')).not.toBe(colour('\u221220%'));
  });

  it('keeps the rest of the page when the work-time call fails', async () => {
    await renderManage('/manage/device-operator/3', {
      ...api,
      'GET /api/deviceoperators/3/work-time': () => ({ status: 500, body: { title: 'error.internal' } }),
    });
    expect(await screen.findByRole('heading', { name: 'Jan Nowak' })).toBeTruthy();
    expect(await within(screen.getByTestId('operator-work-time')).findByRole('alert')).toBeTruthy();
    expect(cells('history-table')).toHaveLength(2);
  });

  it('switches to another operator with the redirect selector', async () => {
    const { user, router } = await renderManage('/manage/device-operator/3', api);
    await screen.findByRole('heading', { name: 'Jan Nowak' });
    await user.click(screen.getByRole('combobox', { name: 'Go to operator' }));
    await user.click(await screen.findByRole('option', { name: 'Ola Kos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/device-operator/4'));
    expect(await screen.findByRole('heading', { name: 'Ola Kos' })).toBeTruthy();
    expect(screen.getByText('The operator is not assigned to any device')).toBeTruthy();
    expect(screen.getByText('The operator has not used any device yet')).toBeTruthy();
  });

  it('says so for an operator that does not exist', async () => {
    await renderManage('/manage/device-operator/99', api);
    expect(await screen.findByText('This item does not exist or has been deleted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe('/manage/device-operators');
  });
});
