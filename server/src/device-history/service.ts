import type { OperatorSessionListFilter, OperatorSessionSortField, BatteryCycle, CurrentReading, OperatorSessionEntry } from '@gearwatch/contracts';
import { BATTERY_CYCLES_MAX_DAYS, CHARGING_PARAMETER_TAG, DIAGNOSTICS_MESSAGE_KEYS, STATUS_PARAMETER_TAGS } from '@gearwatch/contracts';
import type { AuthContext } from '../auth/context.ts';
import { scopeOf } from '../auth/context.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { DiagnosticsRepository } from '../diagnostics/repository.ts';
import { addDays, inclusiveDays, ZoneClock } from '../diagnostics/zone-clock.ts';
import { normaliseRange } from '../diagnostics/buckets.ts';
import { batteryCycles } from './battery-cycles.ts';
import type { DeviceHistoryRepository } from './repository.ts';

/** The device page's data: current readings, the operator history table and battery cycles (spec 01 §2). */
export class DeviceHistoryService {
  constructor(
    private readonly repository: DeviceHistoryRepository,
    private readonly devices: DiagnosticsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async currentReadings(auth: AuthContext, deviceId: number): Promise<CurrentReading[]> {
    const clock = await this.clockOf(auth, deviceId);
    return (await this.repository.currentReadings(deviceId)).map((r) => ({ number: r.number, name: r.name, unit: r.unit, value: r.value, time: clock.isoWithOffset(r.ts.getTime()) }));
  }

  async sessions(auth: AuthContext, deviceId: number, request: ListRequest<OperatorSessionSortField, OperatorSessionListFilter>): Promise<Page<OperatorSessionEntry>> {
    const clock = await this.clockOf(auth, deviceId);
    const page = await this.repository.sessions(deviceId, request);
    return {
      total: page.total,
      entries: page.entries.map((s) => ({
        id: s.id,
        operator: s.operatorId === null ? null : { id: s.operatorId, name: s.operatorName ?? '' },
        rfid: s.rfid,
        start: clock.isoWithOffset(s.startedAt.getTime()),
        end: s.endedAt === null ? null : clock.isoWithOffset(s.endedAt.getTime()),
        activeSeconds: s.activeSeconds,
        workSeconds: s.workSeconds,
      })),
    };
  }

  async batteryCycles(auth: AuthContext, deviceId: number, from: string, to: string): Promise<BatteryCycle[]> {
    const clock = await this.clockOf(auth, deviceId);
    const range = normaliseRange(from, to);
    if (inclusiveDays(range.from, range.to) > BATTERY_CYCLES_MAX_DAYS) throw ValidationError.field('to', DIAGNOSTICS_MESSAGE_KEYS.rangeTooLong);
    const numbers = await this.repository.numbersByTag(deviceId, [CHARGING_PARAMETER_TAG, STATUS_PARAMETER_TAGS.batteryVoltage]);
    const rows = await this.repository.batteryBuckets(
      deviceId,
      numbers.get(CHARGING_PARAMETER_TAG) ?? null,
      numbers.get(STATUS_PARAMETER_TAGS.batteryVoltage) ?? null,
      clock.startOf(range.from),
      clock.startOf(addDays(range.to, 1)),
    );
    const iso = (ms: number | null) => (ms === null ? null : clock.isoWithOffset(ms));
    const seconds = (a: number | null, b: number | null) => (a === null || b === null ? null : (b - a) / 1000);
    return batteryCycles(
      rows.map((r) => ({ ms: r.ms, charging: (r.charged ?? 0) > 0, minVoltage: r.minVoltage, maxVoltage: r.maxVoltage })),
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

  /** The device's company clock; 404 when the caller may not see the device. */
  private async clockOf(auth: AuthContext, deviceId: number): Promise<ZoneClock> {
    const [device] = await this.devices.findDevices(scopeOf(auth), [deviceId]);
    if (!device) throw new NotFoundError();
    return new ZoneClock(device.timezone);
  }
}
