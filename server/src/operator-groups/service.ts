import type { Choice, FormValue, OperatorGroupDetail } from '@gearwatch/contracts';
import { GROUP_NAME_MAX_LENGTH, MESSAGE_KEYS, OPERATOR_GROUP_COLLATION_LOCALE } from '@gearwatch/contracts';
import type { AuthContext } from '../auth/context.ts';
import { scopeOf } from '../auth/context.ts';
import type { DecodedValues } from '../forms/decode.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import { companyGroupRuleErrors } from '../forms/company-groups.ts';
import { companyChoicesFor, companyField, companyToCheck, linkCompany, linkLabel, newRowCompany } from '../forms/company-scope.ts';
import { idValues, textValue } from '../forms/values.ts';
import type { FormResource } from '../forms/routes.ts';
import { NO_FAILED_FIELDS } from '../forms/routes.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.ts';
import type { OperatorChoiceRow, OperatorGroupRow, OperatorGroupsRepository } from './repository.ts';

const polish = new Intl.Collator(OPERATOR_GROUP_COLLATION_LOCALE, { sensitivity: 'variant', numeric: true });

const operatorName = (o: Pick<OperatorChoiceRow, 'firstname' | 'lastname'>) => `${o.firstname} ${o.lastname}`.trim();

/**
 * Operator groups (spec 01 §2 /manage operator groups): one group, its server-driven form (name and operators; a
 * super-admin also picks the company of a new group), delete while it holds no operators, and unassigning all its
 * operators. The list (`GET /api/deviceoperatorgroups`) is served by operators/ with the monitors' lists.
 */
export class OperatorGroupsService implements FormResource {
  constructor(private readonly repository: OperatorGroupsRepository) {}

  /** One group with its operators named. */
  async get(auth: AuthContext, id: number): Promise<OperatorGroupDetail> {
    const row = await this.find(auth, id);
    const operators = await this.repository.operatorsOf(id);
    return { id: row.id, name: row.name, operators, operatorCount: operators.length };
  }

  /** Deletes a group that holds no operators; 409 naming them otherwise. */
  async delete(auth: AuthContext, id: number): Promise<void> {
    await this.find(auth, id);
    await this.repository.transaction(async (repository) => {
      // Locked first, so no operator joins the group between the check and the delete.
      if (!(await repository.lockGroup(id))) throw new NotFoundError();
      const operators = await repository.operatorsOf(id);
      if (operators.length > 0) throw new ConflictError(MESSAGE_KEYS.conflict, { operators });
      await repository.delete(id);
    });
  }

  /** Takes every operator out of the group (the delete dialog's "unassign"): their group becomes none. */
  async unassignOperators(auth: AuthContext, id: number): Promise<void> {
    await this.find(auth, id);
    await this.repository.unassignOperators(id);
  }

  // The form (FormResource).

  fields(auth: AuthContext, id: number | null): FormFields {
    return {
      ...companyField(auth, id),
      name: field('text', 'form.name', { required: true, maxLength: GROUP_NAME_MAX_LENGTH, icon: 'name' }),
      operators: field('entity', 'form.operators', { multiple: true, icon: 'person' }),
    };
  }

  async choices(auth: AuthContext, id: number | null): Promise<Record<string, Choice[]>> {
    const companyId = await linkCompany(auth, id, async (groupId) => (await this.repository.find(scopeOf(auth), groupId))?.companyId ?? null);
    const [operators, companies] = await Promise.all([this.repository.operatorChoices(companyId), companyChoicesFor(auth, () => this.repository.companies())]);
    const spanning = companyId === null;
    const sorted = [...operators].sort(
      (a, b) =>
        (spanning ? polish.compare(a.companyName, b.companyName) || a.companyId - b.companyId : 0) ||
        polish.compare(operatorName(a), operatorName(b)) ||
        a.id - b.id,
    );
    return { ...companies, operators: sorted.map((o) => ({ value: o.id, label: linkLabel(companyId, { name: operatorName(o), companyName: o.companyName }) })) };
  }

  async data(auth: AuthContext, id: number | null): Promise<Record<string, FormValue>> {
    if (id === null) return { ...(auth.isSuperAdmin ? { company: null } : {}), name: null, operators: [] };
    const row = await this.find(auth, id);
    const operators = await this.repository.operatorsOf(id);
    return { ...(auth.isSuperAdmin ? { company: row.companyId } : {}), name: row.name, operators: operators.map((o) => o.id) };
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    return this.write(newRowCompany(auth, values), null, values);
  }

  async update(auth: AuthContext, id: number, values: DecodedValues): Promise<void> {
    const row = await this.find(auth, id);
    await this.write(row.companyId, id, values);
  }

  async check(auth: AuthContext, id: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    const companyId = await companyToCheck(auth, id, values, failed, async (groupId) => (await this.find(auth, groupId)).companyId);
    return companyId === null ? {} : companyGroupRuleErrors(this.repository, 'operators', companyId, id, values, failed);
  }

  /** Checks the group's own rules (`companyGroupRuleErrors`) and stores it in one transaction. */
  private write(companyId: number, id: number | null, values: DecodedValues): Promise<number> {
    const name = textValue(values.name) ?? '';
    const operatorIds = idValues(values.operators);
    return this.repository.transaction(async (repository) => {
      await repository.lockCompany(companyId);
      if (id !== null && !(await repository.lockGroup(id))) throw new NotFoundError();
      const errors = await companyGroupRuleErrors(repository, 'operators', companyId, id, values, NO_FAILED_FIELDS);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const written = id ?? (await repository.insert(companyId, name));
      if (id !== null) await repository.update(id, name);
      await repository.replaceOperators(companyId, written, operatorIds);
      return written;
    });
  }

  private async find(auth: AuthContext, id: number): Promise<OperatorGroupRow> {
    const row = await this.repository.find(scopeOf(auth), id);
    if (!row) throw new NotFoundError();
    return row;
  }
}
