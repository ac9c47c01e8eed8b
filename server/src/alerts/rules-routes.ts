import { z } from 'zod';
import {
  ALERT_RULE_SORT_FIELDS,
  alertRuleDetailSchema,
  alertRuleListFilterSchema,
  alertRuleListSchema,
  problemSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { FormTokens } from '../forms/token.ts';
import { registerResourceRoutes } from '../forms/resource-routes.ts';
import { registerDuplicateRoute } from '../forms/duplicate.ts';
import { idParams } from '../http/params.ts';
import type { App } from '../http/types.ts';
import type { AlertRuleForm } from './rule-form.ts';
import type { AlertRulesService } from './rules-service.ts';
import { ASSIGNMENT_SEGMENTS } from './rules-service.ts';
import { ruleIdsParams } from './params.ts';

const tags = ['alert rules'];
const detailResponses = { 200: alertRuleDetailSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema };

/** `/api/alertrules`: the list, the rule page, its form, delete (or archive), enable and disable, and assignments. */
export function alertRulesRoutes(app: App, rules: AlertRulesService, form: AlertRuleForm, tokens: FormTokens): void {
  registerResourceRoutes(app, {
    resource: 'alertrules',
    tag: 'alert rules',
    list: {
      summary:
        "Alert rules of the caller's company (every company for a super-admin); search on the name; filter keys type, importance, enabled, device, archived (archived rules only with archived=true)",
      sortable: ALERT_RULE_SORT_FIELDS,
      filter: alertRuleListFilterSchema,
      defaultSort: [{ field: 'name', direction: 'asc' }],
      response: { 200: alertRuleListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
      load: (auth, list) => rules.list(auth, list),
    },
    get: {
      summary: 'One alert rule with its conditions, devices, groups, users and active unconfirmed alerts per importance',
      response: { 200: alertRuleDetailSchema, 401: problemSchema, 404: problemSchema },
      load: (auth, id) => rules.get(auth, id),
    },
    form,
    tokens,
    remove: {
      summary:
        'Delete an alert rule with its device, group and user links and its conditions, in one transaction; its alerts are kept: a rule alerts refer to is archived (read-only), one without alerts is deleted; 400 alert-rule.archived for an archived one',
      remove: (auth, id) => rules.delete(auth, id),
    },
  });

  registerDuplicateRoute(app, {
    resource: 'alertrules',
    tag: 'alert rules',
    summary:
      "Copy an alert rule with its conditions and its device, group and user links (not its alerts), disabled, named `name` or the original's name + ' (copy)' (numbered when taken); 400 alert-rule.archived for an archived one",
    duplicate: (auth, id, name) => rules.duplicate(auth, id, name),
  });

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.patch(
      `/api/alertrules/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action === 'enable' ? 'Enable (which finishes a draft)' : 'Disable'} an alert rule; answers the rule`,
          params: idParams,
          response: detailResponses,
        },
      },
      (request) => rules.setEnabled(request.auth, request.params.id, enabled),
    );
  }

  for (const [segment, kind] of Object.entries(ASSIGNMENT_SEGMENTS)) {
    for (const action of ['assign', 'unassign'] as const) {
      app.patch(
        `/api/alertrules/:id/${segment}/:ids/${action}`,
        {
          schema: {
            tags,
            summary: `${action === 'assign' ? 'Assign' : 'Unassign'} ${segment} (comma-separated ids) ${action === 'assign' ? 'to' : 'from'} an alert rule; 400 {errors: {${kind}: ['form.field.error.not-found']}} for ids not of the rule's company${kind === 'users' && action === 'unassign' ? "; 400 rootErrors ['alert-rule.unassign-not-allowed'] when an enabled rule would be left without users" : ''}`,
            params: ruleIdsParams,
            response: detailResponses,
          },
        },
        (request) =>
          action === 'assign'
            ? rules.assign(request.auth, request.params.id, kind, request.params.ids)
            : rules.unassign(request.auth, request.params.id, kind, request.params.ids),
      );
    }
  }
}
