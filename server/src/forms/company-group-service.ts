import type { AuthContext, TenantScope } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError } from '../http/errors.ts';
import type { CompanyGroupRepository } from './company-groups.ts';
import { companyGroupRuleErrors, deleteEmptyGroup, writeCompanyGroup } from './company-groups.ts';
import { companyToCheck, newRowCompany } from './company-scope.ts';
import type { DecodedValues } from './decode.ts';

/** A group's repository with the read the service needs to find a group of the caller's. */
export interface ScopedGroupRepository<G, Row> extends CompanyGroupRepository<G> {
  find(scope: TenantScope, id: number): Promise<Row | undefined>;
}

/**
 * What a company's group of members (device groups: devices; operator groups: operators) does the same way: the
 * form's create, update and rule check, and delete while it holds no members. A group says what it stores of the
 * form (`groupOf`); the list, the reads, fields and choices stay its own.
 */
export abstract class CompanyGroupService<G, Row extends { companyId: number }> {
  constructor(
    protected readonly repository: ScopedGroupRepository<G, Row>,
    /** The form field of the members, also the key of the 409's dependents. */
    private readonly membersField: string,
  ) {}

  /** The group's own columns from the form's values. */
  protected abstract groupOf(values: DecodedValues): G;

  /** Deletes a group that holds no members; 409 naming them otherwise. */
  async delete(auth: AuthContext, id: number): Promise<void> {
    await this.find(auth, id);
    await deleteEmptyGroup(this.repository, this.membersField, id);
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    return writeCompanyGroup(this.repository, this.membersField, newRowCompany(auth, values), null, this.groupOf(values), values);
  }

  async update(auth: AuthContext, id: number, values: DecodedValues): Promise<void> {
    const row = await this.find(auth, id);
    await writeCompanyGroup(this.repository, this.membersField, row.companyId, id, this.groupOf(values), values);
  }

  async check(auth: AuthContext, id: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    const companyId = await companyToCheck(auth, id, values, failed, async (groupId) => (await this.find(auth, groupId)).companyId);
    return companyId === null ? {} : companyGroupRuleErrors(this.repository, this.membersField, companyId, id, values, failed);
  }

  /** A group of the caller's; 404 otherwise. */
  protected async find(auth: AuthContext, id: number): Promise<Row> {
    const row = await this.repository.find(scopeOf(auth), id);
    if (!row) throw new NotFoundError();
    return row;
  }
}
