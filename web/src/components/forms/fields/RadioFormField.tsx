import type { FieldProps } from '../field-props.ts';
import { useChoiceLabel } from '../field-text.tsx';
import { ExpandedChoices } from './ExpandedChoices.tsx';

/** radio: one of the choices as radio buttons, labels translated when the choice says so. */
export function RadioFormField(props: FieldProps) {
  const labelOf = useChoiceLabel();
  return <ExpandedChoices {...props} multiple={false} labelOf={labelOf} />;
}
