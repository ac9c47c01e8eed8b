/**
 * The query keys of the alert screens. Each starts with its resource's plural, like the app's other keys, so that
 * what a save or a delete invalidates (`[plural]`, see useServerForm and DeleteDialog) refreshes the open pages too.
 */
export const alertKeys = {
  rule: (id: number) => ['alertrules', 'detail', id] as const,
  conditionChoices: (id: number) => ['alertrules', 'detail', id, 'condition-choices'] as const,
  preview: (id: number, condition: unknown) => ['alertrules', 'detail', id, 'preview', condition] as const,
  deviceRules: (deviceId: number) => ['alertrules', 'device', deviceId] as const,
  /** Totals and stats share the `alarms` prefix: a confirm invalidates them together. */
  alarms: ['alarms'] as const,
  alarmTotal: ['alarms', 'total'] as const,
  deviceStats: (deviceId: number) => ['alarms', 'device', deviceId] as const,
};

/** The plural path segments of the two resources. */
export const ALERT_RESOURCES = { rules: 'alertrules', alerts: 'alerts' } as const;

/** The resource of one rule's conditions: its form is `…/conditions/new`, its rows `…/conditions/{id}`. */
export const conditionsResource = (ruleId: number) => `alertrules/${ruleId}/conditions`;

/** The pages of /alerts (spec 01 §2). */
export const alertPaths = {
  list: '/alerts/list',
  rules: '/alerts/alert-rules',
  rule: (id: number) => `/alerts/alert-rule/${id}`,
  device: (id: number) => `/manage/device/${id}`,
};

/** The translation key of a rule type's name. */
export const ruleTypeKey = (type: string) => `alert-rule.type.${type}`;
