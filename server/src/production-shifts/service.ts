import { MAX_PRODUCTION_SHIFTS, PRODUCTION_SHIFT_MESSAGE_KEYS, shiftEndHour, shiftHour, shiftListErrors, shiftTime } from '@gearwatch/contracts';
import type { ProductionShift, ProductionShiftInput } from '@gearwatch/contracts';
import { ValidationError } from '../http/errors.ts';
import type { AuthContext } from '../security/context.ts';
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

  /**
   * Replaces the company's shifts with `shifts`, in their order (spec 01 §7 `POST /user/production_shifts`). The shift
   * rollups are derived again from the new shifts in the same transaction when a window changed. Errors are keyed by
   * the shift's position: `{'1.timeEnd': ['shifts.range-invalid']}`, `{'3.timeStart': ['shifts.overlapping']}`.
   */
  async replace(auth: AuthContext, shifts: ProductionShiftInput[]): Promise<ProductionShift[]> {
    if (shifts.length > MAX_PRODUCTION_SHIFTS) throw new ValidationError({}, [PRODUCTION_SHIFT_MESSAGE_KEYS.tooMany]);
    // Blank names, empty ranges and overlapping shifts: the dialog applies the same rule as the user edits.
    const errors = shiftListErrors(shifts);
    if (Object.keys(errors).length) throw new ValidationError(errors);
    await this.repository.replace(
      auth.companyId,
      shifts.map((shift, position) => ({ position, name: shift.name.trim(), hourStart: shiftHour(shift.timeStart), hourEnd: shiftEndHour(shift.timeEnd) })),
    );
    return this.list(auth);
  }
}
