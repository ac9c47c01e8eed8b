import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { MonitorKind } from '@gearwatch/contracts';
import { ingest, ingestTime } from '../support/ingest.ts';
import { addMonitor, apiGet, choose, expectSettled, LOADING, monitor, saveBoard, savedBoard, screenshotPage, signIn } from '../support/monitors.ts';

// The dashboard's nine summary widgets (issue 20) against the real server and its demo data: each added from the
// add-monitor tiles and set in its options, each showing the demo company's devices, alerts, work and tasks, the
// whole board photographed, and every widget and setting kept over a reload (the board is the user's setting).

/** The summary widgets in the order the test adds them, with their English titles. */
const SUMMARIES = {
  'devices-with-alerts': 'Devices with alerts',
  'devices-summary': 'Devices summary',
  'newest-alerts': 'Newest alerts',
  'hourly-work-distribution': 'Hourly work distribution',
  'activity-summary': 'Activity summary',
  'efficiency-summary': 'Efficiency summary',
  'operator-summary': 'Operator summary',
  'shift-work-summary': 'Shift work summary',
  'newest-tasks': 'Newest tasks',
} as const satisfies Partial<Record<MonitorKind, string>>;
type Summary = keyof typeof SUMMARIES;
const KINDS = Object.keys(SUMMARIES) as Summary[];

/**
 * The work summaries show this month: the demo's machines, crew and assembly line (the first device group, which a
 * new widget starts on) work on weekdays. The server's clock decides what this month is (the widgets send no date),
 * so whether it has work yet follows from that clock (see monthHasWorkedDay): not in the first hours of a month that
 * starts on a weekend (2026-11-01 at 00:30 in Warsaw, a Sunday), at the latest after the first weekday's morning shift.
 */
const PERIOD = 'This month';
const TIMEZONE = 'Europe/Warsaw';
/** CNC Lathe 1's module: it calls in so the devices summary has a device online (the simulator is off). */
const CALLING_MODULE = 'GW2024000117';
const HOURLY_INTERVAL = '3 h';
const MOULDER = 'Injection Moulder 4';
const WELDER = 'Welding Robot 8';
const DEMO_GROUPS = ['Warehouse A forklifts', 'Warehouse B forklifts', 'Machining hall', 'Assembly line'];
const OPERATOR_GROUPS = ['Warehouse crew', 'Production crew'];
const SHIFTS = ['Shift I (06:00–14:00)', 'Shift II (14:00–22:00)', 'Shift III (22:00–06:00)'];
/** The demo company's tasks (server/src/demo/demo-tasks.ts), all assigned to the demo user, Anna Kowalska. */
const TASKS = [
  { name: 'Yearly inspection of the press brake', state: 'Open', type: 'Inspection' },
  { name: 'Replace the spindle belt', state: 'Overdue', type: 'Repair' },
  { name: 'Coolant change', state: 'Done', type: 'Maintenance' },
];
const DURATION = /^\d+:[0-5]\d$/;
const PERCENT = /^\d+(\.\d+)?%/;
/** A translation key shown instead of its text ('summary.count.total', 'alert.status.active'). */
const RAW_KEY = /\b(summary|work-summaries|dashboard|monitor|alert|alert-rule|device|task|tasks)\.[a-z][\w-]*(\.[\w-]+)*\b/;

/**
 * Whether this month, in Warsaw at `now`, has held a weekday's morning shift (06:00–14:00) to its end: then the
 * demo's machines, crew and assembly line have worked in it.
 */
function monthHasWorkedDay(now: number): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIMEZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const [year, month, today, hour] = [part('year'), part('month'), part('day'), part('hour')];
  const weekday = (day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay() % 6 !== 0;
  for (let day = 1; day < today; day++) if (weekday(day)) return true;
  return weekday(today) && hour >= 14;
}

const rowsOf = (frame: Locator) => frame.getByTestId('summary-row');
const cells = (row: Locator) => row.getByRole('cell');
const seconds = (duration: string) => {
  const [hours, minutes] = duration.split(':').map(Number);
  return ((hours ?? 0) * 60 + (minutes ?? 0)) * 60;
};

/** Chooses an option of one of a summary's selects (period, sort, count...), by their English names. */
async function pick(page: Page, frame: Locator, field: string, option: string): Promise<void> {
  const select = frame.getByTestId(`monitor-field-${field}`);
  await select.getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(select.getByRole('combobox')).toHaveText(option);
}

/** Closes the widget's options, which is saved with it, so the photographed board shows the widgets alone. */
async function closeOptions(frame: Locator): Promise<void> {
  await frame.getByRole('button', { name: 'Options' }).click();
  await expect(frame.getByTestId('monitor-settings')).toHaveCount(0);
  // Away from the button, so its tooltip is not in the picture.
  await frame.page().mouse.move(0, 0);
  await expect(frame.page().getByRole('tooltip')).toHaveCount(0);
}

/** The widget shows its data: settled, nothing empty, every text translated. */
async function expectContent(frame: Locator): Promise<void> {
  await expectSettled(frame);
  await expect(frame.getByTestId('summary-empty')).toHaveCount(0);
  expect(await frame.innerText(), 'every text translated').not.toMatch(RAW_KEY);
}

/** The non-negative whole number a count shows. */
async function countIn(locator: Locator): Promise<number> {
  const text = (await locator.innerText()).trim();
  expect(text).toMatch(/^\d+$/);
  return Number(text);
}

/** The first line of each cell of a column (a figure's trend is under it). */
async function figures(rows: Locator, column: number): Promise<string[]> {
  return (await rows.locator(`td:nth-child(${column + 1})`).allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
}

interface Demo {
  devices: string[];
  /** Whether this month has held a worked day (monthHasWorkedDay by the server's clock). */
  monthHasWork: boolean;
}

/** The seconds worked this month: some once it has held a worked day; before that, none or some. */
function expectWorkThisMonth(seconds: number, demo: Demo, what: string): void {
  if (demo.monthHasWork) expect(seconds, what).toBeGreaterThan(0);
  else expect(seconds, what).toBeGreaterThanOrEqual(0);
}

/** What each widget must show, checked after it is set and again after the reload. */
const CHECKS: Record<Summary, (frame: Locator, demo: Demo) => Promise<void>> = {
  'devices-with-alerts': async (frame, { devices }) => {
    const table = frame.getByTestId('devices-with-alerts-table');
    await expect(table.getByRole('columnheader', { name: 'Battery voltage' })).toBeVisible();
    const rows = rowsOf(frame);
    await expect(rows.first()).toBeVisible();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    const column = (name: string) => headers.indexOf(name);
    for (const row of await rows.all()) {
      const texts = await cells(row).allInnerTexts();
      expect(devices, 'a demo device').toContain(texts[0]);
      const alerts = ['Critical alerts', 'Warnings', 'Information alerts'].map((name) => Number(texts[column(name)]));
      expect(alerts.every(Number.isInteger), `alert counts of ${texts[0]}`).toBe(true);
      expect(
        alerts.reduce((a, b) => a + b, 0),
        `${texts[0]} has an active alert`,
      ).toBeGreaterThan(0);
      expect(texts[column('Work time')]).toMatch(DURATION);
      expect(['Online', 'Offline', 'Never connected']).toContain(texts[column('Module activity')]);
    }
  },
  'devices-summary': async (frame, { devices }) => {
    const count = (key: string) => countIn(frame.getByTestId(`devices-summary-${key}`).locator('p'));
    await expect(frame.getByTestId('devices-summary-total')).toContainText('Devices');
    expect(await count('total'), 'every device of the demo company').toBe(devices.length);
    expect((await count('online')) + (await count('offline')) + (await count('neverConnected'))).toBe(devices.length);
    expect(await count('online'), 'the lathe that called in').toBeGreaterThan(0);
    expect((await count('working')) + (await count('idle'))).toBeLessThanOrEqual(devices.length);
    await count('withAlerts');
  },
  'newest-alerts': async (frame, { devices }) => {
    const items = frame.getByTestId('newest-alerts-list').getByRole('listitem');
    await expect(items.first()).toBeVisible();
    const all = await items.all();
    expect(all.length).toBeLessThanOrEqual(5);
    for (const item of all) {
      // "DF-02: Worked 216 min without an operator", then "26 Nov 2026, 14:20:00 · Active · <the rule>".
      const details = await item.getByRole('paragraph').innerText();
      const message = (await item.innerText()).replace(details, '').trim();
      const [device = '', text = ''] = message.split(': ');
      expect(devices, `the device of "${message}"`).toContain(device);
      expect(text.trim(), 'a message').not.toBe('');
      const [when = '', status = ''] = details.split(' · ');
      expect(when).toMatch(/\d{4}, \d{2}:\d{2}:\d{2}$/);
      expect(['Active', 'Ended', 'Confirmed']).toContain(status);
    }
  },
  'hourly-work-distribution': async (frame, demo) => {
    const buckets = frame.getByTestId('hourly-work-bucket');
    await expect(buckets).toHaveCount(8);
    await expect(buckets.first()).toContainText('00:00–03:00');
    await expect(buckets.last()).toContainText('21:00–24:00');
    const values = await frame.getByTestId('hourly-work-value').allInnerTexts();
    for (const value of values) expect(value).toMatch(DURATION);
    expectWorkThisMonth(Math.max(...values.map(seconds)), demo, 'the assembly line worked this month');
  },
  'activity-summary': async (frame, demo) => {
    await expect(frame.getByRole('columnheader', { name: 'Device group' })).toBeVisible();
    // The dates in the interface language, as the date fields write them: "01/11/2026 – 27/11/2026".
    await expect(frame.getByTestId('summary-period')).toHaveText(/^\d{2}\/\d{2}\/\d{4}( – \d{2}\/\d{2}\/\d{4})?, compared with \d{2}\/\d{2}\/\d{4}/);
    const rows = rowsOf(frame);
    await expect(rows).toHaveCount(1);
    await expect(cells(rows.first()).first()).toHaveText('Assembly line');
    const [active = ''] = await figures(rows, 1);
    const [work = ''] = await figures(rows, 2);
    expect(active).toMatch(DURATION);
    expectWorkThisMonth(seconds(work), demo, 'the assembly line worked this month');
    expect(seconds(active), 'switched on at least as long as it worked').toBeGreaterThanOrEqual(seconds(work));
    await expect(frame.getByTestId('summary-total')).toContainText('Total');
    // The total is written as large as the rows it adds up.
    const fontSize = (cell: Locator) => cell.evaluate((element) => getComputedStyle(element).fontSize);
    expect(await fontSize(frame.getByTestId('summary-total').getByRole('cell').last())).toBe(await fontSize(cells(rows.first()).last()));
  },
  'efficiency-summary': async (frame, demo) => {
    await expect(frame.getByRole('columnheader', { name: 'Device', exact: true })).toBeVisible();
    const rows = rowsOf(frame);
    await expect(rows).toHaveCount(2);
    expect((await rows.locator('td:first-child').allInnerTexts()).sort()).toEqual([MOULDER, WELDER]);
    for (const column of [1, 2]) for (const value of await figures(rows, column)) expect(value).toMatch(DURATION);
    for (const column of [3, 4]) for (const value of await figures(rows, column)) expect(value).toMatch(PERCENT);
    expectWorkThisMonth(Math.max(...(await figures(rows, 2)).map(seconds)), demo, 'the machines worked this month');
    await expect(frame.getByTestId('summary-average')).toContainText('Average');
  },
  'operator-summary': async (frame, demo) => {
    await expect(frame.getByRole('columnheader', { name: 'Operator group' })).toBeVisible();
    const rows = rowsOf(frame);
    await expect(rows).toHaveCount(1);
    expect(OPERATOR_GROUPS).toContain(await cells(rows.first()).first().innerText());
    expectWorkThisMonth(seconds((await figures(rows, 1))[0] ?? ''), demo, 'the crew worked this month');
    await expect(frame.getByTestId('summary-total')).toContainText('Total');
  },
  'shift-work-summary': async (frame, demo) => {
    const rows = rowsOf(frame);
    await expect(rows).toHaveCount(SHIFTS.length);
    expect(await rows.locator('td:first-child').allInnerTexts()).toEqual(SHIFTS);
    const work = await figures(rows, 1);
    for (const value of [...work, ...(await figures(rows, 2))]) expect(value).toMatch(DURATION);
    // Counts grouped in thousands, as the production screens write them: "61,263".
    for (const value of await figures(rows, 3)) expect(value).toMatch(/^\d{1,3}(,\d{3})*$/);
    expectWorkThisMonth(Math.max(...work.map(seconds)), demo, 'the assembly line worked in some shift');
    await expect(frame.getByTestId('summary-total')).toContainText('Total');
  },
  'newest-tasks': async (frame) => {
    const list = frame.getByTestId('newest-tasks-list');
    for (const task of TASKS) {
      const item = list.getByRole('listitem').filter({ has: frame.page().getByRole('link', { name: task.name, exact: true }) });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(`${task.type} · ${task.state}`);
      await expect(item).toContainText('Anna Kowalska');
      await expect(item).toContainText(/due \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    }
  },
};

/** Sets each widget through its options, as a user would, where the starting settings are not the ones wanted. */
const SETUPS: Record<Summary, (page: Page, frame: Locator) => Promise<void>> = {
  'devices-with-alerts': async (_page, frame) => {
    await frame.getByRole('checkbox', { name: 'Battery voltage' }).check();
  },
  'devices-summary': async () => {},
  'newest-alerts': async (page, frame) => {
    await pick(page, frame, 'count', '5');
    await pick(page, frame, 'importance', 'All');
  },
  'hourly-work-distribution': async (page, frame) => {
    await expect(frame.getByTestId('monitor-field-device-groups')).toContainText('Assembly line');
    await pick(page, frame, 'period', PERIOD);
    await pick(page, frame, 'interval-hours', HOURLY_INTERVAL);
  },
  'activity-summary': async (page, frame) => {
    await expect(frame.getByTestId('monitor-field-device-groups')).toContainText('Assembly line');
    await pick(page, frame, 'period', PERIOD);
  },
  'efficiency-summary': async (page, frame) => {
    const devices = frame.getByRole('radio', { name: 'Devices', exact: true });
    await devices.click();
    await expect(devices).toBeChecked();
    await expect(frame.getByTestId('monitor-warning')).toHaveText('None of devices were selected');
    await choose(page, frame.getByTestId('monitor-field-devices'), [MOULDER, WELDER]);
    await pick(page, frame, 'period', PERIOD);
  },
  'operator-summary': async (page, frame) => {
    await pick(page, frame, 'period', PERIOD);
  },
  'shift-work-summary': async (page, frame) => {
    await pick(page, frame, 'period', PERIOD);
  },
  'newest-tasks': async (page, frame) => {
    // Other specs may add tasks to the demo company: twenty keeps the demo's own on the list.
    await pick(page, frame, 'count', '20');
    await pick(page, frame, 'scope', 'All tasks');
  },
};

test.describe('the dashboard summary widgets', () => {
  test('this month has work after its first weekday morning, whatever day it starts on', () => {
    const warsaw = (local: string) => Date.parse(`${local}+01:00`);
    // November 2026 starts on a Sunday: its first hours, and the Monday morning, have no worked day yet.
    expect(monthHasWorkedDay(warsaw('2026-11-01T00:30:00'))).toBe(false);
    expect(monthHasWorkedDay(warsaw('2026-11-02T13:59:00'))).toBe(false);
    expect(monthHasWorkedDay(warsaw('2026-11-02T14:00:00'))).toBe(true);
    expect(monthHasWorkedDay(warsaw('2026-11-03T00:30:00'))).toBe(true);
    // A month starting on a Tuesday has one from its second day; its own first morning counts once it has ended.
    expect(monthHasWorkedDay(warsaw('2026-12-01T10:00:00'))).toBe(false);
    expect(monthHasWorkedDay(warsaw('2026-12-02T00:30:00'))).toBe(true);
    // Warsaw's month, not UTC's: 23:30 UTC on 31 October is already 1 November there.
    expect(monthHasWorkedDay(Date.parse('2026-10-31T23:30:00Z'))).toBe(false);
  });

  test.use({ viewport: { width: 1600, height: 1000 } });

  test('each of the nine is added from the tiles, shows the demo data, and stays over a reload', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await signIn(page);
    await saveBoard(page, [], 'dashboard');
    const devices = (await apiGet<{ entries: { name: string }[] }>(page, '/api/devices?page_size=0')).entries.map((device) => device.name);
    expect(devices).toEqual(expect.arrayContaining([MOULDER, WELDER, 'EF-01', 'DF-06']));
    const groups = (await apiGet<{ entries: { name: string }[] }>(page, '/api/devicegroups?page_size=0')).entries.map((group) => group.name);
    // A new widget starts on the first group by name: the demo's assembly line (other specs may add groups later on).
    expect(groups).toEqual(expect.arrayContaining(DEMO_GROUPS));
    expect([...groups].sort((a, b) => a.localeCompare(b))[0]).toBe('Assembly line');
    // A module calls in (no work, nothing any rule reads), and the server's clock tells what this month is.
    expect((await ingest(page.request, CALLING_MODULE, { readings: [{ p: 2, t: ingestTime(), v: 0 }] })).readings).toBe(1);
    const serverNow = Date.parse((await page.request.get('/readyz')).headers().date ?? '');
    expect(serverNow, 'the server tells its time').not.toBeNaN();
    const demo = { devices, monthHasWork: monthHasWorkedDay(serverNow) };
    await page.goto('/dashboard');
    await expect(page.getByTestId('monitor-tiles')).toBeVisible(LOADING);

    for (const kind of KINDS) {
      await test.step(SUMMARIES[kind], async () => {
        const frame = await addMonitor(page, kind);
        await expect(frame.getByRole('heading', { level: 2 })).toHaveText(SUMMARIES[kind]);
        await SETUPS[kind](page, frame);
        await closeOptions(frame);
        await expectContent(frame);
        await CHECKS[kind](frame, demo);
      });
    }

    await test.step('the board is saved as the user set it', async () => {
      await expect
        .poll(async () => (await savedBoard(page, 'dashboard')).map(({ kind, settings }) => ({ kind, edited: settings.edited })), LOADING)
        .toEqual(KINDS.map((kind) => ({ kind, edited: false })));
      const saved = await savedBoard(page, 'dashboard');
      const settingsOf = (kind: Summary) => saved.find((entry) => entry.kind === kind)?.settings;
      expect(settingsOf('newest-alerts')).toMatchObject({ count: 5, importance: 'all' });
      expect(settingsOf('newest-tasks')).toMatchObject({ count: 20, scope: 'all' });
      expect(settingsOf('hourly-work-distribution')).toMatchObject({ period: 'this-month', intervalHours: 3, byGroups: true });
      expect(settingsOf('efficiency-summary')).toMatchObject({ period: 'this-month', byGroups: false });
      expect(settingsOf('devices-with-alerts')?.options).toContain('batteryVoltage');
    });

    await test.step('the whole board, photographed', async () => {
      const file = testInfo.outputPath('summaries-dashboard.png');
      await screenshotPage(page, file);
      await testInfo.attach('dashboard with the nine summaries', { path: file, contentType: 'image/png' });
    });

    await test.step('a reload shows the nine again, with their settings and data', async () => {
      await page.reload();
      const frames = page.getByTestId('monitor-board').locator('section[data-monitor-id]');
      await expect(frames).toHaveCount(KINDS.length, LOADING);
      for (const [index, kind] of KINDS.entries()) {
        const frame = monitor(page, kind);
        await expect(frames.nth(index)).toHaveAttribute('data-testid', `monitor-${kind}`, LOADING);
        await expect(frame.getByTestId('monitor-settings')).toHaveCount(0);
        await expectContent(frame);
        await CHECKS[kind](frame, demo);
      }
    });
  });
});
