import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeviceStatusEntry } from '@gearwatch/contracts';
import { ApiProvider } from '../../api/ApiProvider.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { createFakeApi } from '../forms/test/fake-api.ts';
import { createTestQueryClient, testManager } from '../forms/test/render.tsx';
import { theme } from '../theme.ts';
import { initI18n } from '../../i18n/i18n.ts';
import { DeviceActivity } from './DeviceActivity.tsx';
import { StatusIcons } from './StatusIcons.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n('en');
});

const NOW = Date.parse('2026-03-02T12:00:00+01:00');

const empty: DeviceStatusEntry = {
  device: { id: 4, name: 'Beacon', deviceType: { id: 300, name: 'Beacon' } },
  company: { id: 1, name: 'Demo Factory' },
  position: null,
  active: false,
  powerState: 'off',
  batteryVoltage: null,
  supplyVoltage: null,
  enabledTimeToday: null,
  workTimeToday: null,
  lastSync: null,
  lastWork: null,
  sensors: [],
  operator: null,
};

const full: DeviceStatusEntry = {
  ...empty,
  device: { id: 1, name: 'Forklift A', deviceType: { id: 100, name: 'Forklift' } },
  position: { lat: 52.2, lon: 21.0, acc: 12, time: '2026-03-02T11:50:00+01:00' },
  active: true,
  powerState: 'on',
  batteryVoltage: { value: 48.456, time: '2026-03-02T11:55:00+01:00', unit: 'V' },
  supplyVoltage: { value: 24, time: '2026-03-02T11:55:00+01:00', unit: 'V' },
  enabledTimeToday: 4 * 3600 + 5 * 60,
  workTimeToday: 2 * 3600 + 30 * 60 + 59,
  lastSync: '2026-03-02T11:55:00+01:00',
  lastWork: '2026-03-02T11:54:00+01:00',
  sensors: [{ id: 9, name: 'GW-100', serialNumber: 'SN-0009', online: true, lastContact: '2026-03-02T11:55:00+01:00' }],
  operator: { id: 3, name: 'Jan Nowak', rfid: 'A1B2C3' },
};

function renderIcons(entry: DeviceStatusEntry, dense = false) {
  // The signed-in user's company (Warsaw) gives the zone of a time the API sends in UTC.
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, testManager);
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <ApiProvider client={createFakeApi({}).api}>
            <StatusIcons entry={entry} dense={dense} now={NOW} />
          </ApiProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
}

/** Each icon's short value, tooltip (its accessible name) and indicator state, in order. */
function icons() {
  const list = screen.getByRole('list', { name: 'Device status' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => ({ kind: item.dataset['testid'], value: item.textContent, label: item.getAttribute('aria-label'), state: item.dataset['state'] }));
}

describe('StatusIcons', () => {
  it('shows every value of an active device in green, in the spec order', () => {
    renderIcons(full);
    const shown = icons();
    expect(shown.map((icon) => icon.kind)).toEqual([
      'status-battery-voltage',
      'status-supply-voltage',
      'status-enabled-time',
      'status-work-time',
      'status-last-sync',
      'status-last-location',
      'status-sensor',
      'status-operator',
    ]);
    expect(shown.map((icon) => icon.value)).toEqual([
      '48.46 V',
      '24 V',
      '4:05',
      '2:30',
      expect.stringMatching(/^5 min\.? ago$/),
      '11:50',
      'GW-100',
      'Jan Nowak',
    ]);
    expect(shown.every((icon) => icon.state === 'ok')).toBe(true);
  });

  it('says each value in full in the tooltip, times on the company clock', () => {
    renderIcons(full);
    const labels = Object.fromEntries(icons().map((icon) => [icon.kind, icon.label]));
    expect(labels['status-battery-voltage']).toBe('Battery voltage: 48.46 V (2 Mar 2026, 11:55:00)');
    expect(labels['status-enabled-time']).toBe('Enabled time today: 4:05');
    expect(labels['status-work-time']).toBe('Work time today: 2:30');
    expect(labels['status-last-sync']).toMatch(/^Last sync: 5 min\.? ago \(2 Mar 2026, 11:55:00\)$/);
    expect(labels['status-last-location']).toBe('Last location: 2 Mar 2026, 11:50:00');
    expect(labels['status-sensor']).toBe('Sensor GW-100 (SN-0009): online, last contact 2 Mar 2026, 11:55:00');
    expect(labels['status-operator']).toBe('Operator: Jan Nowak');
  });

  it('shows an empty device with dashes in grey and says there is no data', () => {
    renderIcons(empty, true);
    const shown = icons();
    expect(shown).toHaveLength(8);
    expect(shown.every((icon) => icon.value === '—' && icon.state === 'none')).toBe(true);
    const labels = shown.map((icon) => icon.label);
    expect(labels).toContain('Battery voltage: no data');
    expect(labels).toContain('Last location: no data');
    expect(labels).toContain('No sensor assigned');
    expect(labels).toContain('No operator');
  });

  it('greys the values of an inactive device and an offline module', () => {
    renderIcons({ ...full, active: false, sensors: [{ ...full.sensors[0]!, online: false }] });
    const states = Object.fromEntries(icons().map((icon) => [icon.kind, icon.state]));
    expect(states['status-battery-voltage']).toBe('none');
    expect(states['status-last-sync']).toBe('none');
    expect(states['status-sensor']).toBe('none');
    expect(icons().find((icon) => icon.kind === 'status-sensor')?.label).toMatch(/: offline, last contact/);
  });

  it('shows an unknown card by its number in amber, and one icon per module', () => {
    renderIcons({
      ...full,
      operator: { id: null, name: null, rfid: 'FFEE01' },
      sensors: [...full.sensors, { id: 10, name: 'GW-200', serialNumber: 'SN-0010', online: false, lastContact: null }],
    });
    const operator = icons().find((icon) => icon.kind === 'status-operator');
    expect(operator).toMatchObject({ value: 'FFEE01', state: 'warning', label: 'Unknown card: FFEE01' });
    const sensors = icons().filter((icon) => icon.kind === 'status-sensor');
    expect(sensors.map((sensor) => [sensor.value, sensor.state])).toEqual([
      ['GW-100', 'ok'],
      ['GW-200', 'none'],
    ]);
    expect(sensors[1]?.label).toBe('Sensor GW-200 (SN-0010): has never connected');
  });
});

describe('DeviceActivity', () => {
  it('says whether the device is active, in words or as the name of its dot', () => {
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <DeviceActivity active />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('device-activity').textContent).toBe('Active');
    rerender(
      <I18nextProvider i18n={i18n}>
        <DeviceActivity active={false} dotOnly />
      </I18nextProvider>,
    );
    expect(screen.getByRole('img', { name: 'Inactive' })).toBeDefined();
  });
});
