import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { SelectableParameter } from '@gearwatch/contracts';

/** The efficiency pseudo-parameter's translated name (the server calls it 'efficiency'). */
export const EFFICIENCY_NAME_KEY = 'monitor.parameter.efficiency';

/** A parameter as the selectors and charts name it: its name and, when it has one, its unit. */
export function parameterLabel(parameter: Pick<SelectableParameter, 'number' | 'name' | 'unit'>, t: (key: string) => string): string {
  const name = parameter.number === PARAMETER_NUMBERS.efficiency ? t(EFFICIENCY_NAME_KEY) : parameter.name;
  return parameter.unit.short ? `${name} [${parameter.unit.short}]` : name;
}

interface CommonProps {
  /** What may be chosen for the selected devices (contracts `selectableParameters`). */
  parameters: readonly SelectableParameter[];
  /** True until a device is selected: the field says so (spec 02 §2). */
  noDevice: boolean;
  loading?: boolean;
}

export type ParameterFieldProps = CommonProps &
  (
    | { multiple: true; value: readonly number[]; onChange: (numbers: number[]) => void }
    | { multiple?: false; value: number | null; onChange: (number: number | null) => void }
  );

/**
 * The parameter choice (one or several), searchable; disabled with the label 'Select a device first' until a
 * device is selected. Options show the name and unit.
 */
export function ParameterField(props: ParameterFieldProps) {
  const { parameters, noDevice, loading = false } = props;
  const { t } = useTranslation();
  const byNumber = useMemo(() => new Map(parameters.map((parameter) => [parameter.number, parameter])), [parameters]);
  const label = noDevice ? t('monitor.select-device-first') : t(props.multiple ? 'monitor.field.parameters' : 'monitor.field.parameter');
  const shared = {
    options: parameters,
    disabled: noDevice,
    loading,
    loadingText: t('common.loading'),
    noOptionsText: t('monitor.field.no-options'),
    getOptionLabel: (parameter: SelectableParameter) => parameterLabel(parameter, t),
    isOptionEqualToValue: (parameter: SelectableParameter, other: SelectableParameter) => parameter.number === other.number,
    renderInput: (params: object) => <TextField {...params} label={label} size="small" />,
  };
  if (props.multiple) {
    const { value, onChange } = props;
    const chosen = value.map((number) => byNumber.get(number)).filter((parameter): parameter is SelectableParameter => parameter !== undefined);
    return (
      <Autocomplete
        {...shared}
        multiple
        data-testid="monitor-field-parameters"
        value={chosen}
        onChange={(_, next) => onChange(next.map((parameter) => parameter.number))}
        filterSelectedOptions
        disableCloseOnSelect
      />
    );
  }
  const { value, onChange } = props;
  return (
    <Autocomplete
      {...shared}
      data-testid="monitor-field-parameter"
      value={value === null ? null : (byNumber.get(value) ?? null)}
      onChange={(_, next) => onChange(next?.number ?? null)}
    />
  );
}
