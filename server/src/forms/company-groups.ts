import { ENTITY_MESSAGE_KEYS, MESSAGE_KEYS } from '@gearwatch/contracts';
import type { DecodedValues } from './decode.ts';
import { idValues, textValue } from './values.ts';

/** What the rules of a company's group of members (device groups: devices; operator groups: operators) read. */
export interface CompanyGroupLookups {
  nameTaken(companyId: number, name: string, exceptId: number | null): Promise<boolean>;
  /** Which of `ids` are members the company may put in its group. */
  companyMembers(companyId: number, ids: number[]): Promise<number[]>;
}

/**
 * A group's own rules, for the fields not in `failed`: its name free in the company (any letter case), and every
 * member chosen in `membersField` the company's.
 */
export async function companyGroupRuleErrors(
  lookups: CompanyGroupLookups,
  membersField: string,
  companyId: number,
  id: number | null,
  values: DecodedValues,
  failed: ReadonlySet<string>,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const name = textValue(values.name);
  if (name !== null && !failed.has('name') && (await lookups.nameTaken(companyId, name, id))) errors.name = [ENTITY_MESSAGE_KEYS.nameInUse];
  const members = idValues(values[membersField]);
  if (!failed.has(membersField) && (await lookups.companyMembers(companyId, members)).length !== members.length) errors[membersField] = [MESSAGE_KEYS.incorrect];
  return errors;
}
