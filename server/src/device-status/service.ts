import type { DeviceStatusListFilter, DeviceStatusSortField, DevicePowerState, DeviceStatusEntry } from '@gearwatch/contracts';
import { DEVICE_STATUS_WINDOW_MINUTES, PARAMETER_NUMBERS, STATUS_PARAMETER_TAGS } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { timeZone } from '../time/time-zone.ts';
import type { DeviceStatusRepository, DeviceStatusRow } from './repository.ts';
import type { LatestReadingsRepository } from '../rollups/latest-repository.ts';

const WINDOW_MS = DEVICE_STATUS_WINDOW_MINUTES * 60_000;

/** Devices with their last position and status icons, for the /location map and the device page. */
export class DeviceStatusService {
  constructor(
    private readonly repository: DeviceStatusRepository,
    private readonly latest: LatestReadingsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async list(auth: AuthContext, request: ListRequest<DeviceStatusSortField, DeviceStatusListFilter>): Promise<Page<DeviceStatusEntry>> {
    const page = await this.repository.list(scopeOf(auth), request);
    return { total: page.total, entries: await this.present(page.entries) };
  }

  async get(auth: AuthContext, id: number): Promise<DeviceStatusEntry> {
    const page = await this.repository.list(scopeOf(auth), { filter: {}, sort: [{ field: 'id', direction: 'asc' }], limit: 1, offset: 0, page: 1 }, id);
    const [entry] = await this.present(page.entries);
    if (!entry) throw new NotFoundError();
    return entry;
  }

  private async present(rows: DeviceStatusRow[]): Promise<DeviceStatusEntry[]> {
    const ids = rows.map((r) => r.id);
    const tags = Object.values(STATUS_PARAMETER_TAGS);
    const [today, tagged, sensors] = await Promise.all([this.latest.today(ids), this.latest.latestTagged(ids, tags), this.repository.sensorsOf(ids)]);
    const now = this.now();
    const recent = (at: Date | null) => at !== null && now - at.getTime() <= WINDOW_MS;
    return rows.map((row) => {
      const zone = timeZone(row.timezone);
      const iso = (at: Date | null) => (at === null ? null : zone.isoWithOffset(at.getTime()));
      const reading = (tag: string) => {
        const found = tagged.filter((t) => t.deviceId === row.id && t.tag === tag).sort((a, b) => b.ts.getTime() - a.ts.getTime())[0];
        return found ? { value: found.value, time: zone.isoWithOffset(found.ts.getTime()), unit: found.unit } : null;
      };
      const total = (number: number) => today.find((t) => t.deviceId === row.id && t.number === number)?.sum ?? null;
      return {
        device: { id: row.id, name: row.name, deviceType: { id: row.deviceTypeId, name: row.deviceTypeName } },
        company: { id: row.companyId, name: row.companyName },
        position:
          row.lat !== null && row.lon !== null && row.lastPositionAt !== null
            ? { lat: row.lat, lon: row.lon, acc: row.accuracy, time: zone.isoWithOffset(row.lastPositionAt.getTime()) }
            : null,
        // Worked, switched on or reported recently (spec 02 §9).
        active: recent(row.lastWorkAt) || recent(row.lastSyncAt) || (row.powerState === 'on' && recent(row.powerChangedAt)),
        powerState: row.powerState as DevicePowerState,
        batteryVoltage: reading(STATUS_PARAMETER_TAGS.batteryVoltage),
        supplyVoltage: reading(STATUS_PARAMETER_TAGS.supplyVoltage),
        enabledTimeToday: total(PARAMETER_NUMBERS.active),
        workTimeToday: total(PARAMETER_NUMBERS.work),
        lastSync: iso(row.lastSyncAt),
        lastWork: iso(row.lastWorkAt),
        sensors: sensors
          .filter((s) => s.deviceId === row.id)
          .map((s) => ({ id: s.id, name: s.name, serialNumber: s.serialNumber, online: recent(s.lastContactAt), lastContact: iso(s.lastContactAt) })),
        operator: row.currentRfid === null ? null : { id: row.operatorId, name: row.operatorName, rfid: row.currentRfid },
      };
    });
  }
}
