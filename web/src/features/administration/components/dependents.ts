/**
 * For DeleteDialog's `actionable`: resources whose blocking rows have no unassign call on the server (a company's
 * users, devices and modules; a subscriber's companies; a device type's devices) list them without an action.
 */
export const noDependentActions = (): boolean => false;
