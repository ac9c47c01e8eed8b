import { shiftTime } from '@gearwatch/contracts';
import type { ProductionShift } from '@gearwatch/contracts';
import type { AuthContext } from '../auth/context.ts';
import type { ProductionShiftsRepository } from './repository.ts';

/**
 * The production shifts of the caller's own company (spec 01 §7 `GET /user/production_shifts`). A super-admin gets
 * their own company's shifts too: shifts are a company setting, not a list across tenants.
 */
export class ProductionShiftsService {
  constructor(private readonly repository: ProductionShiftsRepository) {}

  async list(auth: AuthContext): Promise<ProductionShift[]> {
    const rows = await this.repository.listOf(auth.companyId);
    return rows.map((row) => ({ id: row.id, index: row.position, name: row.name, timeStart: shiftTime(row.hourStart), timeEnd: shiftTime(row.hourEnd) }));
  }
}
