/** Who is calling: set on every authenticated request by the auth hook. */
export interface AuthContext {
  userId: number;
  companyId: number;
  isSuperAdmin: boolean;
  canImpersonate: boolean;
  impersonatorId?: number;
  /** When the caller's access token expires (a long-lived answer, the event stream, ends then). */
  tokenExpiresAt?: Date;
}

/**
 * The rows a caller may see: one company, or every company for a super-admin. Repositories take this and apply
 * it to every query, so tenancy is enforced where the SQL is.
 */
export type TenantScope = { kind: 'company'; companyId: number } | { kind: 'all' };

export function scopeOf(auth: AuthContext): TenantScope {
  return auth.isSuperAdmin ? { kind: 'all' } : { kind: 'company', companyId: auth.companyId };
}
