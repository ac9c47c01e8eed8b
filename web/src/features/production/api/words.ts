import { PRODUCTION_FIXED_PARAMETERS } from '@gearwatch/contracts';
import type { ProductionLineStatus, ProductionValueKind, ProductionViewType } from '@gearwatch/contracts';
import { formattingLocale } from '../../../i18n/locale.ts';

// The translation keys the production screens build from the contracts' lists, and the numbers they format.

export const viewTypeKey = (type: ProductionViewType) => `production.type.${type}`;
export const viewTypeDescriptionKey = (type: ProductionViewType) => `production.type.${type}.description`;
export const statusKey = (status: ProductionLineStatus) => `production.status.${status}`;
/** The fixed parameters (efficiency, work, active) have their names in every language, by number. */
export const fixedParameterKey = (parameter: number) => `production.parameter.${parameter}`;

export const isFixedParameter = (parameter: number) => (PRODUCTION_FIXED_PARAMETERS as readonly number[]).includes(parameter);

/** A parameter's name: the fixed ones translated, a counter by the name its device type gives it. */
export function parameterName(t: (key: string) => string, parameter: number, name: string): string {
  return isFixedParameter(parameter) ? t(fixedParameterKey(parameter)) : name;
}

/** The unit a value and its goal are measured in: %, minutes, or the counter's own unit (none when it has none). */
export function unitOf(t: (key: string) => string, kind: ProductionValueKind, unit: string | null): string {
  if (kind === 'percent') return '%';
  if (kind === 'minutes') return t('production.unit.minutes');
  return unit ?? '';
}

/** A whole number in the interface language (thousands grouped), or a dash without a value. */
export function formatAmount(value: number | null, language: string): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(formattingLocale(language), { maximumFractionDigits: 0 }).format(value);
}

/** A share 0..1 as a whole percentage ("87 %"), or a dash when undefined. */
export function formatShare(value: number | null, language: string): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(formattingLocale(language), { style: 'percent', maximumFractionDigits: 0 }).format(value);
}
