import type { AlertRuleType, FormDefinition } from '@gearwatch/contracts';
import { ALERT_MESSAGE_KEYS, ALERT_RULE_TYPES_WITHOUT_CONDITIONS, FORM_MESSAGE_KEYS, FORM_TOKEN_FIELD } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import { decodeSubmission } from '../forms/decode.ts';
import type { FormTokens } from '../forms/token.ts';
import { dateText } from '../time/calendar.ts';
import { timeZone } from '../time/time-zone.ts';
import type { AlertConditionsRepository } from './conditions-repository.ts';
import type { AlertRuleRecord, AlertRulesRepository } from './rules-repository.ts';
import { writableRule } from './rules-service.ts';
import { argumentRangeErrors, conditionChoices, conditionData, conditionDefaults, conditionFields, conditionOf } from './condition-form.ts';

/**
 * A rule's conditions (wizard step 3, spec 01 §5): the server-driven form of the rule's type, and adding, changing
 * and removing conditions. Every one of a rule's conditions must hold for it to breach. A submit is decoded against
 * the form, then checked against the contract's schema of the type, and stored as that schema's JSON.
 */
export class AlertConditionsService {
  constructor(
    private readonly rules: AlertRulesRepository,
    private readonly repository: AlertConditionsRepository,
    private readonly tokens: FormTokens,
  ) {}

  /** The form of a new condition (`conditionId` null) or of one of the rule's conditions, with its token. */
  async definition(auth: AuthContext, ruleId: number, conditionId: number | null): Promise<FormDefinition> {
    const rule = await this.ruleTakingConditions(auth, ruleId);
    const type = rule.type as AlertRuleType;
    let data;
    if (conditionId === null) {
      const zone = timeZone(await this.repository.companyTimezone(rule.companyId));
      data = conditionDefaults(type, dateText(zone.dayOf(Date.now())));
    } else {
      const stored = await this.repository.find(ruleId, conditionId);
      if (!stored) throw new NotFoundError();
      data = conditionData(type, stored.condition as Record<string, unknown>);
    }
    const choices = conditionChoices(type, await this.repository.parametersOfRule(ruleId));
    return { data, schema: conditionFields(type), choices, token: this.tokens.issue(this.subject(auth, ruleId, conditionId)) };
  }

  async create(auth: AuthContext, ruleId: number, body: Record<string, unknown>): Promise<number> {
    return this.repository.transaction(async (repository, rules) => {
      const rule = await writable(rules, auth, ruleId);
      const condition = await this.decode(auth, rule, null, body, repository);
      return repository.insert(rule.companyId, ruleId, condition);
    });
  }

  async update(auth: AuthContext, ruleId: number, conditionId: number, body: Record<string, unknown>): Promise<void> {
    await this.repository.transaction(async (repository, rules) => {
      const rule = await writable(rules, auth, ruleId);
      if (!(await repository.find(ruleId, conditionId))) throw new NotFoundError();
      const condition = await this.decode(auth, rule, conditionId, body, repository);
      await repository.update(ruleId, conditionId, condition);
    });
  }

  async delete(auth: AuthContext, ruleId: number, conditionId: number): Promise<void> {
    await this.repository.transaction(async (repository, rules) => {
      await writable(rules, auth, ruleId);
      if (!(await repository.delete(ruleId, conditionId))) throw new NotFoundError();
    });
  }

  private subject(auth: AuthContext, ruleId: number, conditionId: number | null) {
    return { userId: auth.userId, resource: `alertrules/${ruleId}/conditions`, id: conditionId };
  }

  private ruleTakingConditions(auth: AuthContext, ruleId: number): Promise<AlertRuleRecord> {
    return ruleTakingConditions(this.rules, auth, ruleId);
  }

  private async decode(
    auth: AuthContext,
    rule: AlertRuleRecord,
    conditionId: number | null,
    body: Record<string, unknown>,
    repository: AlertConditionsRepository,
  ) {
    if (!this.tokens.verify(this.subject(auth, rule.id, conditionId), body[FORM_TOKEN_FIELD])) throw new ValidationError({}, [FORM_MESSAGE_KEYS.invalidToken]);
    const type = rule.type as AlertRuleType;
    const parameters = await repository.parametersOfRule(rule.id);
    const decoded = decodeSubmission(conditionFields(type), body, conditionChoices(type, parameters));
    if (Object.keys(decoded.errors).length > 0) throw new ValidationError(decoded.errors);
    const result = conditionOf(type, decoded.values);
    if ('errors' in result) throw new ValidationError(result.errors);
    const outOfRange = argumentRangeErrors(type, result.condition, parameters);
    if (outOfRange) throw new ValidationError(outOfRange);
    return result.condition;
  }
}

/** A rule of the caller's whose type takes conditions; 400 for one that takes none. */
async function ruleTakingConditions(rules: AlertRulesRepository, auth: AuthContext, ruleId: number): Promise<AlertRuleRecord> {
  const rule = await rules.find(scopeOf(auth), ruleId);
  if (!rule) throw new NotFoundError();
  if (ALERT_RULE_TYPES_WITHOUT_CONDITIONS.includes(rule.type as AlertRuleType)) throw new ValidationError({}, [ALERT_MESSAGE_KEYS.noConditions]);
  return rule;
}

/** The rule, locked for the transaction, when it is the caller's, takes conditions and is not archived. */
async function writable(rules: AlertRulesRepository, auth: AuthContext, ruleId: number): Promise<AlertRuleRecord> {
  await ruleTakingConditions(rules, auth, ruleId);
  return writableRule(rules, auth, ruleId);
}
