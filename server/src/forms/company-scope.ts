import { MESSAGE_KEYS } from '@gearwatch/contracts';
import type { Choice, FormTextKey } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { ValidationError } from '../http/errors.ts';
import type { DecodedValues } from './decode.ts';
import type { FormFields } from './fields.ts';
import { field } from './fields.ts';
import { idValue } from './values.ts';

// The forms of rows that belong to a company (devices, groups, operators) share one rule: a company user's rows are
// their company's; a super-admin picks the company of a new row, which is fixed from then on.

/** The super-admin's `company` field: required on a new row, shown but fixed when editing; none for anyone else. */
export function companyField(auth: AuthContext, id: number | null, label: FormTextKey = 'form.company'): FormFields {
  return auth.isSuperAdmin ? { company: field('entity', label, { required: true, disabled: id !== null, icon: 'company' }) } : {};
}

/** The companies a super-admin may choose from; nothing for anyone else, who has no company field. */
export async function companyChoicesFor(auth: AuthContext, companies: () => Promise<{ id: number; name: string }[]>): Promise<{ company?: Choice[] }> {
  return auth.isSuperAdmin ? { company: (await companies()).map((c) => ({ value: c.id, label: c.name })) } : {};
}

/**
 * The company whose rows a form's links are chosen among: the user's own; for a super-admin the edited row's, or
 * null on a new row (every company's rows, named with their company, and the service checks them on submit).
 */
export async function linkCompany(auth: AuthContext, id: number | null, companyOfRow: (id: number) => Promise<number | null>): Promise<number | null> {
  if (!auth.isSuperAdmin) return auth.companyId;
  return id === null ? null : companyOfRow(id);
}

/** A linkable row's label: its company first when the choices span companies. */
export function linkLabel(linkCompanyId: number | null, row: { name: string; companyName: string }): string {
  return linkCompanyId === null ? `${row.companyName} · ${row.name}` : row.name;
}

/** The company of a new row: the super-admin's choice, or the user's own. */
export function newRowCompany(auth: AuthContext, values: DecodedValues): number {
  const companyId = auth.isSuperAdmin ? idValue(values.company) : auth.companyId;
  // The decoder has refused a super-admin's submit without a company already; this only narrows the type.
  if (companyId === null) throw ValidationError.field('company', MESSAGE_KEYS.notBlank);
  return companyId;
}

/**
 * The company a submit's own rules are checked in while the schema refused some fields: the edited row's, the
 * user's own, or a super-admin's chosen one; null when that choice itself was refused (nothing to check against).
 */
export async function companyToCheck(
  auth: AuthContext,
  id: number | null,
  values: DecodedValues,
  failed: ReadonlySet<string>,
  companyOfRow: (id: number) => Promise<number>,
): Promise<number | null> {
  if (id !== null) return companyOfRow(id);
  if (!auth.isSuperAdmin) return auth.companyId;
  return failed.has('company') ? null : idValue(values.company);
}
