/** The fields of a user the impersonation rule looks at. */
export interface ImpersonationParty {
  id: number;
  companyId: number;
  isSuperAdmin: boolean;
  canImpersonate: boolean;
  isActive: boolean;
}

/**
 * Who may act as whom (decision 004). A super-admin with the impersonate extra may act as any active user; anyone
 * else with the extra only as an active user of their own company who is not a super-admin, since acting as one
 * would grant rights the impersonator does not hold. Nobody acts as themselves. ImpersonationRepository applies
 * the same rule in SQL when listing and finding candidates; this form re-checks a running session.
 */
export function mayImpersonate(impersonator: ImpersonationParty, target: ImpersonationParty): boolean {
  if (!impersonator.isActive || !impersonator.canImpersonate || !target.isActive) return false;
  if (impersonator.id === target.id) return false;
  if (impersonator.isSuperAdmin) return true;
  return impersonator.companyId === target.companyId && !target.isSuperAdmin;
}
