// What each status icon of a device says (spec 01 §2 "status icons"), worked out apart from how it is drawn so the
// rules can be read in one place: a short value beside the icon, a full sentence in its tooltip, and its indicator
// state (spec 01 §3: ok green, warning amber, error red, none grey).
import type { TFunction } from 'i18next';
import type { DeviceStatusEntry } from '@gearwatch/contracts';
import { formatDateTime, formatDuration, formatRecentTime, formatRelativeTime } from '../dates/format.ts';
import { formatReading } from './status-format.ts';

export type IndicatorState = 'ok' | 'warning' | 'error' | 'none';

export type StatusKind = 'battery-voltage' | 'supply-voltage' | 'enabled-time' | 'work-time' | 'last-sync' | 'last-location' | 'sensor' | 'operator';

export interface StatusItem {
  kind: StatusKind;
  /** Unique within one device's icons (one sensor icon per module). */
  key: string;
  state: IndicatorState;
  /** The short text beside the icon; NO_VALUE when there is nothing to say. */
  value: string;
  tooltip: string;
}

/** Shown beside an icon with no value. */
export const NO_VALUE = '—';

export interface StatusContext {
  t: TFunction;
  language: string;
  /** The company's time zone, for a time the API sends in UTC. */
  timeZone: string;
  /** Epoch ms that relative times count from. */
  now: number;
}

/**
 * The icons of one device in the spec's order. Values of an active device are green, of an inactive one grey
 * (what is a good or bad level of a reading is not known to the client); a module is green when online; an
 * unknown card in the reader is amber, since somebody unregistered is at the machine.
 */
export function statusItems(entry: DeviceStatusEntry, { t, language, timeZone, now }: StatusContext): StatusItem[] {
  const dateFormat = { language, timeZone };
  const fullTime = (time: string) => formatDateTime(time, dateFormat, 'full');
  const live = (present: boolean): IndicatorState => (present && entry.active ? 'ok' : 'none');
  const none = (label: string) => t('status.tooltip.none', { label });

  const reading = (kind: StatusKind, value: DeviceStatusEntry['batteryVoltage']): StatusItem => {
    const label = t(`status.${kind}`);
    if (!value) return { kind, key: kind, state: 'none', value: NO_VALUE, tooltip: none(label) };
    const text = formatReading(value.value, value.unit, language);
    return { kind, key: kind, state: live(true), value: text, tooltip: t('status.tooltip.reading', { label, value: text, time: fullTime(value.time) }) };
  };

  const duration = (kind: StatusKind, seconds: number | null): StatusItem => {
    const label = t(`status.${kind}`);
    if (seconds === null) return { kind, key: kind, state: 'none', value: NO_VALUE, tooltip: none(label) };
    const text = formatDuration(seconds);
    return { kind, key: kind, state: live(true), value: text, tooltip: t('status.tooltip.value', { label, value: text }) };
  };

  const lastSync = (): StatusItem => {
    const label = t('status.last-sync');
    if (!entry.lastSync) return { kind: 'last-sync', key: 'last-sync', state: 'none', value: NO_VALUE, tooltip: none(label) };
    const text = formatRelativeTime(entry.lastSync, now, dateFormat);
    return {
      kind: 'last-sync',
      key: 'last-sync',
      state: live(true),
      value: text,
      tooltip: t('status.tooltip.reading', { label, value: text, time: fullTime(entry.lastSync) }),
    };
  };

  const lastLocation = (): StatusItem => {
    const label = t('status.last-location');
    if (!entry.position) return { kind: 'last-location', key: 'last-location', state: 'none', value: NO_VALUE, tooltip: none(label) };
    const { time } = entry.position;
    return {
      kind: 'last-location',
      key: 'last-location',
      state: live(true),
      value: formatRecentTime(time, now, dateFormat),
      tooltip: t('status.tooltip.value', { label, value: fullTime(time) }),
    };
  };

  const sensors = (): StatusItem[] => {
    if (entry.sensors.length === 0) return [{ kind: 'sensor', key: 'sensor', state: 'none', value: NO_VALUE, tooltip: t('status.sensor.none') }];
    return entry.sensors.map((sensor) => {
      const names = { name: sensor.name, serial: sensor.serialNumber };
      const tooltip = sensor.lastContact
        ? t(sensor.online ? 'status.sensor.online' : 'status.sensor.offline', { ...names, time: fullTime(sensor.lastContact) })
        : t('status.sensor.never', names);
      return { kind: 'sensor', key: `sensor-${sensor.id}`, state: sensor.online ? 'ok' : 'none', value: sensor.name || sensor.serialNumber, tooltip };
    });
  };

  const operator = (): StatusItem => {
    const card = entry.operator;
    if (!card) return { kind: 'operator', key: 'operator', state: 'none', value: NO_VALUE, tooltip: t('status.operator.none') };
    if (card.id === null)
      return { kind: 'operator', key: 'operator', state: 'warning', value: card.rfid, tooltip: t('status.operator.unknown-card', { rfid: card.rfid }) };
    const name = card.name ?? card.rfid;
    return { kind: 'operator', key: 'operator', state: live(true), value: name, tooltip: t('status.operator.known', { name }) };
  };

  return [
    reading('battery-voltage', entry.batteryVoltage),
    reading('supply-voltage', entry.supplyVoltage),
    duration('enabled-time', entry.enabledTimeToday),
    duration('work-time', entry.workTimeToday),
    lastSync(),
    lastLocation(),
    ...sensors(),
    operator(),
  ];
}
