import type { FormDefinition } from '@gearwatch/contracts';
import type { FormValues } from '../../../components/forms/form-values.ts';

/**
 * The condition a condition form's values stand for, as `POST /api/alertrules/{id}/preview` takes it (the JSON of
 * alertConditionSchemas): every field of the form by its name, empty ones left out (an hour not set, no weekdays).
 */
export function conditionOf(schema: FormDefinition['schema'], values: FormValues): Record<string, unknown> {
  const condition: Record<string, unknown> = {};
  for (const name of Object.keys(schema)) {
    const value = values[name];
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    condition[name] = name === 'workDays' && Array.isArray(value) ? value.map(Number) : value;
  }
  return condition;
}
