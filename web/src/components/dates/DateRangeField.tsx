// <DateRangeField value={{ from, to }} onChange={setRange} today={todayInCompany} maxDays={93} presets />
// A read-only text field showing the range as localised short dates; clicking it (or Enter/Space/Alt+Down) opens a
// month calendar. The first click picks the start, the second the end and closes the popover (spec 02 §4); a range
// picked backwards is swapped, so onChange always gets from <= to. Values are 'YYYY-MM-DD' strings.
// - today: 'YYYY-MM-DD', today on the company's clock (todayIn(useDateFormat().timeZone)).
// - maxDays: days further than maxDays-1 from the first pick are disabled.
// - presets: a row of this week / last week / this month / last month (spec 02 §9); a preset applies at once.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { daysInclusive, normaliseRange } from '@gearwatch/contracts';
import type { DateRange } from '@gearwatch/contracts';
import { DATE_PRESETS, monthOf, presetRange } from './calendar.ts';
import type { DatePreset } from './calendar.ts';
import { formatShortDate } from './format.ts';
import { RangeCalendar } from './RangeCalendar.tsx';

export interface DateRangeFieldProps {
  value: DateRange | null;
  onChange: (range: DateRange) => void;
  label?: string;
  today: string;
  maxDays?: number;
  presets?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
}

const PRESET_LABEL_KEYS: Record<DatePreset, string> = {
  'this-week': 'dates.preset.this-week',
  'last-week': 'dates.preset.last-week',
  'this-month': 'dates.preset.this-month',
  'last-month': 'dates.preset.last-month',
};

export function DateRangeField({
  value,
  onChange,
  label,
  today,
  maxDays,
  presets = false,
  disabled = false,
  fullWidth = false,
  size = 'small',
}: DateRangeFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const anchor = useRef<HTMLDivElement>(null);
  const popoverId = useId();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => monthOf(value?.from ?? today));
  const [pendingStart, setPendingStart] = useState<string | null>(null);

  const text = value ? `${formatShortDate(value.from, language)} – ${formatShortDate(value.to, language)}` : '';

  const openPicker = () => {
    if (disabled) return;
    setMonth(monthOf(value?.from ?? today));
    setPendingStart(null);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setPendingStart(null);
  };
  const choose = (range: DateRange) => {
    close();
    onChange(range);
  };
  const pick = (date: string) => {
    if (pendingStart === null) setPendingStart(date);
    else choose(normaliseRange(pendingStart, date));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || (event.key === 'ArrowDown' && event.altKey)) {
      event.preventDefault();
      openPicker();
    }
  };

  const hint = pendingStart !== null ? t('dates.range.pick-end') : maxDays !== undefined ? t('dates.range.max-days', { days: maxDays }) : null;

  return (
    <>
      <TextField
        ref={anchor}
        label={label ?? t('dates.range.label')}
        value={text}
        size={size}
        fullWidth={fullWidth}
        disabled={disabled}
        onClick={openPicker}
        onKeyDown={onKeyDown}
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <CalendarMonthOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-haspopup': 'dialog', 'aria-expanded': open, 'aria-controls': open ? popoverId : undefined, 'data-testid': 'date-range-input' },
        }}
        sx={{ minWidth: 240, '& input': { cursor: disabled ? 'default' : 'pointer' } }}
      />
      <Popover
        id={popoverId}
        open={open}
        anchorEl={anchor.current}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label ?? t('dates.range.label') } }}
      >
        <RangeCalendar month={month} onMonthChange={setMonth} selected={value} pendingStart={pendingStart} today={today} maxDays={maxDays} onPick={pick} />
        {hint ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, pb: 1 }}>
            {hint}
          </Typography>
        ) : null}
        {presets ? (
          <>
            <Divider />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 1, maxWidth: 290 }}>
              {DATE_PRESETS.map((preset) => {
                const range = presetRange(preset, today);
                return (
                  <Button key={preset} size="small" disabled={maxDays !== undefined && daysInclusive(range) > maxDays} onClick={() => choose(range)}>
                    {t(PRESET_LABEL_KEYS[preset])}
                  </Button>
                );
              })}
            </Box>
          </>
        ) : null}
      </Popover>
    </>
  );
}
