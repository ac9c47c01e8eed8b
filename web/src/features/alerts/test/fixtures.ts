import type {
  AlertPreview,
  AlertRow,
  AlertRuleDetail,
  AlertRuleRow,
  CompanyUser,
  CurrentUser,
  Device,
  DeviceGroupListEntry,
  FormDefinition,
} from '@gearwatch/contracts';
import { field } from '../../../components/forms/test/fields.ts';
import { testManager } from '../../../components/forms/test/render.tsx';

// A small company for the alert screens: two forklifts, a group, two users, one value rule and its alerts.

export const manager: CurrentUser = testManager;

const company = { id: 1, name: 'Demo Factory' };
const forkliftType = { id: 100, name: 'Forklift', parameters: [] };
export const forkliftA: Device = {
  id: 1,
  name: 'Forklift A',
  description: null,
  status: 'operational',
  powerState: 'on',
  company,
  deviceType: forkliftType,
  groups: [{ id: 10, name: 'Hall 1' }],
  sensors: [],
};
export const forkliftB: Device = { ...forkliftA, id: 2, name: 'Forklift B' };
export const devices = [forkliftA, forkliftB];
export const groups: DeviceGroupListEntry[] = [{ id: 10, name: 'Hall 1', devices: [{ id: 1 }, { id: 2 }] }];
export const users: CompanyUser[] = [
  { id: 7, name: 'Anna Kowalska', firstname: 'Anna', lastname: 'Kowalska' },
  { id: 8, name: 'Jan Nowak', firstname: 'Jan', lastname: 'Nowak' },
];

const ruleTypes = ['authentication', 'value', 'charging', 'part-replace'];

/** `GET /api/alertrules/new` (or `{id}/edit`, with the type disabled and the rule's values). */
export function ruleForm(token = 'rule-new', data: FormDefinition['data'] = {}, typeDisabled = false): FormDefinition {
  return {
    data: { importance: 'warning', ...data },
    schema: {
      name: field('text', 'alert-rule.field.name', { required: true, maxLength: 128 }),
      type: field('choice', 'alert-rule.field.type', { required: true, disabled: typeDisabled }),
      importance: field('choice', 'alert-rule.field.importance', { required: true }),
      description: field('textarea', 'alert-rule.field.description', { maxLength: 1000 }),
    },
    choices: {
      type: ruleTypes.map((type) => ({ value: type, label: `alert-rule.type.${type}`, translate: true })),
      importance: ['info', 'warning', 'error'].map((value) => ({ value, label: `alert-rule.importance.${value}`, translate: true })),
    },
    token,
  };
}

/** `GET /api/alertrules/5/conditions/new` of a value rule: the devices' parameters with their units. */
export function valueConditionForm(token = 'condition-new'): FormDefinition {
  return {
    data: { operator: 'gt', date_interval: '10m' },
    schema: {
      variable: field('choice', 'alert-rule.field.variable', { required: true }),
      operator: field('choice', 'alert-rule.field.operator', { required: true }),
      argument: field('number', 'alert-rule.field.argument', { required: true }),
      date_interval: field('choice', 'alert-rule.field.repeat-interval', { required: true }),
      fromHour: field('hour', 'alert-rule.field.fromHour'),
      toHour: field('hour', 'alert-rule.field.toHour'),
    },
    choices: {
      variable: [
        { value: 3, label: 'Battery voltage', unit: 'V' },
        { value: 12, label: 'Load', unit: 'kg' },
      ],
      operator: ['eq', 'gt', 'lt', 'gte', 'lte', 'neq'].map((value) => ({ value, label: `alert-rule.operator.${value}`, translate: true })),
      date_interval: ['60m', '30m', '15m', '10m'].map((value) => ({ value, label: `alert-rule.interval.${value}`, translate: true })),
    },
    token,
  };
}

export const preview: AlertPreview = {
  from: '2026-02-23T00:00:00+01:00',
  to: '2026-03-02T12:00:00+01:00',
  alerts: 3,
  occurrences: 17,
  devices: [
    { id: 1, name: 'Forklift A', alerts: 3, occurrences: 17 },
    { id: 2, name: 'Forklift B', alerts: 0, occurrences: 0 },
  ],
};

export const batteryRule: AlertRuleRow = {
  id: 5,
  name: 'Low battery',
  type: 'value',
  importance: 'error',
  description: 'Send the truck to the charger',
  summary: { condition: { variable: 3, operator: 'lt', argument: 11.5, date_interval: '10m' }, parameter: { name: 'Battery voltage', unit: 'V' } },
  enabled: true,
  draft: false,
  archived: false,
  deviceCount: 2,
  userCount: 1,
  createdAt: '2026-03-01T10:00:00+01:00',
};
export const cardRule: AlertRuleRow = {
  ...batteryRule,
  id: 6,
  name: 'Unknown cards',
  type: 'authentication',
  importance: 'info',
  description: null,
  summary: { condition: null, parameter: null },
  enabled: false,
  deviceCount: 1,
};
/** Left in the wizard after step 1: a disabled draft without a condition. */
export const draftRule: AlertRuleRow = {
  ...batteryRule,
  id: 7,
  name: 'Half-made rule',
  description: null,
  summary: { condition: null, parameter: null },
  enabled: false,
  draft: true,
  deviceCount: 0,
};

export const batteryRuleDetail: AlertRuleDetail = {
  ...batteryRule,
  conditions: [{ id: 50, position: 1, condition: { variable: 3, operator: 'lt', argument: 11.5, date_interval: '10m' } }],
  devices: [{ id: 1, name: 'Forklift A' }],
  groups: [{ id: 10, name: 'Hall 1' }],
  users: [{ id: 7, name: 'Anna Kowalska' }],
  stats: [
    { level: 'error', count: 2 },
    { level: 'warning', count: 0 },
    { level: 'info', count: 0 },
  ],
};

export const activeAlert: AlertRow = {
  id: 100,
  source: 'rule',
  createdAt: '2026-03-02T10:05:00+01:00',
  lastAt: '2026-03-02T10:45:00+01:00',
  endedAt: null,
  confirmedAt: null,
  counter: 4,
  importance: 'error',
  status: 'active',
  device: { id: 1, name: 'Forklift A' },
  rule: { id: 5, name: 'Low battery', type: 'value', archived: false, summary: batteryRule.summary },
  message: { key: 'alert.message.value', params: { parameter: 'Battery voltage', value: 11.23456, unit: 'V', operator: 'lt', argument: 11.5 } },
  description: 'Send the truck to the charger',
};
export const archivedRuleAlert: AlertRow = {
  ...activeAlert,
  id: 101,
  status: 'confirmed',
  endedAt: '2026-03-01T09:00:00+01:00',
  confirmedAt: '2026-03-01T09:30:00+01:00',
  importance: 'warning',
  rule: { id: 4, name: 'Old geofence', type: 'geolocation', archived: true, summary: { condition: null, parameter: null } },
  message: { key: 'alert.message.lastsync', params: { minutes: 90, lastContact: '2026-03-01T07:30:00+01:00' } },
  description: null,
};
export const alerts = [activeAlert, archivedRuleAlert];
