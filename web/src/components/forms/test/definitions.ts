import type { FormDefinition } from '@gearwatch/contracts';
import { field } from './fields.ts';

/** A device-like form: a required upper-cased name, groups, a status choice, a switch and an area. */
export function deviceDefinition(token = 't1', data: FormDefinition['data'] = {}): FormDefinition {
  return {
    data: { name: 'PRESS', groups: [1], status: 'operational', active: true, ...data },
    schema: {
      name: field('text', 'support.subject', { required: true, changeToUpperCase: true }),
      groups: field('entity', 'support.content', { multiple: true }),
      status: field('choice', 'impersonate.user'),
      active: field('switch', 'monitor.axis.on'),
      area: field('geopolygon', 'geo-monitor.map'),
    },
    choices: {
      groups: [
        { value: 1, label: 'Line A' },
        { value: 2, label: 'Line B' },
      ],
      status: [
        { value: 'operational', label: 'Operational' },
        { value: 'damaged', label: 'Damaged' },
      ],
    },
    token,
  };
}
