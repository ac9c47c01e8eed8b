import type { AuthContext, TenantScope } from '../security/context.ts';

/**
 * Whose alerts a caller sees (spec 01 §6): a company user those of the rules they are assigned to and the
 * requirement alerts of the devices that name them; a super-admin every alert in their scope (every company, as
 * every list scopes them); never another company's. The alerts repository turns this into its WHERE clause.
 */
export type AlertViewer = { kind: 'user'; companyId: number; userId: number } | { kind: 'scope'; scope: TenantScope };

export function viewerOf(auth: AuthContext): AlertViewer {
  return auth.isSuperAdmin ? { kind: 'scope', scope: { kind: 'all' } } : { kind: 'user', companyId: auth.companyId, userId: auth.userId };
}
