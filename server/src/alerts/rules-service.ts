import type { AlertImportance, AlertRuleDetail, AlertRuleListFilter, AlertRuleRow, AlertRuleSortField, AlertRuleType } from '@gearwatch/contracts';
import { ALERT_MESSAGE_KEYS } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { AlertRuleRecord, AlertRulesRepository, RuleLinkKind } from './rules-repository.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import { viewerOf } from './visibility.ts';
import { presentStats } from './stats.ts';
import { presentSummary } from './rule-summary-repository.ts';
import { copyName } from '../forms/duplicate.ts';

/** The longest rule name (its form's field and a copy's name). */
export const ALERT_RULE_NAME_MAX_LENGTH = 128;

/** The assignment calls' path segment → the kind of rows they link. */
export const ASSIGNMENT_SEGMENTS = { devicegroups: 'groups', devices: 'devices', users: 'users' } as const satisfies Record<string, RuleLinkKind>;

/**
 * Alert rules (spec 01 §6, §7): the list, the rule page, enabling, the assignment of devices, groups and users,
 * and delete, which archives a rule that alerts refer to. An archived rule is read-only.
 */
export class AlertRulesService {
  constructor(
    private readonly repository: AlertRulesRepository,
    private readonly alerts: AlertsRepository,
  ) {}

  async list(auth: AuthContext, request: ListRequest<AlertRuleSortField, AlertRuleListFilter>): Promise<Page<AlertRuleRow>> {
    const page = await this.repository.list(scopeOf(auth), request);
    return { total: page.total, entries: page.entries.map(presentRow) };
  }

  async get(auth: AuthContext, id: number): Promise<AlertRuleDetail> {
    return this.detail(auth, await this.find(auth, id));
  }

  setEnabled(auth: AuthContext, id: number, enabled: boolean): Promise<AlertRuleDetail> {
    return this.write(auth, id, async (repository) => repository.setEnabled(id, enabled));
  }

  /** Links devices, groups or users of the rule's company; any other id refuses the whole call. */
  assign(auth: AuthContext, id: number, kind: RuleLinkKind, ids: number[]): Promise<AlertRuleDetail> {
    return this.write(auth, id, async (repository, rule) => {
      await checkCompanyRows(repository, kind, rule.companyId, ids);
      await repository.assign(kind, rule.companyId, id, ids);
    });
  }

  /** Removes links; an enabled rule keeps at least one user (spec 01 §6 'Not allowed to unassign'). */
  unassign(auth: AuthContext, id: number, kind: RuleLinkKind, ids: number[]): Promise<AlertRuleDetail> {
    return this.write(auth, id, async (repository, rule) => {
      await checkCompanyRows(repository, kind, rule.companyId, ids);
      if (kind === 'users' && rule.enabled) {
        const users = await repository.linked('users', id);
        const remaining = users.filter((u) => !ids.includes(u.id));
        if (remaining.length === 0 && remaining.length < users.length) throw new ValidationError({}, [ALERT_MESSAGE_KEYS.unassignNotAllowed]);
      }
      await repository.unassign(kind, id, ids);
    });
  }

  /**
   * One confirmation deletes a rule with what it owns (issue 32 item 7): its device, group and user links and its
   * conditions go in the same transaction. Its alert history is kept: a rule alerts refer to is archived (its
   * alerts keep showing it by name, read-only), one without alerts is deleted.
   */
  async delete(auth: AuthContext, id: number): Promise<void> {
    await this.repository.transaction(async (repository) => {
      await writableRule(repository, auth, id);
      await repository.deleteOwned(id);
      if (await repository.hasAlerts(id)) await repository.archive(id);
      else await repository.delete(id);
    });
  }

  /**
   * Copies a rule (not an archived one) into its company with its conditions and its device, group and user links,
   * named `name` or the original's name + ' (copy)'. The copy starts disabled: it watches the same devices, and
   * the user decides when it alerts. Its alerts are not copied. Answers the copy's id.
   */
  async duplicate(auth: AuthContext, id: number, name: string | undefined): Promise<number> {
    return this.repository.transaction(async (repository) => {
      const source = await writableRule(repository, auth, id);
      await repository.lockCompanyCopies(source.companyId);
      const copy = await copyName(source.name, name, { minLength: 1, maxLength: ALERT_RULE_NAME_MAX_LENGTH }, (prefix) =>
        repository.namesStartingWith(source.companyId, prefix),
      );
      return repository.duplicate(id, copy);
    });
  }

  /** A rule of the caller's; 404 otherwise. */
  private async find(auth: AuthContext, id: number): Promise<AlertRuleRecord> {
    const rule = await this.repository.find(scopeOf(auth), id);
    if (!rule) throw new NotFoundError();
    return rule;
  }

  /** Runs one change of a writable rule under its lock, all or nothing, and answers the rule page after it. */
  private async write(
    auth: AuthContext,
    id: number,
    change: (repository: AlertRulesRepository, rule: AlertRuleRecord) => Promise<void>,
  ): Promise<AlertRuleDetail> {
    await this.repository.transaction(async (repository) => change(repository, await writableRule(repository, auth, id)));
    return this.get(auth, id);
  }

  private async detail(auth: AuthContext, rule: AlertRuleRecord): Promise<AlertRuleDetail> {
    const [conditions, devices, groups, users, stats] = await Promise.all([
      this.repository.conditions(rule.id),
      this.repository.linked('devices', rule.id),
      this.repository.linked('groups', rule.id),
      this.repository.linked('users', rule.id),
      this.alerts.activeByImportance(viewerOf(auth), { ruleId: rule.id }),
    ]);
    return {
      ...presentRow(rule),
      conditions: conditions.map((c) => ({ id: c.id, position: c.position, condition: c.condition as Record<string, unknown> })),
      devices,
      groups,
      users,
      stats: presentStats(stats),
    };
  }
}

/** The rule, locked for this transaction, when the caller may change it: 404 when not theirs, 400 when archived. */
export async function writableRule(repository: AlertRulesRepository, auth: AuthContext, id: number): Promise<AlertRuleRecord> {
  if (!(await repository.find(scopeOf(auth), id))) throw new NotFoundError();
  await repository.lock(id);
  // Read under the lock: a write that held it may have changed or deleted the rule.
  const rule = await repository.find(scopeOf(auth), id);
  if (!rule) throw new NotFoundError();
  if (rule.archivedAt !== null) throw new ValidationError({}, [ALERT_MESSAGE_KEYS.archived]);
  return rule;
}

/** 400 `{errors: {kind: ['form.field.error.not-found']}}` unless every id is a row of the company. */
async function checkCompanyRows(repository: AlertRulesRepository, kind: RuleLinkKind, companyId: number, ids: number[]): Promise<void> {
  const found = await repository.companyRowIds(kind, companyId, ids);
  if (found.length !== new Set(ids).size) throw ValidationError.field(kind, ALERT_MESSAGE_KEYS.notFound);
}

export function presentRow(rule: AlertRuleRecord): AlertRuleRow {
  return {
    id: rule.id,
    name: rule.name,
    type: rule.type as AlertRuleType,
    importance: rule.importance as AlertImportance,
    description: rule.description,
    summary: presentSummary(rule.summary),
    enabled: rule.enabled,
    draft: rule.draft,
    archived: rule.archivedAt !== null,
    deviceCount: rule.deviceCount,
    userCount: rule.userCount,
    createdAt: new Date(rule.createdAt).toISOString(),
  };
}
