import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alertPreviewSchema,
  alertRuleDetailSchema,
  alertRuleRowSchema,
  formDefinitionSchema,
  formSubmitResultSchema,
  PAGE_SIZE_NO_LIMIT,
} from '@gearwatch/contracts';
import type { AlertPreview, AlertRuleDetail, AlertRuleRow, Choice, FormDefinition } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import type { ApiClient } from '../../../api/client.ts';
import { encodeSubmission } from '../../../components/forms/form-values.ts';
import type { FormValues } from '../../../components/forms/form-values.ts';
import { ALERT_RESOURCES, alertKeys, conditionsResource } from './keys.ts';

/** The three kinds of rows a rule is linked to, by their path segment in the assign calls. */
export type AssignmentKind = 'devices' | 'devicegroups' | 'users';

/** `GET /api/alertrules/{id}`: the rule page. */
export function useAlertRule(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: alertKeys.rule(id),
    queryFn: async ({ signal }): Promise<AlertRuleDetail> => alertRuleDetailSchema.parse(await api.get<unknown>(`/api/alertrules/${id}`, undefined, signal)),
  });
}

/** `GET /api/alertrules?filter={"device":id}`: the rules watching a device (its own and its groups'). */
export function useDeviceRules(deviceId: number) {
  const api = useApi();
  return useQuery({
    queryKey: alertKeys.deviceRules(deviceId),
    queryFn: async ({ signal }): Promise<AlertRuleRow[]> => {
      const page = await api.list<unknown>(
        '/api/alertrules',
        { filter: JSON.stringify({ device: deviceId }), page_size: PAGE_SIZE_NO_LIMIT, sort: 'name' },
        signal,
      );
      return page.entries.map((entry) => alertRuleRowSchema.parse(entry));
    },
  });
}

/** `PATCH /api/alertrules/{id}/{kind}/{ids}/assign|unassign`, answering the rule as it is now. */
export async function changeAssignment(
  api: ApiClient,
  ruleId: number,
  kind: AssignmentKind,
  ids: readonly number[],
  action: 'assign' | 'unassign',
): Promise<AlertRuleDetail> {
  const response = await api.request<unknown>(`/api/alertrules/${ruleId}/${kind}/${ids.join(',')}/${action}`, { method: 'PATCH' });
  return alertRuleDetailSchema.parse(response.data);
}

/** Assign or unassign from the rule page: the page shows the rule the call answers. */
export function useAssignment(ruleId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ids, action }: { kind: AssignmentKind; ids: readonly number[]; action: 'assign' | 'unassign' }) =>
      changeAssignment(api, ruleId, kind, ids, action),
    onSuccess: (rule) => {
      queryClient.setQueryData(alertKeys.rule(ruleId), rule);
      void queryClient.invalidateQueries({ queryKey: [ALERT_RESOURCES.rules], predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}

/** `PATCH /api/alertrules/{id}/enable|disable` (enabling a draft finishes it), answering the rule. */
export async function setRuleEnabled(api: ApiClient, id: number, enabled: boolean): Promise<AlertRuleDetail> {
  return alertRuleDetailSchema.parse((await api.request<unknown>(`/api/alertrules/${id}/${enabled ? 'enable' : 'disable'}`, { method: 'PATCH' })).data);
}

export function useRuleEnabled() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => setRuleEnabled(api, id, enabled),
    onSuccess: (rule) => {
      queryClient.setQueryData(alertKeys.rule(rule.id), rule);
      void queryClient.invalidateQueries({ queryKey: [ALERT_RESOURCES.rules], predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}

/**
 * A server form submitted outside its dialog: the form of `path` is read for its token (and its schema, which leaves
 * out what may not change), then `values` are sent with it. Throws ApiError on refusal.
 */
export async function submitWithFreshToken(api: ApiClient, formPath: string, submitPath: string, method: 'POST' | 'PUT', values: FormValues): Promise<number> {
  const form = formDefinitionSchema.parse(await api.get<unknown>(formPath));
  return submitForm(api, submitPath, method, form, values);
}

/** Sends `values` as the form `definition` (its fields that may change, its token) to `path`; answers the row's id. */
export async function submitForm(
  api: ApiClient,
  path: string,
  method: 'POST' | 'PUT',
  definition: Pick<FormDefinition, 'schema' | 'token'>,
  values: FormValues,
): Promise<number> {
  const response = await api.request<unknown>(path, { method, form: encodeSubmission(definition.schema, values, definition.token) });
  return formSubmitResultSchema.parse(response.data).id;
}

/** `PUT /api/alertrules/{id}` with name, importance and description, after reading the edit form's token. */
export function updateRule(api: ApiClient, id: number, values: FormValues): Promise<number> {
  return submitWithFreshToken(api, `/api/alertrules/${id}/edit`, `/api/alertrules/${id}`, 'PUT', values);
}

/**
 * The choices of a rule's condition form (the parameters of its devices with their units, the operators…), read
 * from `GET /api/alertrules/{id}/conditions/new`, to put its stored conditions into words.
 */
export function useConditionChoices(ruleId: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: alertKeys.conditionChoices(ruleId),
    queryFn: async ({ signal }): Promise<FormDefinition['choices']> =>
      formDefinitionSchema.parse(await api.get<unknown>(`/api/${conditionsResource(ruleId)}/new`, undefined, signal)).choices,
    enabled,
    retry: false,
  });
}

/** `POST /api/alertrules/{id}/preview`: what the condition would have done on the rule's devices in the last 7 days. */
export function usePreview(ruleId: number | null, condition: Record<string, unknown> | null) {
  const api = useApi();
  return useQuery({
    queryKey: alertKeys.preview(ruleId ?? 0, condition),
    queryFn: async ({ signal }): Promise<AlertPreview> =>
      alertPreviewSchema.parse((await api.request<unknown>(`/api/alertrules/${ruleId}/preview`, { method: 'POST', json: condition, signal })).data),
    enabled: ruleId !== null && condition !== null,
    retry: false,
  });
}

/** The parameter a condition's `variable` names, among the condition form's choices. */
export function parameterChoice(choices: FormDefinition['choices'] | undefined, variable: unknown): Choice | undefined {
  return (choices?.['variable'] ?? []).find((choice) => String(choice.value) === String(variable));
}
