import type { DeviceGroupListEntry, DeviceStatusEntry } from '@gearwatch/contracts';

// A small fleet for the map's tests: an active forklift whose module reports a poor accuracy, an inactive one
// without an accuracy, and a press that has never sent a position.

const base: DeviceStatusEntry = {
  device: { id: 0, name: '', deviceType: { id: 100, name: 'Forklift' } },
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

export const forkliftA: DeviceStatusEntry = {
  ...base,
  device: { id: 1, name: 'Forklift A', deviceType: { id: 100, name: 'Forklift' } },
  position: { lat: 52.2, lon: 21.0, acc: 2500, time: '2026-03-02T11:50:00+01:00' },
  active: true,
  powerState: 'on',
  batteryVoltage: { value: 48.2, time: '2026-03-02T11:55:00+01:00', unit: 'V' },
  enabledTimeToday: 3600,
  workTimeToday: 1800,
  lastSync: '2026-03-02T11:55:00+01:00',
  sensors: [{ id: 9, name: 'GW-100', serialNumber: 'SN-0009', online: true, lastContact: '2026-03-02T11:55:00+01:00' }],
  operator: { id: 3, name: 'Jan Nowak', rfid: 'A1B2C3' },
};

export const forkliftB: DeviceStatusEntry = {
  ...base,
  device: { id: 2, name: 'Forklift B', deviceType: { id: 100, name: 'Forklift' } },
  position: { lat: 52.3, lon: 21.1, acc: null, time: '2026-03-01T16:00:00+01:00' },
  lastSync: '2026-03-01T16:00:00+01:00',
};

export const press: DeviceStatusEntry = {
  ...base,
  device: { id: 3, name: 'Press 1', deviceType: { id: 200, name: 'Press' } },
};

export const fleet = [forkliftA, forkliftB, press];

export const deviceGroups: DeviceGroupListEntry[] = [
  { id: 10, name: 'Hall 1', devices: [{ id: 1 }, { id: 2 }] },
  { id: 11, name: 'Hall 2', devices: [{ id: 3 }] },
];
