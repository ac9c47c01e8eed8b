import { PRODUCTION_VIEW_LIMITS, PRODUCTION_VIEW_MESSAGE_KEYS, PRODUCTION_VIEW_TYPES } from '@gearwatch/contracts';
import type { ProductionView, ProductionViewInput, ProductionViewType } from '@gearwatch/contracts';

/** The wizard's steps (spec 01 §2): view type and name, the two lines, reset hours and the logo. */
export const WIZARD_STEPS = ['view', 'lines', 'finish'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface WizardLine {
  lineName: string;
  deviceId: number | null;
  parameterId: number | null;
  /** As typed: the goal is checked to be digits only before it becomes a number. */
  goal: string;
}

export interface WizardValues {
  type: ProductionViewType | null;
  name: string;
  lines: WizardLine[];
  /** 'HH:00', in any order. */
  resetHours: string[];
  /** A newly picked logo (data URL); null keeps the one set (or there is none). */
  logo: string | null;
  /** The logo the view has already (editing), shown until another is picked. */
  savedLogo: string | null;
}

/** Field errors under the payload's field names (`prodview_name`, `lineParams.0.goal`, …), as the server answers. */
export type FieldErrors = Record<string, string[]>;

/** Every reset hour the wizard offers, 00:00–23:00. */
export const RESET_HOURS = Array.from({ length: PRODUCTION_VIEW_LIMITS.resetHourMax + 1 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

export const emptyLine = (): WizardLine => ({ lineName: '', deviceId: null, parameterId: null, goal: '' });

export function emptyValues(): WizardValues {
  return { type: null, name: '', lines: Array.from({ length: PRODUCTION_VIEW_LIMITS.lines }, emptyLine), resetHours: [], logo: null, savedLogo: null };
}

/** The wizard filled from a stored view (spec 01 §2: name, view_type, lines, reset_time, logo). */
export function valuesOf(view: ProductionView): WizardValues {
  const lines = view.lines
    .slice(0, PRODUCTION_VIEW_LIMITS.lines)
    .map((line): WizardLine => ({ lineName: line.label, deviceId: line.deviceId, parameterId: line.param, goal: String(line.target) }));
  while (lines.length < PRODUCTION_VIEW_LIMITS.lines) lines.push(emptyLine());
  return { type: view.view_type, name: view.name, lines, resetHours: [...view.reset_time], logo: null, savedLogo: view.logo };
}

export const lineField = (index: number, field: 'lineName' | 'deviceId' | 'parameter_id' | 'goal') => `lineParams.${index}.${field}`;

const K = PRODUCTION_VIEW_MESSAGE_KEYS;

function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return K.required;
  if (trimmed.length < PRODUCTION_VIEW_LIMITS.nameMin) return K.minLength3;
  if (trimmed.length > PRODUCTION_VIEW_LIMITS.nameMax) return K.maxLength128;
  return null;
}

function goalError(goal: string): string | null {
  const text = goal.trim();
  if (!text) return K.required;
  if (!/^\d+$/.test(text)) return K.numbersOnly;
  const value = Number(text);
  if (value < PRODUCTION_VIEW_LIMITS.goalMin || value > PRODUCTION_VIEW_LIMITS.goalMax) return K.goalRange;
  return null;
}

/** The errors of one step's fields (spec 01 §5), under the payload's names; empty when the step may be left. */
export function validateStep(step: WizardStep, values: WizardValues): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, key: string | null) => {
    if (key) errors[field] = [key];
  };
  if (step === 'view') {
    add('prodview_type', values.type && (PRODUCTION_VIEW_TYPES as readonly string[]).includes(values.type) ? null : K.required);
    add('prodview_name', nameError(values.name));
  } else if (step === 'lines') {
    values.lines.forEach((line, index) => {
      const label = line.lineName.trim();
      add(lineField(index, 'lineName'), !label ? K.required : label.length > PRODUCTION_VIEW_LIMITS.lineNameMax ? K.maxLength50 : null);
      add(lineField(index, 'deviceId'), line.deviceId === null ? K.required : null);
      add(lineField(index, 'parameter_id'), line.parameterId === null ? K.required : null);
      add(lineField(index, 'goal'), goalError(line.goal));
    });
  } else {
    add('reset_hours', values.resetHours.length === 0 ? K.resetHoursRequired : null);
    add('file', values.logo === null && values.savedLogo === null ? K.logoRequired : null);
  }
  return errors;
}

/** The step holding a field's errors, so a refused Send opens where the first wrong field is. */
export function stepOfField(field: string): number {
  if (field === 'prodview_type' || field === 'prodview_name') return 0;
  if (field.startsWith('lineParams')) return 1;
  return 2;
}

export function firstStepOf(fields: readonly string[]): number {
  return fields.length === 0 ? 0 : Math.min(...fields.map(stepOfField));
}

/** The payload of spec 01 §3 ("Production view (sent)"); the logo only when a new one was picked. */
export function viewInput(values: WizardValues): ProductionViewInput {
  return {
    prodview_type: values.type ?? PRODUCTION_VIEW_TYPES[0],
    prodview_name: values.name.trim(),
    lineParams: values.lines.map((line) => ({
      lineName: line.lineName.trim(),
      deviceId: line.deviceId ?? 0,
      parameter_id: line.parameterId ?? 0,
      goal: Number(line.goal.trim()),
    })),
    reset_hours: [...values.resetHours].sort().join(','),
    file: values.logo,
  };
}
