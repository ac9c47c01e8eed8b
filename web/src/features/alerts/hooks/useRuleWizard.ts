import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ALERT_MESSAGE_KEYS } from '@gearwatch/contracts';
import type { FormDefinition, FormValue } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useCurrentUser } from '../../../api/data-areas.ts';
import { ApiError } from '../../../api/errors.ts';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { useServerForm } from '../../../components/forms/useServerForm.ts';
import { useWizardSteps } from '../../../components/wizard/useWizardSteps.ts';
import { ALERT_RESOURCES, alertPaths } from '../api/keys.ts';
import { changeAssignment, setRuleEnabled, submitForm, updateRule } from '../api/rules.ts';
import type { AssignmentKind } from '../api/rules.ts';
import { ruleTypeOf, useConditionStep } from './useConditionStep.ts';

export const WIZARD_STEPS = ['rule', 'devices', 'condition', 'users'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
type Errors = Record<string, string[]>;

const NOT_BLANK = [ALERT_MESSAGE_KEYS.notBlank];

/** What to assign and unassign to go from the linked ids to the chosen ones. */
function difference(linked: readonly number[], chosen: readonly number[]) {
  return { assign: chosen.filter((id) => !linked.includes(id)), unassign: linked.filter((id) => !chosen.includes(id)) };
}

/**
 * The alert-rule wizard (spec 01 §2, §4): four steps, each submitted by Continue (Finish on the last) once; editing
 * a step clears its submitted flag, so Continue sends it again (the rule by PUT, the links by assign and unassign, the
 * condition by PUT). Step 1 stores the rule as a disabled draft; Finish links the users, enables the rule (which ends
 * the draft), opens the rule's page and notifies alert-rule.created. A wizard left early leaves a draft, listed as
 * such, that never alerts.
 */
export function useRuleWizard(onClose: () => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const me = useCurrentUser();
  const steps = useWizardSteps(WIZARD_STEPS.length);
  const { step, busy, setBusy, advance } = steps;
  const [submitted, setSubmitted] = useState([false, false, false, false]);
  const [ruleId, setRuleId] = useState<number | null>(null);
  const [ruleErrors, setRuleErrors] = useState<Errors>({});
  const [targets, setTargets] = useState<{ devices: number[]; devicegroups: number[] }>({ devices: [], devicegroups: [] });
  const [linked, setLinked] = useState<{ devices: number[]; devicegroups: number[]; users: number[] }>({ devices: [], devicegroups: [], users: [] });
  const [targetErrors, setTargetErrors] = useState<Errors>({});
  const [users, setUsers] = useState<number[]>([me.id]);
  const [userErrors, setUserErrors] = useState<Errors>({});

  const ruleForm = useServerForm(ALERT_RESOURCES.rules, null);
  const type = ruleTypeOf(ruleForm.values['type']);
  const condition = useConditionStep({ ruleId, type, ready: submitted[1] === true });

  const mark = useCallback((index: number, value: boolean) => setSubmitted((current) => current.map((flag, at) => (at === index ? value : flag))), []);

  /** Step 1's form; once the rule exists its type is fixed (the server's edit form disables it). */
  const ruleSchema = useMemo<FormDefinition['schema'] | null>(() => {
    const schema = ruleForm.definition?.schema;
    if (!schema) return null;
    const typeField = schema['type'];
    return ruleId !== null && typeField ? { ...schema, type: { ...typeField, disabled: true } } : schema;
  }, [ruleForm.definition, ruleId]);

  const setRuleValue = (name: string, value: FormValue) => {
    ruleForm.setValue(name, value);
    mark(0, false);
  };
  const setTarget = (kind: 'devices' | 'devicegroups', ids: number[]) => {
    setTargets((current) => ({ ...current, [kind]: ids }));
    setTargetErrors({});
    mark(1, false);
  };
  const setConditionValue = (name: string, value: FormValue) => {
    // Spec 01 §5: the efficiency percent is parsed as an integer.
    condition.form.setValue(name, name === 'efficiency' && typeof value === 'number' ? Math.trunc(value) : value);
    mark(2, false);
  };
  const chooseUsers = (ids: number[]) => {
    setUsers(ids);
    setUserErrors({});
    mark(3, false);
  };

  const submitRule = async () => {
    const definition = ruleForm.definition;
    if (!definition) return false;
    if (ruleId === null) setRuleId(await submitForm(api, `/api/${ALERT_RESOURCES.rules}`, 'POST', definition, ruleForm.values));
    else await updateRule(api, ruleId, ruleForm.values);
    setRuleErrors({});
    return true;
  };

  const link = async (id: number, kind: AssignmentKind, chosen: readonly number[]) => {
    const change = difference(linked[kind], chosen);
    if (change.assign.length > 0) await changeAssignment(api, id, kind, change.assign, 'assign');
    if (change.unassign.length > 0) await changeAssignment(api, id, kind, change.unassign, 'unassign');
    setLinked((current) => ({ ...current, [kind]: [...chosen] }));
  };

  const submitTargets = async () => {
    if (ruleId === null) return false;
    if (targets.devices.length === 0 && targets.devicegroups.length === 0) {
      setTargetErrors({ devices: NOT_BLANK, groups: NOT_BLANK });
      return false;
    }
    await link(ruleId, 'devices', targets.devices);
    await link(ruleId, 'devicegroups', targets.devicegroups);
    setTargetErrors({});
    // Other devices offer other parameters: the condition form is read again and must be saved again.
    mark(2, false);
    return true;
  };

  // Only what the user wrote is stored as the description: the generated one is written whenever the rule is read.
  const submitCondition = async () => {
    if (ruleId === null) return false;
    return condition.submit();
  };

  const finish = async () => {
    if (ruleId === null) return false;
    if (users.length === 0) {
      setUserErrors({ users: NOT_BLANK });
      return false;
    }
    await link(ruleId, 'users', users);
    // Until now the rule was a disabled draft (issue 32 item 6): enabling it is what finishes it.
    await setRuleEnabled(api, ruleId, true);
    void queryClient.invalidateQueries({ queryKey: [ALERT_RESOURCES.rules] });
    onClose();
    void navigate(alertPaths.rule(ruleId));
    notify.success(ALERT_MESSAGE_KEYS.created);
    return true;
  };

  /** A refused step: field errors on its fields, root errors notified, anything else as a failure. */
  const refuse = (index: number, error: unknown) => {
    const validation = error instanceof ApiError ? error.validation : null;
    if (!validation) {
      notify.failure(error, 'form.message.save-failed');
      return;
    }
    if (index === 0) setRuleErrors(validation.errors);
    if (index === 1) setTargetErrors(validation.errors);
    if (index === 2) condition.setErrors(validation.errors);
    if (index === 3) setUserErrors(validation.errors);
    for (const key of validation.rootErrors) notify.error(key);
  };

  /** Continue (or Finish): the step is sent unless it already was, then the next step opens. */
  const next = async () => {
    if (busy) return;
    const index = step;
    if (index < 3 && submitted[index]) {
      advance();
      return;
    }
    setBusy(true);
    try {
      const steps = [submitRule, submitTargets, submitCondition, finish];
      const done = await (steps[index] ?? finish)();
      if (!done) return;
      mark(index, true);
      if (index < 3) advance();
    } catch (error) {
      refuse(index, error);
    } finally {
      setBusy(false);
    }
  };

  return {
    ...steps,
    submitted,
    ruleId,
    type,
    rule: { form: ruleForm, schema: ruleSchema, errors: ruleErrors, setValue: setRuleValue },
    targets: { value: targets, errors: targetErrors, set: setTarget },
    condition: { ...condition, setValue: setConditionValue },
    users: { value: users, errors: userErrors, set: chooseUsers },
    next,
  };
}
export type RuleWizard = ReturnType<typeof useRuleWizard>;
