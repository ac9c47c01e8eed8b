import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProductionView } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ApiError } from '../../../api/errors.ts';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { saveProductionView, VIEWS } from '../api/views.ts';
import { emptyValues, firstStepOf, lineField, validateStep, valuesOf, viewInput, WIZARD_STEPS } from './wizard-rules.ts';
import type { FieldErrors, WizardLine, WizardValues } from './wizard-rules.ts';
import { useWizardSteps } from '../../../components/wizard/useWizardSteps.ts';

export interface ViewWizardOptions {
  /** The view edited (its values prefill every step, PUT on Send), or null for a new one (POST). */
  view: ProductionView | null;
  onClose: () => void;
}

/** Which error fields each value answers for: a change of the value clears them. */
const LINE_ERROR_FIELDS: Record<keyof WizardLine, readonly ('lineName' | 'deviceId' | 'parameter_id' | 'goal')[]> = {
  lineName: ['lineName'],
  // Another device resets the parameter (spec 01 §2): its error goes with it.
  deviceId: ['deviceId', 'parameter_id'],
  parameterId: ['parameter_id'],
  goal: ['goal'],
};

/**
 * The production view wizard's state and rules (spec 01 §2, §4, §5): Next validates the step and stays on it with
 * the errors on their fields; Send validates the last step and sends everything once; a 400 puts each field's errors
 * on its field and opens the step of the first wrong one.
 */
export function useViewWizard({ view, onClose }: ViewWizardOptions) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const editing = view !== null;
  const [values, setValues] = useState<WizardValues>(() => (view ? valuesOf(view) : emptyValues()));
  // An edit may open any step; a new view goes step by step.
  const steps = useWizardSteps(WIZARD_STEPS.length, { reached: editing ? WIZARD_STEPS.length - 1 : 0 });
  const { busy, setBusy, last } = steps;
  const [errors, setErrors] = useState<FieldErrors>({});

  const clear = (fields: readonly string[]) => setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))));

  const set = <K extends 'type' | 'name' | 'resetHours' | 'logo'>(key: K, value: WizardValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clear([{ type: 'prodview_type', name: 'prodview_name', resetHours: 'reset_hours', logo: 'file' }[key]]);
  };

  const setLine = (index: number, change: Partial<WizardLine>) => {
    setValues((current) => ({
      ...current,
      lines: current.lines.map((line, at) => {
        if (at !== index) return line;
        const next = { ...line, ...change };
        // The parameters are the chosen device's: another device starts without one.
        if (change.deviceId !== undefined && change.deviceId !== line.deviceId) next.parameterId = null;
        return next;
      }),
    }));
    const fields = (Object.keys(change) as (keyof WizardLine)[]).flatMap((key) => LINE_ERROR_FIELDS[key].map((field) => lineField(index, field)));
    clear([...fields, 'lineParams']);
  };

  /** The logo field's own check of a picked file (type, size), shown like the server's. */
  const setLogoError = (key: string | null) => {
    if (key) setErrors((current) => ({ ...current, file: [key] }));
    else clear(['file']);
  };

  const current = WIZARD_STEPS[steps.step] ?? 'view';

  const send = async () => {
    setBusy(true);
    try {
      await saveProductionView(api, view?.id ?? null, viewInput(values));
      void queryClient.invalidateQueries({ queryKey: [VIEWS] });
      notify.success(editing ? 'production.wizard.saved' : 'production.wizard.created');
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

  /** Next, or Send on the last step: only when the step's fields are right; otherwise their errors show. */
  const next = async () => {
    if (busy) return;
    const found = validateStep(current, values);
    // The logo field's own refusal of a picked file stands until another file is picked.
    const pending: FieldErrors = current === 'finish' && errors.file ? { file: errors.file } : {};
    if (Object.keys(found).length > 0 || Object.keys(pending).length > 0) {
      setErrors((existing) => ({ ...existing, ...found, ...pending }));
      return;
    }
    if (last) {
      await send();
      return;
    }
    steps.advance();
  };

  /** The first message key of a field, or null. */
  const errorOf = (field: string): string | null => errors[field]?.[0] ?? null;

  return { ...steps, values, errors, errorOf, current, editing, set, setLine, setLogoError, next };
}
export type ViewWizardState = ReturnType<typeof useViewWizard>;
