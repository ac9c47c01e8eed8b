import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORT_MESSAGE_KEYS, REPORT_TYPE_FORMATS, todayIn } from '@gearwatch/contracts';
import type { ReportConfiguration, ReportType } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useCurrentUser } from '../../../api/data-areas.ts';
import { ApiError } from '../../../api/errors.ts';
import { presetRange } from '../../../components/dates/calendar.ts';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { CONFIGURATIONS, saveConfiguration } from '../api/configurations.ts';
import { FILES } from '../api/files.ts';
import {
  canContinue,
  configurationInput,
  firstStepOf,
  groupField,
  isEmailAddress,
  MAX_EMAILS,
  splitAddresses,
  valuesOf,
  WIZARD_STEPS,
} from './wizard-rules.ts';
import type { FieldErrors, WizardValues } from './wizard-rules.ts';
import { useWizardSteps } from '../../../components/wizard/useWizardSteps.ts';

export interface ReportWizardOptions {
  /** The configuration edited (its values prefill every step, PUT on Finish), or null for a new one (POST). */
  configuration: ReportConfiguration | null;
  /** A new report's type chosen beforehand (`/reports-list?new={type}`): the wizard opens on the parameters. */
  initialType?: ReportType | null;
  onClose: () => void;
}

/** Which errors each value's change clears (the field it answers for). */
const ERROR_FIELDS: Partial<Record<keyof WizardValues, readonly string[]>> = {
  type: ['reportType'],
  name: ['name'],
  interval: ['reportInterval'],
  groups: ['deviceGroups', 'deviceOperators', 'groups'],
  users: ['users'],
  emails: ['emails'],
  frequency: ['frequency', 'from', 'to'],
  range: ['from', 'to'],
  format: ['format'],
};

/**
 * The report wizard's state and rules (spec 01 §2, §4, §5): Continue disabled until the step is complete; changing
 * the type clears the groups, the name and the interval; Finish sends the configuration once, and a 400 puts each
 * field's errors on its field and opens the step of the first wrong one.
 */
export function useReportWizard({ configuration, initialType = null, onClose }: ReportWizardOptions) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const me = useCurrentUser();
  const editing = configuration !== null;
  const [initialValues] = useState<WizardValues>(() => {
    const lastMonth = presetRange('last-month', todayIn(me.owner.timezone));
    if (configuration) return valuesOf(configuration, lastMonth);
    return { type: initialType, name: '', interval: '', groups: [], users: [me.id], emails: [], frequency: 'once', range: lastMonth, format: 'xlsx' };
  });
  const [values, setValues] = useState<WizardValues>(initialValues);
  // An edit may visit any step; a new report goes step by step (a prefilled type starts on the parameters).
  const first = !editing && initialType !== null ? 1 : 0;
  const steps = useWizardSteps(WIZARD_STEPS.length, { first, reached: editing ? WIZARD_STEPS.length - 1 : first });
  const { step, busy, setBusy, last } = steps;
  const [errors, setErrors] = useState<FieldErrors>({});
  // The address being typed (added by Enter) and why it was refused.
  const [draft, setDraftText] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);

  const clearErrors = (key: keyof WizardValues) => {
    const fields = ERROR_FIELDS[key] ?? [];
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))));
  };

  const set = <K extends keyof WizardValues>(key: K, value: WizardValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearErrors(key);
  };

  /** Another type: the groups (device or operator), the name and the interval no longer apply (spec 01 §4). */
  const setType = (type: ReportType) => {
    if (type === values.type) return;
    setValues((current) => ({
      ...current,
      type,
      groups: [],
      name: '',
      interval: '',
      format: REPORT_TYPE_FORMATS[type].includes(current.format) ? current.format : 'xlsx',
    }));
    setErrors({});
    // The later steps must be walked again with the new type's fields.
    steps.reachNoFurther(editing ? WIZARD_STEPS.length - 1 : 0);
  };

  const setDraft = (text: string) => {
    setDraftText(text);
    setDraftError(null);
  };

  /**
   * Adds the typed addresses ('Press Enter to add a new address'); a wrong one stays in the field with a message.
   * Answers the addresses as they are afterwards, or null when something was refused.
   */
  const addDraft = (): string[] | null => {
    const parts = splitAddresses(draft);
    const wrong = parts.filter((part) => !isEmailAddress(part));
    if (wrong.length > 0) {
      setDraftError(REPORT_MESSAGE_KEYS.emailInvalid);
      setDraftText(wrong.join(' '));
      return null;
    }
    const known = new Set(values.emails.map((email) => email.toLowerCase()));
    const added = [...values.emails];
    for (const part of parts) {
      if (known.has(part.toLowerCase())) continue;
      known.add(part.toLowerCase());
      added.push(part);
    }
    if (added.length > MAX_EMAILS) {
      setDraftError('form.field.error.too-many');
      return null;
    }
    set('emails', added);
    setDraft('');
    return added;
  };

  const current = WIZARD_STEPS[step] ?? 'type';
  // An address still being typed counts: Continue adds it (or says what is wrong with it).
  const ready = canContinue(current, values) || (current === 'recipients' && splitAddresses(draft).length > 0);

  const finish = async () => {
    setBusy(true);
    try {
      await saveConfiguration(api, configuration?.id ?? null, configurationInput(values));
      void queryClient.invalidateQueries({ queryKey: [CONFIGURATIONS] });
      void queryClient.invalidateQueries({ queryKey: [FILES] });
      notify.success(editing ? 'report.wizard.saved' : 'report.wizard.created');
      onClose();
    } catch (error) {
      const validation = error instanceof ApiError ? error.validation : null;
      if (!validation) {
        notify.failure(error, 'form.message.save-failed');
        return;
      }
      const fields = Object.keys(validation.errors).filter((field) => (validation.errors[field]?.length ?? 0) > 0);
      setErrors(validation.errors);
      for (const key of validation.rootErrors) notify.error(key);
      if (fields.length > 0) steps.open(firstStepOf(fields));
    } finally {
      setBusy(false);
    }
  };

  /** Continue, or Finish on the last step; nothing while the step is incomplete or a call is under way. */
  const next = async () => {
    if (busy || !ready) return;
    if (current === 'recipients' && draft.trim() !== '') {
      const emails = addDraft();
      if (emails === null || !canContinue('recipients', { ...values, emails })) return;
    }
    if (last) {
      await finish();
      return;
    }
    steps.advance();
  };

  return {
    ...steps,
    values,
    errors,
    current,
    ready,
    editing,
    /** Something was entered or changed (an address being typed counts): closing asks first. */
    dirty: draft.trim() !== '' || JSON.stringify(values) !== JSON.stringify(initialValues),
    /** The error field of the group picker: `deviceOperators` or `deviceGroups`. */
    groupField: groupField(values.type),
    set,
    setType,
    draft,
    draftError,
    setDraft,
    addDraft,
    next,
  };
}
export type ReportWizardState = ReturnType<typeof useReportWizard>;
