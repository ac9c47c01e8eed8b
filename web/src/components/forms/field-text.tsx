import Box from '@mui/material/Box';
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choice, FormField } from '@gearwatch/contracts';

export interface FieldText {
  label: string;
  /** The translated errors, one a line, or else the translated help; undefined for neither. */
  helperText: ReactNode;
  error: boolean;
}

/** A field's label, help and errors, translated: `label`, `help` and the errors are all message keys. */
export function useFieldText(field: FormField, errors: readonly string[]): FieldText {
  const { t } = useTranslation();
  const helperText =
    errors.length > 0
      ? errors.map((key) => (
          <Box component="span" key={key} sx={{ display: 'block' }}>
            {t(key)}
          </Box>
        ))
      : field.help
        ? t(field.help)
        : undefined;
  return { label: t(field.label), helperText, error: errors.length > 0 };
}

/** What a choice shows: a constant list's key translated, an entity's name as it is. */
export function useChoiceLabel(): (choice: Choice) => string {
  const { t } = useTranslation();
  return (choice) => (choice.translate ? t(choice.label) : choice.label);
}

/** The choice a value names; values compare as text (an entity id may arrive as 3 or '3'). */
export function findChoice(choices: readonly Choice[], value: unknown): Choice | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return choices.find((choice) => String(choice.value) === String(value));
}

/**
 * The typed text upper-cased in place, keeping the caret where it was: React leaves an input alone whose DOM value
 * already equals the new state, whereas replacing it would throw the caret to the end at every key.
 */
export function upperCased(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): string {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    const { selectionStart, selectionEnd } = input;
    input.value = upper;
    if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
  }
  return upper;
}

/** An emptied text field is no value, as the server decodes it. */
export function textValue(text: string): string | null {
  return text === '' ? null : text;
}
