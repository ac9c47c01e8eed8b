import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_RULE_TYPES, ALERT_RULE_TYPES_WITHOUT_CONDITIONS } from '@gearwatch/contracts';
import type { AlertRuleType, FormDefinition, FormValue } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useServerForm } from '../../../components/forms/useServerForm.ts';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue.ts';
import { conditionOf } from '../api/condition.ts';
import { conditionsResource } from '../api/keys.ts';
import { parameterChoice, submitForm, submitWithFreshToken, usePreview } from '../api/rules.ts';
import { describeCondition } from '../api/words.ts';

/** The preview is asked for once the condition has not changed for this long. */
export const PREVIEW_DEBOUNCE_MS = 500;

export function ruleTypeOf(value: FormValue | undefined): AlertRuleType | null {
  return typeof value === 'string' && (ALERT_RULE_TYPES as readonly string[]).includes(value) ? (value as AlertRuleType) : null;
}

export function needsCondition(type: AlertRuleType | null): boolean {
  return type !== null && !ALERT_RULE_TYPES_WITHOUT_CONDITIONS.includes(type);
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
  let label: string | null = null;
  if (type === 'charging') label = t('alert-rule.field.charging-quantity');
  else if (type === 'part-replace') label = t('alert-rule.field.hours');
  else {
    const unit = parameterChoice(choices, values['variable'])?.unit;
    if (unit) label = t('alert-rule.field.argument-unit', { unit });
  }
  return label ? { ...schema, argument: { ...argument, label } } : schema;
}

/**
 * Step 3 of the wizard: the server's condition form of the rule (once its devices are linked, since the parameters
 * offered are those of its devices), submitted once (POST, then PUT after an edit), the preview of the last 7 days
 * while it is edited, and the default description written after it is saved when the rule has none.
 */
export function useConditionStep({ ruleId, type, ready }: { ruleId: number | null; type: AlertRuleType | null; ready: boolean }) {
  const api = useApi();
  const { t, i18n } = useTranslation();
  const withCondition = needsCondition(type);
  const form = useServerForm(conditionsResource(ruleId ?? 0), null, { enabled: ruleId !== null && ready && withCondition });
  const [conditionId, setConditionId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const definition = form.definition;

  const condition = useMemo(
    () => (withCondition ? (definition ? conditionOf(definition.schema, form.values) : null) : {}),
    [withCondition, definition, form.values],
  );
  // Debounced as text: a new object each render would restart the timer for ever.
  const settled = useDebouncedValue(condition === null ? null : JSON.stringify(condition), PREVIEW_DEBOUNCE_MS);
  const previewed = useMemo(() => (settled === null ? null : (JSON.parse(settled) as Record<string, unknown>)), [settled]);
  const preview = usePreview(ready ? ruleId : null, previewed);

  const schema = useMemo(
    () => (definition ? relabelArgument(definition.schema, definition.choices, form.values, type, t) : null),
    [definition, form.values, type, t],
  );

  /** Saves the condition; answers the default description of the rule, or null when there is nothing to save. */
  const submit = useCallback(async (): Promise<string | null> => {
    if (!withCondition || ruleId === null || !definition) return null;
    const resource = conditionsResource(ruleId);
    const id =
      conditionId === null
        ? await submitForm(api, `/api/${resource}`, 'POST', definition, form.values)
        : await submitWithFreshToken(api, `/api/${resource}/${conditionId}/edit`, `/api/${resource}/${conditionId}`, 'PUT', form.values);
    setConditionId(id);
    setErrors({});
    const saved = conditionOf(definition.schema, form.values);
    return type ? describeCondition(type, saved, { t, language: i18n.language, parameter: parameterChoice(definition.choices, saved['variable']) }) : null;
  }, [api, conditionId, definition, form.values, i18n.language, ruleId, t, type, withCondition]);

  return { withCondition, form, schema, errors, setErrors, submit, preview, previewed };
}
