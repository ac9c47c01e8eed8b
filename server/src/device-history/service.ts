import type { OperatorSessionListFilter, OperatorSessionSortField, BatteryCycle, CurrentReading, OperatorSessionEntry } from '@gearwatch/contracts';
import { BATTERY_CYCLES_MAX_DAYS, CHARGING_PARAMETER_TAG, DIAGNOSTICS_MESSAGE_KEYS, STATUS_PARAMETER_TAGS } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { BucketRepository } from '../rollups/bucket-repository.ts';
import type { LatestReadingsRepository } from '../rollups/latest-repository.ts';
import type { RollupRepository } from '../rollups/repository.ts';
import type { SessionRollupsRepository } from '../rollups/session-rollups-repository.ts';
import { inclusiveDays } from '../time/calendar.ts';
import type { TimeZone } from '../time/time-zone.ts';
import { timeZone } from '../time/time-zone.ts';
import { normaliseRange, rangeBounds } from '../rollups/plans.ts';
import { batteryCycles } from './battery-cycles.ts';
import type { DeviceHistoryRepository } from './repository.ts';

/** The device page's data: current readings, the operator history table and battery cycles (spec 01 §2). */
export class DeviceHistoryService {
  constructor(
    private readonly repository: DeviceHistoryRepository,
    private readonly rollups: { devices: RollupRepository; latest: LatestReadingsRepository; buckets: BucketRepository; sessions: SessionRollupsRepository },
    private readonly now: () => number = Date.now,
  ) {}

  async currentReadings(auth: AuthContext, deviceId: number): Promise<CurrentReading[]> {
    const zone = await this.zoneOf(auth, deviceId);
    return (await this.rollups.latest.currentReadings(deviceId)).map((r) => ({
      number: r.number,
      name: r.name,
      unit: r.unit,
      value: r.value,
      time: zone.isoWithOffset(r.ts.getTime()),
    }));
  }

  async sessions(
    auth: AuthContext,
    deviceId: number,
    request: ListRequest<OperatorSessionSortField, OperatorSessionListFilter>,
  ): Promise<Page<OperatorSessionEntry>> {
    const zone = await this.zoneOf(auth, deviceId);
    const page = await this.repository.sessions(deviceId, request);
    const totals = await this.rollups.sessions.sessionTotals(page.entries.map((s) => s.id));
    return {
      total: page.total,
      entries: page.entries.map((s) => ({
        id: s.id,
        operator: s.operatorId === null ? null : { id: s.operatorId, name: s.operatorName ?? '' },
        rfid: s.rfid,
        start: zone.isoWithOffset(s.startedAt.getTime()),
        end: s.endedAt === null ? null : zone.isoWithOffset(s.endedAt.getTime()),
        activeSeconds: totals.get(s.id)?.active ?? null,
        workSeconds: totals.get(s.id)?.work ?? null,
      })),
    };
  }

  async batteryCycles(auth: AuthContext, deviceId: number, from: string, to: string): Promise<BatteryCycle[]> {
    const zone = await this.zoneOf(auth, deviceId);
    const range = normaliseRange(from, to);
    if (inclusiveDays(range.from, range.to) > BATTERY_CYCLES_MAX_DAYS) throw ValidationError.field('to', DIAGNOSTICS_MESSAGE_KEYS.rangeTooLong);
    const bounds = rangeBounds(range, zone);
    const numbers = await this.repository.numbersByTag(deviceId, [CHARGING_PARAMETER_TAG, STATUS_PARAMETER_TAGS.batteryVoltage]);
    const rows = await this.rollups.buckets.batteryBuckets(
      deviceId,
      numbers.get(CHARGING_PARAMETER_TAG) ?? null,
      numbers.get(STATUS_PARAMETER_TAGS.batteryVoltage) ?? null,
      bounds.start,
      bounds.end,
    );
    const iso = (ms: number | null) => (ms === null ? null : zone.isoWithOffset(ms));
    const seconds = (a: number | null, b: number | null) => (a === null || b === null ? null : (b - a) / 1000);
    return batteryCycles(
      rows.map((r) => ({ ms: r.ms, charging: (r.charged ?? 0) > 0, minVoltage: r.minVoltage, maxVoltage: r.maxVoltage, active: r.active })),
      this.now(),
    ).map((c) => ({
      start: iso(c.start),
      end: iso(c.end),
      chargingEnd: iso(c.chargingEnd),
      chargingSeconds: seconds(c.end, c.chargingEnd),
      cycleSeconds: seconds(c.start, c.chargingEnd),
      maxVoltage: c.maxVoltage,
      minVoltage: c.minVoltage,
      state: c.state,
    }));
  }

  /** The device's company timezone; 404 when the caller may not see the device. */
  private async zoneOf(auth: AuthContext, deviceId: number): Promise<TimeZone> {
    const [device] = await this.rollups.devices.findDevices(scopeOf(auth), [deviceId]);
    if (!device) throw new NotFoundError();
    return timeZone(device.timezone);
  }
}
