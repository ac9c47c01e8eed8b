import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { useTranslation } from 'react-i18next';
import { SHIFT_NAME_MAX_LENGTH, shiftTime } from '@gearwatch/contracts';
import type { ProductionShiftInput } from '@gearwatch/contracts';

/** Full hours only (spec 01 §5): a shift starts at 00:00–23:00 and ends at 01:00–24:00. */
const START_TIMES = Array.from({ length: 24 }, (_, hour) => shiftTime(hour));
const END_TIMES = Array.from({ length: 24 }, (_, hour) => shiftTime(hour + 1));

export interface ShiftRowProps {
  index: number;
  shift: ProductionShiftInput;
  /** The position of an earlier shift whose hours this one shares, or null. */
  overlapped: number | null;
  /** While the list is being saved. */
  disabled?: boolean;
  /** Message keys by field (`name`, `timeStart`, `timeEnd`) from the server's answer. */
  errors: Record<string, string[]>;
  onChange: (shift: ProductionShiftInput) => void;
  onRemove: () => void;
}

/** One shift of the company settings dialog: name, start and end hour, a warning when it overlaps an earlier one. */
export function ShiftRow({ index, shift, overlapped, disabled = false, errors, onChange, onRemove }: ShiftRowProps) {
  const { t } = useTranslation();
  const nameError = errors['name']?.[0];
  const startError = errors['timeStart']?.[0];
  const endError = errors['timeEnd']?.[0];
  const number = index + 1;
  return (
    <Box
      data-testid={`shift-${index}`}
      sx={{
        display: 'grid',
        // On a phone the name gets its own row, with the remove button beside it; the warning sits by the times.
        gridTemplateColumns: { xs: '1fr 1fr 40px', sm: 'minmax(0, 2fr) 1fr 1fr 40px 40px' },
        gridTemplateAreas: { xs: '"name name remove" "start end warn"', sm: '"name start end warn remove"' },
        gap: 1.5,
        alignItems: 'start',
      }}
    >
      <TextField
        label={t('shifts.name', { number })}
        value={shift.name}
        onChange={(event) => onChange({ ...shift, name: event.target.value })}
        disabled={disabled}
        error={Boolean(nameError)}
        helperText={nameError ? t(nameError) : undefined}
        slotProps={{ htmlInput: { maxLength: SHIFT_NAME_MAX_LENGTH } }}
        size="small"
        sx={{ gridArea: 'name' }}
      />
      <TextField
        select
        label={t('shifts.start', { number })}
        value={shift.timeStart}
        onChange={(event) => onChange({ ...shift, timeStart: event.target.value })}
        disabled={disabled}
        error={Boolean(startError)}
        helperText={startError ? t(startError) : undefined}
        size="small"
        sx={{ gridArea: 'start' }}
      >
        {START_TIMES.map((time) => (
          <MenuItem key={time} value={time}>
            {time}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('shifts.end', { number })}
        value={shift.timeEnd}
        onChange={(event) => onChange({ ...shift, timeEnd: event.target.value })}
        disabled={disabled}
        error={Boolean(endError)}
        helperText={endError ? t(endError) : undefined}
        size="small"
        sx={{ gridArea: 'end' }}
      >
        {END_TIMES.map((time) => (
          <MenuItem key={time} value={time}>
            {time}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridArea: 'warn', width: 40, height: 40, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {overlapped !== null ? (
          <Tooltip title={t('shifts.overlap', { number: overlapped + 1 })}>
            <WarningAmberOutlined color="warning" aria-label={t('shifts.overlap', { number: overlapped + 1 })} data-testid={`shift-${index}-overlap`} />
          </Tooltip>
        ) : null}
      </Box>
      <Tooltip title={t('shifts.remove', { number })}>
        {/* A disabled button gets no pointer events: the span keeps the tooltip working while the list is saved. */}
        <Box component="span" sx={{ gridArea: 'remove' }}>
          <IconButton aria-label={t('shifts.remove', { number })} onClick={onRemove} disabled={disabled}>
            <DeleteOutlined />
          </IconButton>
        </Box>
      </Tooltip>
    </Box>
  );
}
