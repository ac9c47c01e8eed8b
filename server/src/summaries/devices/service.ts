import type {
  DevicesSummaryResponse,
  DevicesWithAlertsResponse,
  DeviceStatus,
  DeviceWithAlerts,
  HourlyWorkResponse,
  ModuleActivity,
  SummaryPeriod,
  SummarySort,
} from '@gearwatch/contracts';
import {
  DEVICE_STATUS_WINDOW_MINUTES,
  MESSAGE_KEYS,
  PARAMETER_NUMBERS,
  STATUS_PARAMETER_TAGS,
  SUMMARY_PARAMETER_TAGS,
  efficiencyPercent,
  trendPercent,
} from '@gearwatch/contracts';
import type { AlertsRepository } from '../../alerts/alerts-repository.ts';
import { viewerOf } from '../../alerts/visibility.ts';
import type { AlertViewer } from '../../alerts/visibility.ts';
import type { LatestReadingsRepository } from '../../rollups/latest-repository.ts';
import { ValidationError } from '../../http/errors.ts';
import type { AuthContext } from '../../security/context.ts';
import { HOUR_MS } from '../../time/calendar.ts';
import { timeZone } from '../../time/time-zone.ts';
import type { TimeZone } from '../../time/time-zone.ts';
import { periodDate, periodTimes, planPeriod } from '../periods.ts';
import { rollupWindow, stepEnd } from '../../rollups/windows.ts';
import type { PeriodTimes } from '../periods.ts';
import type { DeviceSummariesRepository, SummaryDeviceRow } from './repository.ts';
import type { WindowTotalRow, WorkRollupRepository } from '../../rollups/work-repository.ts';

const WINDOW_MS = DEVICE_STATUS_WINDOW_MINUTES * 60_000;

export interface DeviceSelection {
  devices?: number[];
  deviceGroups?: number[];
}

function totals(rows: WindowTotalRow[], deviceId: number): { work: number; active: number } {
  const of = (number: number) => rows.find((r) => r.deviceId === deviceId && r.number === number)?.sum ?? 0;
  return { work: of(PARAMETER_NUMBERS.work), active: of(PARAMETER_NUMBERS.active) };
}

/**
 * The dashboard's device summaries (issue 20): devices with alerts, devices by status, work per hour of the day.
 * Always the caller's company (a super-admin's own too: a dashboard is one company's); alerts as the caller sees
 * them; times from the rollups in the company's timezone.
 */
export class DeviceSummariesService {
  constructor(
    private readonly repository: DeviceSummariesRepository,
    private readonly work: WorkRollupRepository,
    private readonly alerts: AlertsRepository,
    private readonly latest: LatestReadingsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  private viewer(auth: AuthContext): AlertViewer {
    return auth.isSuperAdmin ? { kind: 'scope', scope: { kind: 'company', companyId: auth.companyId } } : viewerOf(auth);
  }

  private async zone(auth: AuthContext): Promise<TimeZone> {
    return timeZone(await this.repository.companyTimezone(auth.companyId));
  }

  /** The period running to today in the company's timezone, and the previous one as the summaries compare them (periods.ts). */
  private times(period: SummaryPeriod, zone: TimeZone, now: number): PeriodTimes {
    return periodTimes(zone, planPeriod(period, periodDate(zone, undefined, now)), now);
  }

  private moduleActivity(device: SummaryDeviceRow, now: number): ModuleActivity {
    if (device.lastContactAt === null) return device.lastSyncAt === null ? 'never' : 'offline';
    return now - device.lastContactAt.getTime() <= WINDOW_MS ? 'online' : 'offline';
  }

  async devicesWithAlerts(auth: AuthContext, query: { period: SummaryPeriod; sort: SummarySort }): Promise<DevicesWithAlertsResponse> {
    const now = this.now();
    const [zone, alertCounts, devices] = await Promise.all([
      this.zone(auth),
      this.alerts.activeByDevice(this.viewer(auth)),
      this.repository.devices(auth.companyId, null),
    ]);
    const alerting = devices.filter((d) => alertCounts.some((a) => a.deviceId === d.id && a.count > 0));
    const ids = alerting.map((d) => d.id);
    const { current, previous, running } = this.times(query.period, zone, now);
    const tags = [STATUS_PARAMETER_TAGS.batteryVoltage, SUMMARY_PARAMETER_TAGS.batteryCharge, SUMMARY_PARAMETER_TAGS.motorHours];
    const [groups, now0, before, tagged] = await Promise.all([
      this.repository.groupsOf(auth.companyId, ids),
      this.work.windowTotals(auth.companyId, ids, rollupWindow(zone, { start: current.start, end: running ? stepEnd(now) : current.end })),
      this.work.windowTotals(auth.companyId, ids, rollupWindow(zone, previous)),
      this.latest.latestTagged(ids, tags),
    ]);
    const elapsedSeconds = Math.max(1, (current.end - current.start) / 1000);
    const reading = (deviceId: number, tag: string) => {
      const found = tagged.filter((t) => t.deviceId === deviceId && t.tag === tag).sort((a, b) => b.ts.getTime() - a.ts.getTime())[0];
      return found ? { value: found.value, time: zone.isoWithOffset(found.ts.getTime()), unit: found.unit } : null;
    };
    const count = (deviceId: number, importance: string) => alertCounts.find((a) => a.deviceId === deviceId && a.importance === importance)?.count ?? 0;
    const entries: DeviceWithAlerts[] = alerting.map((device) => {
      const cur = totals(now0, device.id);
      const prev = totals(before, device.id);
      const efficiency = efficiencyPercent(cur.work, cur.active);
      return {
        device: { id: device.id, name: device.name },
        groups: groups.filter((g) => g.deviceId === device.id).map((g) => ({ id: g.id, name: g.name })),
        moduleActivity: this.moduleActivity(device, now),
        batteryCharge: reading(device.id, SUMMARY_PARAMETER_TAGS.batteryCharge),
        batteryVoltage: reading(device.id, STATUS_PARAMETER_TAGS.batteryVoltage),
        motorHours: reading(device.id, SUMMARY_PARAMETER_TAGS.motorHours),
        technicalStatus: device.status as DeviceStatus,
        alerts: { error: count(device.id, 'error'), warning: count(device.id, 'warning'), info: count(device.id, 'info') },
        workTime: cur.work,
        enabledTime: cur.active,
        enabledPercent: Math.min(100, Math.round((cur.active / elapsedSeconds) * 100)),
        workEfficiency: efficiency,
        trend: trendPercent(cur.work, prev.work),
        workEfficiencyTrend: prev.active > 0 ? trendPercent(efficiency, efficiencyPercent(prev.work, prev.active)) : null,
      };
    });
    const [field, direction] = query.sort.split('-') as ['work' | 'active', 'asc' | 'desc'];
    const value = (e: DeviceWithAlerts) => (field === 'work' ? e.workTime : e.enabledTime);
    // Stable: equal times keep the name order the devices came in.
    entries.sort((a, b) => (direction === 'asc' ? value(a) - value(b) : value(b) - value(a)));
    const iso = (ms: number) => zone.isoWithOffset(ms);
    return { period: { from: iso(current.start), to: iso(current.end) }, previous: { from: iso(previous.start), to: iso(previous.end) }, entries };
  }

  async devicesSummary(auth: AuthContext, selection: DeviceSelection): Promise<DevicesSummaryResponse> {
    const now = this.now();
    const chosen =
      selection.devices !== undefined || selection.deviceGroups !== undefined
        ? { devices: selection.devices ?? [], deviceGroups: selection.deviceGroups ?? [] }
        : null;
    const [devices, alertCounts] = await Promise.all([this.repository.devices(auth.companyId, chosen), this.alerts.activeByDevice(this.viewer(auth))]);
    const alerting = new Set(alertCounts.filter((a) => a.count > 0).map((a) => a.deviceId));
    const summary: DevicesSummaryResponse = { total: devices.length, online: 0, offline: 0, neverConnected: 0, working: 0, idle: 0, withAlerts: 0 };
    for (const device of devices) {
      const activity = this.moduleActivity(device, now);
      if (activity === 'online') summary.online += 1;
      else if (activity === 'offline') summary.offline += 1;
      else summary.neverConnected += 1;
      const working = device.lastWorkAt !== null && now - device.lastWorkAt.getTime() <= WINDOW_MS;
      if (working) summary.working += 1;
      else if (activity === 'online') summary.idle += 1;
      if (alerting.has(device.id)) summary.withAlerts += 1;
    }
    return summary;
  }

  async hourlyWork(auth: AuthContext, query: DeviceSelection & { period: SummaryPeriod; intervalHours: number }): Promise<HourlyWorkResponse> {
    if (query.devices === undefined && query.deviceGroups === undefined) throw ValidationError.field('devices', MESSAGE_KEYS.notBlank);
    const now = this.now();
    const zone = await this.zone(auth);
    const devices = await this.repository.devices(auth.companyId, { devices: query.devices ?? [], deviceGroups: query.deviceGroups ?? [] });
    const { current } = this.times(query.period, zone, now);
    const rows = await this.work.workPerHour(
      auth.companyId,
      devices.map((d) => d.id),
      new Date(current.start),
      // Today's period ends now: its last hour bucket is the one holding now.
      new Date(Math.ceil(current.end / HOUR_MS) * HOUR_MS),
    );
    const size = query.intervalHours;
    const buckets = Array.from({ length: 24 / size }, (_, i) => ({ fromHour: i * size, toHour: (i + 1) * size, work: 0 }));
    for (const row of rows) {
      // The local hour the bucket starts in (whole-hour zones: the bucket lies inside it).
      const hour = Math.floor(zone.minuteOfDay(row.bucket.getTime()) / 60);
      buckets[Math.floor(hour / size)]!.work += row.sum;
    }
    return {
      period: { from: zone.isoWithOffset(current.start), to: zone.isoWithOffset(current.end) },
      intervalHours: size,
      deviceCount: devices.length,
      buckets,
    };
  }
}
