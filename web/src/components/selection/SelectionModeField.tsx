import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

export interface SelectionModeFieldProps {
  /** Translated texts. */
  label: string;
  itemsLabel: string;
  groupsLabel: string;
  byGroups: boolean;
  onChange: (byGroups: boolean) => void;
  testId?: string;
}

/** The radio switch between choosing items one by one and choosing groups of them (spec 02 §2 "byGroups"). */
export function SelectionModeField({ label, itemsLabel, groupsLabel, byGroups, onChange, testId }: SelectionModeFieldProps) {
  const labelId = useId();
  return (
    <FormControl data-testid={testId}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={labelId} value={byGroups ? 'groups' : 'items'} onChange={(_, value) => onChange(value === 'groups')}>
        <FormControlLabel value="items" control={<Radio size="small" />} label={itemsLabel} />
        <FormControlLabel value="groups" control={<Radio size="small" />} label={groupsLabel} />
      </RadioGroup>
    </FormControl>
  );
}
