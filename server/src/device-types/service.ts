import { DEVICE_TYPE_CONTEXTS, MESSAGE_KEYS } from '@gearwatch/contracts';
import type { DeviceTypeMonitorEntry } from '@gearwatch/contracts';
import type { AuthContext } from '../auth/context.ts';
import { scopeOf } from '../auth/context.ts';
import { ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { DeviceTypeSortField, DeviceTypesRepository } from './repository.ts';

/** Device types with the parameters a monitor may offer (context devicetypes_monitor, the only one so far). */
export class DeviceTypesService {
  constructor(private readonly repository: DeviceTypesRepository) {}

  async list(auth: AuthContext, request: ListRequest<DeviceTypeSortField>): Promise<Page<DeviceTypeMonitorEntry>> {
    if (request.context !== undefined && !(DEVICE_TYPE_CONTEXTS as readonly string[]).includes(request.context)) {
      throw ValidationError.field('context', MESSAGE_KEYS.incorrect);
    }
    const page = await this.repository.list(scopeOf(auth), request);
    const parameters = await this.repository.monitorParametersOf(page.entries.map((t) => t.id));
    return {
      total: page.total,
      entries: page.entries.map((type) => ({
        id: type.id,
        name: type.name,
        parameters: parameters
          .filter((p) => p.deviceTypeId === type.id)
          .map((p) => ({
            number: p.number,
            name: p.name,
            tags: p.tags,
            aggregation: p.aggregation,
            unit: { short: p.unitShort ?? '', long: p.unitLong ?? '', min: p.unitMin, max: p.unitMax },
          })),
      })),
    };
  }
}
