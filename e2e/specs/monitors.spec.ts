import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { busiestForklift, demoIds, journeyBoard, PARAMETER, withoutIds } from '../support/diagnostics-board.ts';
import {
  addMonitor,
  boardSaved,
  boxOf,
  choose,
  chooseInterval,
  clearBoard,
  clearStartingGroup,
  clickToolbox,
  column,
  csvNumber,
  csvValues,
  dataAnswer,
  download,
  expectChart,
  expectSettled,
  idOf,
  KINDS,
  lastWeek,
  LOADING,
  monitor,
  pickPreset,
  readCsv,
  saveBoard,
  savedBoard,
  screenshotPage,
  signIn,
  stubMapTiles,
  TOOLBOX_ICON,
} from '../support/monitors.ts';

// The diagnostics page built from the seven monitor widgets (issue 4) against the real server and its demo data:
// each monitor added from the tiles and configured, its chart, map or table drawn from the demo's last week, the
// line/bar switch, the geo slider and route, CSV exports, every setting kept over a reload, and the phone layout.
const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const SLIDER_STEP_MS = 5 * 60_000;
/** The demo company's groups a new monitor starts on: the first by name (operator groups in Polish collation). */
const FIRST_DEVICE_GROUP = 'Assembly line';
const FIRST_OPERATOR_GROUP = 'Production crew';

async function openDiagnostics(page: Page): Promise<void> {
  await page.goto('/diagnostics');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

const radio = (frame: Locator, name: string) => frame.getByRole('radio', { name, exact: true });
/**
 * Chooses a radio of a monitor's settings. The radios show the saved setting, which React redraws a moment after the
 * click (the settings cache notifies on the next tick), so wait for the state instead of Playwright's check().
 */
async function chooseRadio(frame: Locator, name: string): Promise<void> {
  const option = radio(frame, name);
  await option.click();
  await expect(option).toBeChecked();
}

test.describe('the diagnostics page', () => {
  test.use({ viewport: { width: 1600, height: 1000 } });

  test('is built from the seven monitors with demo data, exports them, and keeps every setting over a reload', async ({ page }) => {
    test.setTimeout(300_000);
    await stubMapTiles(page);
    await signIn(page);
    await clearBoard(page);
    const ids = await demoIds(page);
    const week = lastWeek();
    const fileRange = `${week.from}-${week.to}`;
    const mover = await busiestForklift(page, ids.devices, week);
    await openDiagnostics(page);

    await test.step('device parameters: two forklifts, work and battery voltage, hourly, last week', async () => {
      const frame = await addMonitor(page, 'device-parameter');
      // A new monitor starts on the first device group (by name) and shows its data at once.
      await expect(radio(frame, 'Device groups')).toBeChecked();
      await clearStartingGroup(frame, 'monitor-field-device-groups', FIRST_DEVICE_GROUP);
      await expect(frame.getByTestId('monitor-warning')).toHaveText('None of device groups were selected');
      await chooseRadio(frame, 'Devices');
      await expect(frame.getByTestId('monitor-warning')).toHaveText('None of devices were selected');
      await expect(frame.getByTestId('monitor-field-parameters').getByLabel('Select a device first')).toBeDisabled();
      await choose(page, frame.getByTestId('monitor-field-devices'), ['EF-01', 'EF-02']);
      // The new selection's work parameter is chosen for the user (spec 02 §4).
      await expect(frame.getByTestId('monitor-field-parameters').getByText('work [s]', { exact: true })).toBeVisible();
      await choose(page, frame.getByTestId('monitor-field-parameters'), ['battery voltage [V]']);
      await expect(frame.getByTestId('monitor-field-interval')).toContainText('Hourly');
      const answer = dataAnswer(page, '/api/devices/diagnostics/multiple', week, { interval: 'hour' });
      await pickPreset(page, frame, 'Last week');
      await answer;
      const chart = await expectChart(frame, 'device-parameter');

      const file = await download(page, () => clickToolbox(chart, TOOLBOX_ICON.withSwitch, 'csv'));
      expect(file.name).toBe(`Device parameters-${fileRange}.csv`);
      const csv = readCsv(file.bytes);
      expect(csv.header[0]).toBe('DateTime');
      expect(csv.header.slice(1).sort()).toEqual(['EF-01 – battery voltage [V]', 'EF-01 – work [s]', 'EF-02 – battery voltage [V]', 'EF-02 – work [s]']);
      expect(csv.rows[0]?.[0]).toBe(`${week.from} 00:00`);
      expect(csv.rows.at(-1)?.[0]).toBe(`${week.to} 23:00`);
      const of = (series: string) => ['EF-01', 'EF-02'].flatMap((truck) => column(csv, `${truck} – ${series}`)).map((cell) => csvNumber(cell));
      const work = of('work [s]');
      expect(Math.max(...work), 'the forklifts work on weekdays').toBeGreaterThan(0);
      expect(Math.max(...work), 'seconds of work in an hour').toBeLessThanOrEqual(3600);
      const voltages = of('battery voltage [V]');
      expect(voltages.length, 'the batteries report').toBeGreaterThan(0);
      expect(
        voltages.every((volts) => volts > 30 && volts < 100),
        'traction battery voltages',
      ).toBe(true);

      // The line/bar switch of the toolbox is saved at once (spec 02 §4).
      const saved = boardSaved(page, (m) => m.kind === 'device-parameter' && m.settings.magicType === 'line');
      await clickToolbox(chart, TOOLBOX_ICON.withSwitch, 'line');
      await saved;
      await expectSettled(frame);
    });

    await test.step('asynchronous parameters: one forklift, its readings as a table, exported as CSV', async () => {
      const frame = await addMonitor(page, 'async');
      const deviceField = frame.getByTestId('monitor-field-device').getByRole('combobox');
      await deviceField.click();
      await deviceField.fill('EF-01');
      await page.getByRole('option', { name: 'EF-01', exact: true }).click();
      await expect(deviceField).toHaveValue('EF-01');
      await expect(frame.getByTestId('monitor-field-parameters').getByText('work [s]', { exact: true })).toBeVisible();
      await choose(page, frame.getByTestId('monitor-field-parameters'), ['battery voltage [V]']);
      const answer = dataAnswer(page, '/api/devices/diagnostics/async/multiple', week);
      await pickPreset(page, frame, 'Last week');
      await answer;
      await expectSettled(frame);
      const rows = frame.getByTestId('async-table').locator('tbody tr');
      await expect(rows.first()).toBeVisible();
      const total = Number(/of (\d+)/.exec((await frame.getByTestId('async-table-pagination').textContent()) ?? '')?.[1]);
      expect(total).toBeGreaterThan(0);

      const file = await download(page, () => frame.getByTestId('monitor-action-csv').click());
      expect(file.name).toBe(`Asynchronous parameters-${fileRange}.csv`);
      const csv = readCsv(file.bytes);
      expect(csv.header).toEqual(['DateTime', 'Parameter', 'Value']);
      expect(csv.rows).toHaveLength(total);
      // The battery reports all day; work only when the truck worked.
      const parameters = new Set(csv.rows.map((row) => row[1]));
      expect(parameters).toContain('battery voltage [V]');
      expect(['work [s]', 'battery voltage [V]']).toEqual(expect.arrayContaining([...parameters]));
      for (const row of csv.rows) {
        expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        const day = (row[0] ?? '').slice(0, 10);
        expect(day >= week.from && day <= week.to, 'within the range').toBe(true);
        csvNumber(row[2] ?? '');
      }
      const times = csv.rows.map((row) => row[0] ?? '');
      expect(times, 'newest first').toEqual([...times].sort().reverse());
      // The table shows the same first reading.
      const first = rows.first().locator('td');
      await expect(first.nth(0)).toHaveText(csv.rows[0]?.[0] ?? '');
      await expect(first.nth(2)).toContainText(csv.rows[0]?.[2] ?? '');

      // Closing the options hides the settings, and that is saved too.
      const saved = boardSaved(page, (m) => m.kind === 'async' && m.settings.edited === false);
      await frame.getByTestId('monitor-action-options').click();
      await saved;
      await expect(frame.getByTestId('monitor-settings')).toHaveCount(0);
    });

    await test.step('operator work: the warehouse crew by group, activity, 5 minutes, last week', async () => {
      const frame = await addMonitor(page, 'device-operator');
      await expect(radio(frame, 'Operator groups')).toBeChecked();
      await clearStartingGroup(frame, 'monitor-field-operator-groups', FIRST_OPERATOR_GROUP);
      await chooseRadio(frame, 'Operators');
      await expect(frame.getByTestId('monitor-warning')).toHaveText('None of device operators were selected');
      await chooseRadio(frame, 'Operator groups');
      await expect(frame.getByTestId('monitor-warning')).toHaveText('None of device operator groups were selected');
      await choose(page, frame.getByTestId('monitor-field-operator-groups'), ['Warehouse crew']);
      await chooseRadio(frame, 'Activity');
      await expect(frame.getByTestId('monitor-field-interval')).toContainText('5 minutes');
      const answer = dataAnswer(page, '/api/deviceoperators/diagnostics/multiple', week);
      await pickPreset(page, frame, 'Last week');
      await answer;
      const chart = await expectChart(frame, 'device-operator');

      const file = await download(page, () => clickToolbox(chart, TOOLBOX_ICON.withSwitch, 'csv'));
      expect(file.name).toBe(`Operator work-${fileRange}.csv`);
      const csv = readCsv(file.bytes);
      expect(csv.header[0]).toBe('DateTime');
      expect(csv.header).toContain('Łukasz Wójcik [s]');
      expect(csv.rows[0]?.[0]).toBe(`${week.from} 00:00`);
      expect(csv.rows.at(-1)?.[0]).toBe(`${week.to} 23:55`);
      expect(Math.max(...csvValues(csv.rows, 3)), 'the crew is active on weekdays').toBeGreaterThan(0);
    });

    await test.step('geolocation: a forklift that moved last week on the map, expanded', async () => {
      const frame = await addMonitor(page, 'geo');
      await clearStartingGroup(frame, 'monitor-field-device-groups', FIRST_DEVICE_GROUP);
      await chooseRadio(frame, 'Devices');
      await expect(frame.getByTestId('monitor-warning')).toHaveText('None of devices were selected');
      await expect(frame.getByTestId('geo-route-switch').locator('input')).toBeDisabled();
      await choose(page, frame.getByTestId('monitor-field-devices'), [mover]);
      const answer = dataAnswer(page, `/api/device/${idOf(ids.devices, mover)}/locations`, week);
      await pickPreset(page, frame, 'Last week');
      const positions = (await (await answer).json()) as unknown[];
      expect(positions.length).toBeGreaterThan(0);
      await expectSettled(frame);
      await expect(frame.getByRole('region', { name: 'Device location map' })).toBeVisible();
      await expect(frame.locator('.leaflet-tile-loaded').first()).toBeVisible();
      await expect(frame.getByTestId('geo-marker')).toBeVisible();
      await expect(frame.getByTestId('geo-no-data')).toHaveCount(0);

      const saved = boardSaved(page, (m) => m.kind === 'geo' && m.settings.expanded === true);
      await frame.getByTestId('monitor-action-expand').click();
      await saved;
      await expect(frame).toHaveAttribute('data-expanded', 'true');
    });

    await test.step('geolocation: the time slider moves in 5-minute steps and the route is drawn', async () => {
      const frame = monitor(page, 'geo');
      const slider = frame.getByRole('slider', { name: 'Time' });
      const value = async () => Number(await slider.getAttribute('aria-valuenow'));
      const min = Number(await slider.getAttribute('aria-valuemin'));
      const max = Number(await slider.getAttribute('aria-valuemax'));
      // Monday's start to the end of Sunday (a week of 167 or 169 hours when the clocks change).
      expect([167, 168, 169]).toContain((max - min) / 3_600_000);
      const start = await value();
      expect(start).toBeGreaterThan(min);

      await slider.focus();
      for (let press = 0; press < 3; press += 1) await slider.press('ArrowLeft');
      await expect.poll(value).toBe(start - 3 * SLIDER_STEP_MS);
      await slider.press('Home');
      await expect.poll(value).toBe(min);
      // Nothing is known of the forklift before the week's first position.
      await expect(frame.getByTestId('geo-position')).toHaveText(`${mover}: no position yet at this time`);
      await expect(frame.getByTestId('geo-marker')).toHaveCount(0);
      await slider.press('End');
      await expect.poll(value).toBe(max);
      await expect(frame.getByTestId('geo-position')).toContainText(`${mover}: position at `);
      await expect(frame.getByTestId('geo-marker')).toBeVisible();

      await frame.getByTestId('geo-route-switch').click();
      await expect(frame.getByTestId('geo-route-switch').locator('input')).toBeChecked();
      const route = frame.getByTestId('geo-route');
      await expect(route).toBeVisible();
      // The animation draws the whole track: one line segment per position after the first.
      await expect.poll(async () => ((await route.getAttribute('d')) ?? '').split('L').length).toBeGreaterThan(10);
      await frame.screenshot({ path: path.join(artifacts, 'monitors-geo.png') });
    });

    await test.step('efficiency: two lathes, efficiency only, daily, last week', async () => {
      const frame = await addMonitor(page, 'efficiency');
      await clearStartingGroup(frame, 'monitor-field-device-groups', FIRST_DEVICE_GROUP);
      await chooseRadio(frame, 'Devices');
      await choose(page, frame.getByTestId('monitor-field-devices'), ['CNC Lathe 1', 'CNC Lathe 2']);
      const parameters = frame.getByTestId('monitor-field-parameters');
      await expect(parameters.getByText('work [s]', { exact: true })).toBeVisible();
      // Efficiency chosen with other parameters leaves efficiency alone (spec 02 §4).
      await choose(page, parameters, ['Efficiency [%]']);
      await expect(parameters.getByText('work [s]', { exact: true })).toHaveCount(0);
      await chooseInterval(page, frame, 'Daily');
      const answer = dataAnswer(page, '/api/devices/diagnostics/multiple', week, { parameterNumber: String(PARAMETER.efficiency), interval: 'day' });
      await pickPreset(page, frame, 'Last week');
      await answer;
      const chart = await expectChart(frame, 'efficiency');

      const file = await download(page, () => clickToolbox(chart, TOOLBOX_ICON.withSwitch, 'csv'));
      expect(file.name).toBe(`Efficiency-${fileRange}.csv`);
      const csv = readCsv(file.bytes);
      expect(csv.header[0]).toBe('DateTime');
      expect(csv.header.slice(1).sort()).toEqual(['CNC Lathe 1 – Efficiency [%]', 'CNC Lathe 2 – Efficiency [%]']);
      expect(csv.rows.map((row) => row[0])).toHaveLength(7);
      expect(csv.rows[0]?.[0]).toBe(week.from);
      const percents = csvValues(csv.rows, 0);
      expect(
        percents.every((percent) => Number.isInteger(percent) && percent >= 0 && percent <= 100),
        'whole percents',
      ).toBe(true);
      expect(Math.max(...percents), 'the lathes work on weekdays').toBeGreaterThan(0);
    });

    await test.step('work and activity: the machining hall by group, activity, last week, with a spreadsheet export', async () => {
      const frame = await addMonitor(page, 'work-activity');
      await chooseRadio(frame, 'Device groups');
      await clearStartingGroup(frame, 'monitor-field-device-groups', FIRST_DEVICE_GROUP);
      await choose(page, frame.getByTestId('monitor-field-device-groups'), ['Machining hall']);
      await chooseRadio(frame, 'Activity');
      await expect(frame.getByTestId('monitor-field-interval')).toHaveCount(0);
      const answer = dataAnswer(page, '/api/reports/factory/data', week, { type: 'device-work-device-chart' });
      await pickPreset(page, frame, 'Last week');
      await answer;
      const chart = await expectChart(frame, 'work-activity');

      const file = await download(page, () => clickToolbox(chart, TOOLBOX_ICON.workChart, 'csv'));
      expect(file.name).toBe(`Work and activity-${fileRange}.csv`);
      const csv = readCsv(file.bytes);
      expect(csv.header.slice(1).sort()).toEqual(['CNC Lathe 1 [s]', 'CNC Lathe 2 [s]', 'CNC Milling Centre 3 [s]', 'Press Brake 7 [s]']);
      expect(csv.rows[0]?.[0]).toMatch(new RegExp(`^${week.from}`));
      expect(Math.max(...csvValues(csv.rows)), 'the hall is active on weekdays').toBeGreaterThan(0);

      const sheet = await download(page, () => clickToolbox(chart, TOOLBOX_ICON.workChart, 'xlsx'));
      expect(sheet.name).toBe(`work-activity-chart-${fileRange}.xlsx`);
      expect(sheet.bytes.subarray(0, 2).toString('latin1'), 'a zip container').toBe('PK');
      await expectSettled(frame);
    });

    await test.step('work and activity by shift: warehouse A by group, work, last week', async () => {
      const frame = await addMonitor(page, 'work-activity-shift');
      await chooseRadio(frame, 'Device groups');
      await clearStartingGroup(frame, 'monitor-field-device-groups', FIRST_DEVICE_GROUP);
      await choose(page, frame.getByTestId('monitor-field-device-groups'), ['Warehouse A forklifts']);
      await expect(radio(frame, 'Work')).toBeChecked();
      const answer = dataAnswer(page, '/api/reports/factory/data', week, { type: 'device-work-shift-chart' });
      await pickPreset(page, frame, 'Last week');
      await answer;
      const chart = await expectChart(frame, 'work-activity-shift');

      const file = await download(page, () => clickToolbox(chart, TOOLBOX_ICON.shiftChart, 'csv'));
      expect(file.name).toBe(`Work and activity by shift-${fileRange}.csv`);
      const csv = readCsv(file.bytes);
      expect(csv.header).toEqual(['Shift', 'Summary [min]']);
      expect(csv.rows.map((row) => row[0])).toEqual(['Shift I', 'Shift II', 'Shift III']);
      const minutes = csvValues(csv.rows);
      expect(Math.max(...minutes), 'warehouse A works in the day shifts').toBeGreaterThan(0);
      // A shift of 8 hours on 7 days of 9 trucks holds at most this many minutes of work.
      expect(Math.max(...minutes)).toBeLessThanOrEqual(8 * 60 * 7 * 9);
    });

    await test.step('the wide layout: two monitors a row, the expanded one across the page', async () => {
      const board = await boxOf(page.getByTestId('monitor-board'));
      const first = await boxOf(monitor(page, 'device-parameter'));
      const second = await boxOf(monitor(page, 'async'));
      const geo = await boxOf(monitor(page, 'geo'));
      expect(second.y).toBe(first.y);
      for (const half of [first, second]) {
        expect(half.width).toBeGreaterThan(board.width * 0.45 - 1);
        expect(half.width).toBeLessThanOrEqual(board.width / 2);
      }
      expect(Math.abs(geo.width - board.width)).toBeLessThan(1);
      await screenshotPage(page, path.join(artifacts, 'monitors-diagnostics-wide.png'));
    });

    await test.step('a reload finds every monitor and every setting kept', async () => {
      const expected = journeyBoard(ids, mover);
      await expect.poll(async () => withoutIds(await savedBoard(page)), { message: 'every change saved' }).toEqual(expected);
      await page.reload();
      for (const kind of KINDS) await expect(monitor(page, kind)).toBeVisible(LOADING);
      expect(withoutIds(await savedBoard(page))).toEqual(expected);
      // The board is shown in the saved order.
      const order = await page
        .getByTestId('monitor-board')
        .locator(':scope > section')
        .evaluateAll((frames) => frames.map((frame) => frame.getAttribute('data-testid')));
      expect(order).toEqual(KINDS.map((kind) => `monitor-${kind}`));

      const parameterMonitor = monitor(page, 'device-parameter');
      for (const name of ['EF-01', 'EF-02', 'work [s]', 'battery voltage [V]'])
        await expect(parameterMonitor.getByTestId('monitor-settings').getByText(name, { exact: true })).toBeVisible();
      await expect(parameterMonitor.getByTestId('monitor-field-interval')).toContainText('Hourly');

      await expect(monitor(page, 'async').getByTestId('monitor-settings')).toHaveCount(0);

      const operatorMonitor = monitor(page, 'device-operator');
      await expect(radio(operatorMonitor, 'Operator groups')).toBeChecked();
      await expect(radio(operatorMonitor, 'Activity')).toBeChecked();
      await expect(operatorMonitor.getByTestId('monitor-field-operator-groups').getByText('Warehouse crew', { exact: true })).toBeVisible();
      await expect(operatorMonitor.getByTestId('monitor-field-interval')).toContainText('5 minutes');

      const geoMonitor = monitor(page, 'geo');
      await expect(geoMonitor).toHaveAttribute('data-expanded', 'true');
      await expect(geoMonitor.getByTestId('monitor-field-devices').getByText(mover, { exact: true })).toBeVisible();
      await expect(geoMonitor.getByTestId('geo-agps-switch').locator('input')).toBeChecked();

      const efficiencyMonitor = monitor(page, 'efficiency');
      for (const name of ['CNC Lathe 1', 'CNC Lathe 2', 'Efficiency [%]'])
        await expect(efficiencyMonitor.getByTestId('monitor-settings').getByText(name, { exact: true })).toBeVisible();
      await expect(efficiencyMonitor.getByTestId('monitor-field-interval')).toContainText('Daily');

      const workMonitor = monitor(page, 'work-activity');
      await expect(radio(workMonitor, 'Device groups')).toBeChecked();
      await expect(radio(workMonitor, 'Activity')).toBeChecked();
      await expect(workMonitor.getByTestId('monitor-field-device-groups').getByText('Machining hall', { exact: true })).toBeVisible();

      const shiftMonitor = monitor(page, 'work-activity-shift');
      await expect(radio(shiftMonitor, 'Device groups')).toBeChecked();
      await expect(radio(shiftMonitor, 'Work')).toBeChecked();
      await expect(shiftMonitor.getByTestId('monitor-field-device-groups').getByText('Warehouse A forklifts', { exact: true })).toBeVisible();
    });
  });
});

const PHONE = { width: 390, height: 844 } as const;

test('on a phone the monitors take the whole width and cannot be expanded', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await stubMapTiles(page);
  await signIn(page);
  // The same seven monitors, all in display mode.
  const monitors = journeyBoard(await demoIds(page), 'EF-02').map(({ kind, settings }) => ({ kind, settings: { ...settings, edited: false } }));
  await saveBoard(page, monitors);
  await openDiagnostics(page);

  for (const kind of KINDS) await expect(monitor(page, kind)).toBeVisible(LOADING);
  const board = await boxOf(page.getByTestId('monitor-board'));
  for (const kind of KINDS) {
    const frame = monitor(page, kind);
    await expect(frame).toHaveAttribute('data-expanded', 'true');
    await expect(frame.getByTestId('monitor-action-refresh')).toBeVisible();
    await expect(frame.getByTestId('monitor-action-options')).toBeVisible();
    await expect(frame.getByTestId('monitor-action-close')).toBeVisible();
    await expect(frame.getByTestId('monitor-settings')).toHaveCount(0);
    expect(Math.abs((await boxOf(frame)).width - board.width), `${kind} takes the whole width`).toBeLessThan(1);
  }
  await expect(page.getByTestId('monitor-action-expand')).toHaveCount(0);
  for (const kind of KINDS) await expect(monitor(page, kind)).toHaveAttribute('aria-busy', 'false', LOADING);
  // Options open the settings on a phone too, and nothing is wider than the screen.
  const geo = monitor(page, 'geo');
  await geo.getByTestId('monitor-action-options').click();
  await expect(geo.getByTestId('monitor-settings')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshotPage(page, path.join(artifacts, 'monitors-diagnostics-phone.png'));
});
