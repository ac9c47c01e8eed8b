import type { Choice, FormValue } from '@gearwatch/contracts';
import { ALERT_IMPORTANCES, ALERT_RULE_TYPES } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError } from '../http/errors.ts';
import type { DecodedValues } from '../forms/decode.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import { companyChoicesFor, companyField, newRowCompany } from '../forms/company-scope.ts';
import { textValue } from '../forms/values.ts';
import type { FormResource } from '../forms/routes.ts';
import type { AlertRulesRepository } from './rules-repository.ts';
import { ALERT_RULE_NAME_MAX_LENGTH, writableRule } from './rules-service.ts';

export const ALERT_RULE_DESCRIPTION_MAX_LENGTH = 1000;
/** Spec 01 §5: a new rule's importance. */
const DEFAULT_IMPORTANCE = 'warning';

/**
 * The alert rule's form (wizard step 1, and the edit dialog of spec 01 §7): name, type, importance, description;
 * a super-admin also picks the company of a new rule. The type is fixed once the rule exists: its conditions,
 * alerts and messages are of that type.
 */
export class AlertRuleForm implements FormResource {
  constructor(private readonly repository: AlertRulesRepository) {}

  fields(auth: AuthContext, id: number | null): FormFields {
    return {
      ...companyField(auth, id),
      name: field('text', 'alert-rule.field.name', { required: true, maxLength: ALERT_RULE_NAME_MAX_LENGTH }),
      type: field('choice', 'alert-rule.field.type', { required: true, disabled: id !== null }),
      importance: field('choice', 'alert-rule.field.importance', { required: true }),
      description: field('textarea', 'alert-rule.field.description', { maxLength: ALERT_RULE_DESCRIPTION_MAX_LENGTH }),
    };
  }

  async choices(auth: AuthContext): Promise<Record<string, Choice[]>> {
    return {
      ...(await companyChoicesFor(auth, () => this.repository.companies())),
      type: ALERT_RULE_TYPES.map((type) => ({ value: type, label: `alert-rule.type.${type}`, translate: true })),
      importance: ALERT_IMPORTANCES.map((level) => ({ value: level, label: `alert-rule.importance.${level}`, translate: true })),
    };
  }

  async data(auth: AuthContext, id: number | null): Promise<Record<string, FormValue>> {
    if (id === null) return { ...(auth.isSuperAdmin ? { company: null } : {}), name: null, type: null, importance: DEFAULT_IMPORTANCE, description: null };
    const rule = await this.repository.find(scopeOf(auth), id);
    if (!rule) throw new NotFoundError();
    return {
      ...(auth.isSuperAdmin ? { company: rule.companyId } : {}),
      name: rule.name,
      type: rule.type,
      importance: rule.importance,
      description: rule.description,
    };
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    return this.repository.insert(newRowCompany(auth, values), {
      name: textValue(values.name) ?? '',
      type: String(values.type),
      importance: String(values.importance),
      description: textValue(values.description),
    });
  }

  /** Name, importance and description; an archived rule stays as it was (400). */
  async update(auth: AuthContext, id: number, values: DecodedValues): Promise<void> {
    await this.repository.transaction(async (repository) => {
      await writableRule(repository, auth, id);
      await repository.update(id, { name: textValue(values.name) ?? '', importance: String(values.importance), description: textValue(values.description) });
    });
  }
}
