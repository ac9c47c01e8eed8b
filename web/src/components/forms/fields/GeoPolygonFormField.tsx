import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useTranslation } from 'react-i18next';
import { FORM_MESSAGE_KEYS } from '@gearwatch/contracts';
import type { GeoPolygon } from '@gearwatch/contracts';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { useFieldText } from '../field-text.tsx';
import { GeoPolygonEditor } from './GeoPolygonEditor.tsx';
import { cornersOf, isClosedRing } from './polygon.ts';

function asPolygon(value: unknown): GeoPolygon | null {
  return Array.isArray(value) && value.every((point) => Array.isArray(point) && point.length === 2) ? (value as GeoPolygon) : null;
}

/** geopolygon: an area drawn on a map, warned about while it is not closed. */
export function GeoPolygonFormField({ name, field, value, onChange, errors, disabled }: FieldProps) {
  const { t } = useTranslation();
  const text = useFieldText(field, errors);
  const polygon = asPolygon(value);
  // The server's own 'not closed' error already says it; the local warning is for while the user draws.
  const open = cornersOf(polygon).length > 0 && !isClosedRing(polygon) && !errors.includes(FORM_MESSAGE_KEYS.areaNotClosed);
  return (
    <FormControl id={fieldId(name)} error={text.error || open} disabled={disabled || field.disabled} required={field.required} fullWidth>
      <FormLabel sx={{ mb: 1 }}>{text.label}</FormLabel>
      <GeoPolygonEditor value={polygon} onChange={onChange} disabled={disabled || field.disabled} ariaLabel={text.label} />
      {open ? <FormHelperText role="alert">{t(FORM_MESSAGE_KEYS.areaNotClosed)}</FormHelperText> : null}
      {text.helperText ? <FormHelperText>{text.helperText}</FormHelperText> : null}
    </FormControl>
  );
}
