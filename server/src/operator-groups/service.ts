import type { Choice, FormValue, OperatorGroupDetail } from '@gearwatch/contracts';
import { GROUP_NAME_MAX_LENGTH, OPERATOR_GROUP_COLLATION_LOCALE, groupFigures } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import type { DecodedValues } from '../forms/decode.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import { CompanyGroupService } from '../forms/company-group-service.ts';
import { companyChoicesFor, companyField, linkCompany, linkLabel } from '../forms/company-scope.ts';
import { textValue } from '../forms/values.ts';
import type { FormResource } from '../forms/routes.ts';
import type { OperatorChoiceRow, OperatorGroupRow, OperatorGroupsRepository } from './repository.ts';

/** Today's work and active sums of each group's operators (the operators service, which answers the list with them). */
export interface GroupTodaySource {
  todayOfGroups(groupIds: number[]): Promise<Map<number, { work: number | null; active: number | null }>>;
}

const polish = new Intl.Collator(OPERATOR_GROUP_COLLATION_LOCALE, { sensitivity: 'variant', numeric: true });

const operatorName = (o: Pick<OperatorChoiceRow, 'firstname' | 'lastname'>) => `${o.firstname} ${o.lastname}`.trim();

/**
 * Operator groups (spec 01 §2 /manage operator groups): one group, its server-driven form (name and operators; a
 * super-admin also picks the company of a new group), delete while it holds no operators, and unassigning all its
 * operators. The list (`GET /api/deviceoperatorgroups`) is served by operators/ with the monitors' lists.
 */
export class OperatorGroupsService extends CompanyGroupService<{ name: string }, OperatorGroupRow> implements FormResource {
  constructor(
    protected override readonly repository: OperatorGroupsRepository,
    private readonly figures: GroupTodaySource,
  ) {
    super(repository, 'operators');
  }

  /** One group with its operators named and today's figures, as in the list. */
  async get(auth: AuthContext, id: number): Promise<OperatorGroupDetail> {
    const row = await this.find(auth, id);
    const [operators, today] = await Promise.all([this.repository.membersOf(id), this.figures.todayOfGroups([id])]);
    return {
      id: row.id,
      name: row.name,
      operators,
      operatorCount: operators.length,
      ...groupFigures(today.get(id)?.work ?? null, today.get(id)?.active ?? null, operators.length),
    };
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
    return {
      ...companies,
      operators: sorted.map((o) => ({ value: o.id, label: linkLabel(companyId, { name: operatorName(o), companyName: o.companyName }) })),
    };
  }

  async data(auth: AuthContext, id: number | null): Promise<Record<string, FormValue>> {
    if (id === null) return { ...(auth.isSuperAdmin ? { company: null } : {}), name: null, operators: [] };
    const row = await this.find(auth, id);
    const operators = await this.repository.membersOf(id);
    return { ...(auth.isSuperAdmin ? { company: row.companyId } : {}), name: row.name, operators: operators.map((o) => o.id) };
  }

  protected groupOf(values: DecodedValues) {
    return { name: textValue(values.name) ?? '' };
  }
}
