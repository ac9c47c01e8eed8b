import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_RULE_TYPES, ALERT_RULE_TYPES_WITHOUT_CONDITIONS, ALERT_UNIT_RANGED_TYPES, FORM_MESSAGE_KEYS, alertArgumentRange } from '@gearwatch/contracts';
import type { AlertRuleType, FormDefinition, FormValue } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useServerForm } from '../../../components/forms/useServerForm.ts';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue.ts';
import { conditionOf } from '../api/condition.ts';
import { conditionsResource } from '../api/keys.ts';
import { parameterChoice, submitForm, submitWithFreshToken, usePreview } from '../api/rules.ts';

/** The preview is asked for once the condition has not changed for this long. */
export const PREVIEW_DEBOUNCE_MS = 500;

export function ruleTypeOf(value: FormValue | undefined): AlertRuleType | null {
  return typeof value === 'string' && (ALERT_RULE_TYPES as readonly string[]).includes(value) ? (value as AlertRuleType) : null;
}

export function needsCondition(type: AlertRuleType | null): boolean {
  return type !== null && !ALERT_RULE_TYPES_WITHOUT_CONDITIONS.includes(type);
}

/**
 * A value or charging threshold outside the range of its parameter's unit (contracts' ALERT_ARGUMENT_RANGES, which
 * the server checks too): the argument's field error, or null.
 */
export function argumentRangeErrors(
  type: AlertRuleType | null,
  choices: FormDefinition['choices'],
  values: Record<string, FormValue>,
): Record<string, string[]> | null {
  const argument = values['argument'];
  if (type === null || !ALERT_UNIT_RANGED_TYPES.includes(type) || typeof argument !== 'number') return null;
  const range = alertArgumentRange(parameterChoice(choices, values['variable'])?.unit);
  return argument < range.min || argument > range.max ? { argument: [FORM_MESSAGE_KEYS.outOfRange] } : null;
}

/** Whether every required field of the condition form has a value: before that there is nothing to preview. */
export function requiredFilled(schema: FormDefinition['schema'], condition: Record<string, unknown>): boolean {
  return Object.entries(schema).every(([name, field]) => !field.required || condition[name] !== undefined);
}

/**
 * The argument's label follows what it is compared with (spec 01 §5): the chosen parameter's unit, the charging
 * quantity, or hours for part replace. The label is put into the schema already translated; the field translates
 * it again, which leaves a text that is no key as it is.
 */
export function relabelArgument(
  schema: FormDefinition['schema'],
  choices: FormDefinition['choices'],
  values: Record<string, FormValue>,
  type: AlertRuleType | null,
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  const argument = schema['argument'];
  if (!argument) return schema;
  const unit = parameterChoice(choices, values['variable'])?.unit;
  let label: string | null = null;
  if (type === 'charging') label = t('alert-rule.field.charging-quantity');
  else if (type === 'part-replace') label = t('alert-rule.field.hours');
  else if (unit) label = t('alert-rule.field.argument-unit', { unit });
  // The number field offers the range of the parameter's unit where the threshold is compared with its readings.
  const range = type !== null && ALERT_UNIT_RANGED_TYPES.includes(type) ? alertArgumentRange(unit) : null;
  if (!label && !range) return schema;
  return { ...schema, argument: { ...argument, ...(label ? { label } : {}), ...(range ? { min: range.min, max: range.max } : {}) } };
}

/**
 * Step 3 of the wizard: the server's condition form of the rule (once its devices are linked, since the parameters
 * offered are those of its devices), submitted once (POST, then PUT after an edit), the preview of the last 7 days
 * once its required fields are filled (issue 32 item 8). No description is written: the rule's is generated when read.
 */
export function useConditionStep({ ruleId, type, ready }: { ruleId: number | null; type: AlertRuleType | null; ready: boolean }) {
  const api = useApi();
  const { t } = useTranslation();
  const withCondition = needsCondition(type);
  const form = useServerForm(conditionsResource(ruleId ?? 0), null, { enabled: ruleId !== null && ready && withCondition });
  const [conditionId, setConditionId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const definition = form.definition;

  const rangeErrors = useMemo(() => (definition ? argumentRangeErrors(type, definition.choices, form.values) : null), [definition, type, form.values]);
  // Nothing to preview (no call, so no 400) until every required field is filled and the threshold is in range.
  const condition = useMemo(() => {
    if (!withCondition) return {};
    if (!definition || rangeErrors) return null;
    const filled = conditionOf(definition.schema, form.values);
    return requiredFilled(definition.schema, filled) ? filled : null;
  }, [withCondition, definition, form.values, rangeErrors]);
  // Debounced as text: a new object each render would restart the timer for ever.
  const settled = useDebouncedValue(condition === null ? null : JSON.stringify(condition), PREVIEW_DEBOUNCE_MS);
  const previewed = useMemo(() => (settled === null ? null : (JSON.parse(settled) as Record<string, unknown>)), [settled]);
  const preview = usePreview(ready ? ruleId : null, previewed);

  const schema = useMemo(
    () => (definition ? relabelArgument(definition.schema, definition.choices, form.values, type, t) : null),
    [definition, form.values, type, t],
  );

  /** Saves the condition (nothing to save for a type without one); false when the threshold is out of range. */
  const submit = useCallback(async (): Promise<boolean> => {
    if (!withCondition) return true;
    if (ruleId === null || !definition) return false;
    if (rangeErrors) {
      setErrors(rangeErrors);
      return false;
    }
    const resource = conditionsResource(ruleId);
    const id =
      conditionId === null
        ? await submitForm(api, `/api/${resource}`, 'POST', definition, form.values)
        : await submitWithFreshToken(api, `/api/${resource}/${conditionId}/edit`, `/api/${resource}/${conditionId}`, 'PUT', form.values);
    setConditionId(id);
    setErrors({});
    return true;
  }, [api, conditionId, definition, form.values, rangeErrors, ruleId, withCondition]);

  // A threshold out of range says so as it is typed, beside what the server answered last.
  const shownErrors = useMemo(() => ({ ...errors, ...(rangeErrors ?? {}) }), [errors, rangeErrors]);
  return { withCondition, form, schema, errors: shownErrors, setErrors, submit, preview, previewed };
}
