import Stack from '@mui/material/Stack';
import { Fragment } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { FormDefinition, FormFieldType, FormValue } from '@gearwatch/contracts';
import type { FieldProps } from './field-props.ts';
import { CheckboxFormField } from './fields/CheckboxFormField.tsx';
import { ChoiceFormField } from './fields/ChoiceFormField.tsx';
import { DateFormField } from './fields/DateFormField.tsx';
import { DateTimeFormField } from './fields/DateTimeFormField.tsx';
import { EntityFormField } from './fields/EntityFormField.tsx';
import { GeoPolygonFormField } from './fields/GeoPolygonFormField.tsx';
import { HourFormField } from './fields/HourFormField.tsx';
import { NumberFormField } from './fields/NumberFormField.tsx';
import { RadioFormField } from './fields/RadioFormField.tsx';
import { SwitchFormField } from './fields/SwitchFormField.tsx';
import { TextareaFormField } from './fields/TextareaFormField.tsx';
import { TextFormField } from './fields/TextFormField.tsx';
import type { FormValues } from './form-values.ts';

/** The component of each field type; a Record so that a new type in the contracts fails the type check here. */
const FIELD_COMPONENTS: Record<FormFieldType, ComponentType<FieldProps>> = {
  text: TextFormField,
  email: TextFormField,
  number: NumberFormField,
  textarea: TextareaFormField,
  entity: EntityFormField,
  choice: ChoiceFormField,
  radio: RadioFormField,
  checkbox: CheckboxFormField,
  switch: SwitchFormField,
  datetime: DateTimeFormField,
  geopolygon: GeoPolygonFormField,
  date: DateFormField,
  hour: HourFormField,
};

const NO_ERRORS: readonly string[] = [];
const NO_CHOICES: FormDefinition['choices'][string] = [];

export interface FormRendererProps {
  schema: FormDefinition['schema'];
  choices: FormDefinition['choices'];
  values: FormValues;
  onChange: (name: string, value: FormValue) => void;
  /** Field name → message keys of the server's errors. */
  errors?: Record<string, readonly string[]>;
  /** Disables every field (while the form is sent). */
  disabled?: boolean;
  /** A page's own tools shown under a field, by field name (the OPC UA mapping's Browse buttons and presets). */
  addons?: Partial<Record<string, ReactNode>>;
}

/**
 * The generic form renderer (spec 01 §2): every field of a server-driven form's `schema`, in its order, each drawn by
 * the component of its type, with its value, choices and errors.
 */
export function FormRenderer({ schema, choices, values, onChange, errors = {}, disabled = false, addons = {} }: FormRendererProps) {
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      {Object.entries(schema).map(([name, field]) => {
        const Field = FIELD_COMPONENTS[field.type];
        return (
          <Fragment key={name}>
            <Field
              name={name}
              field={field}
              value={values[name] ?? null}
              onChange={(value) => onChange(name, value)}
              errors={errors[name] ?? NO_ERRORS}
              choices={choices[name] ?? NO_CHOICES}
              disabled={disabled}
            />
            {addons[name] ?? null}
          </Fragment>
        );
      })}
    </Stack>
  );
}
