import type { DeviceListFilter, DeviceSortField, Device, ParameterAggregation, DeviceStatus, DevicePowerState } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { DeviceRow, DevicesRepository, ParameterRow } from './repository.ts';

export class DevicesService {
  constructor(private readonly repository: DevicesRepository) {}

  async list(auth: AuthContext, request: ListRequest<DeviceSortField, DeviceListFilter>): Promise<Page<Device>> {
    const page = await this.repository.list(scopeOf(auth), request);
    return { entries: await this.present(page.entries), total: page.total };
  }

  async get(auth: AuthContext, id: number): Promise<Device> {
    const row = await this.repository.findById(scopeOf(auth), id);
    if (!row) throw new NotFoundError();
    const [device] = await this.present([row]);
    return device!;
  }

  /** Loads the type parameters, groups and sensors of a page of devices in three queries, not three per device. */
  private async present(rows: DeviceRow[]): Promise<Device[]> {
    const ids = rows.map((r) => r.id);
    const [parameters, groups, sensors] = await Promise.all([
      this.repository.parametersOfTypes([...new Set(rows.map((r) => r.deviceTypeId))]),
      this.repository.groupsOf(ids),
      this.repository.sensorsOf(ids),
    ]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      status: row.status as DeviceStatus,
      powerState: row.powerState as DevicePowerState,
      company: { id: row.companyId, name: row.companyName },
      deviceType: {
        id: row.deviceTypeId,
        name: row.deviceTypeName,
        parameters: parameters.filter((p) => p.deviceTypeId === row.deviceTypeId).map(presentParameter),
      },
      groups: groups.filter((g) => g.deviceId === row.id).map(({ id, name }) => ({ id, name })),
      sensors: sensors.filter((s) => s.deviceId === row.id).map(({ id, name, serialNumber }) => ({ id, name, serialNumber })),
    }));
  }
}

function presentParameter(p: ParameterRow) {
  return {
    id: p.id,
    number: p.number,
    name: p.name,
    tags: p.tags,
    aggregation: p.aggregation as ParameterAggregation,
    unit: p.unitId === null ? null : { id: p.unitId, name: p.unitName ?? '', short: p.unitShort ?? '', long: p.unitLong ?? '', min: p.unitMin, max: p.unitMax },
  };
}
