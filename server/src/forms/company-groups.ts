import { ENTITY_MESSAGE_KEYS, MESSAGE_KEYS } from '@gearwatch/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.ts';
import type { DecodedValues } from './decode.ts';
import { NO_FAILED_FIELDS } from './routes.ts';
import { idValues, textValue } from './values.ts';

/** What the rules of a company's group of members (device groups: devices; operator groups: operators) read. */
export interface CompanyGroupLookups {
  nameTaken(companyId: number, name: string, exceptId: number | null): Promise<boolean>;
  /** Which of `ids` are members the company may put in its group. */
  companyMembers(companyId: number, ids: number[]): Promise<number[]>;
}

/** A group's repository, as the one write path and delete of company groups below use it. */
export interface CompanyGroupRepository<G> extends CompanyGroupLookups {
  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: this) => Promise<T>): Promise<T>;
  /** Serialises the group writes of one company until the transaction ends, so two writes cannot take one name. */
  lockCompany(companyId: number): Promise<void>;
  /** Locks the group's row until the transaction ends; false when it does not exist. */
  lockGroup(id: number): Promise<boolean>;
  insert(companyId: number, group: G): Promise<number>;
  update(id: number, group: G): Promise<void>;
  /** The group's members, named. */
  membersOf(groupId: number): Promise<{ id: number; name: string }[]>;
  /** Makes `memberIds` the group's members: the others leave it, these join it. */
  replaceMembers(companyId: number, groupId: number, memberIds: number[]): Promise<void>;
  delete(id: number): Promise<void>;
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
  if (!failed.has(membersField) && (await lookups.companyMembers(companyId, members)).length !== members.length)
    errors[membersField] = [MESSAGE_KEYS.incorrect];
  return errors;
}

/**
 * Creates (`id` null) or updates a company's group from its form: the group's own rules checked and the group with
 * its members stored in one transaction, under the company's write lock. Answers the group's id.
 */
export function writeCompanyGroup<G>(
  repository: CompanyGroupRepository<G>,
  membersField: string,
  companyId: number,
  id: number | null,
  group: G,
  values: DecodedValues,
): Promise<number> {
  const memberIds = idValues(values[membersField]);
  return repository.transaction(async (locked) => {
    await locked.lockCompany(companyId);
    if (id !== null && !(await locked.lockGroup(id))) throw new NotFoundError();
    const errors = await companyGroupRuleErrors(locked, membersField, companyId, id, values, NO_FAILED_FIELDS);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const written = id ?? (await locked.insert(companyId, group));
    if (id !== null) await locked.update(id, group);
    await locked.replaceMembers(companyId, written, memberIds);
    return written;
  });
}

/** Deletes a group that holds no members; 409 naming them (`dependents[membersField]`) otherwise. */
export function deleteEmptyGroup<G>(repository: CompanyGroupRepository<G>, membersField: string, id: number): Promise<void> {
  return repository.transaction(async (locked) => {
    // Locked first, so no member joins the group between the check and the delete.
    if (!(await locked.lockGroup(id))) throw new NotFoundError();
    const members = await locked.membersOf(id);
    if (members.length > 0) throw new ConflictError(MESSAGE_KEYS.conflict, { [membersField]: members });
    await locked.delete(id);
  });
}
