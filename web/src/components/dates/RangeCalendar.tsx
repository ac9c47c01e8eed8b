// RangeCalendar: one month of days, Monday first, with previous/next month buttons; the body of DateRangeField's
// popover. It shows the chosen range (or, while a range is being picked, the first pick up to the hovered day),
// marks today, and disables days that would make the range longer than maxDays. Picking is reported through
// onPick(date); DateRangeField decides what a pick means.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseRange } from '@gearwatch/contracts';
import type { DateRange } from '@gearwatch/contracts';
import { exceedsMaxDays, isWithin, monthGrid, monthOf, shiftMonth } from './calendar.ts';
import { dayOfMonth, formatLongDate, formatMonth, weekdayNames } from './format.ts';

export interface RangeCalendarProps {
  month: string;
  onMonthChange: (month: string) => void;
  /** The range shown while nothing is being picked. */
  selected: DateRange | null;
  /** The first pick of a range being picked. */
  pendingStart: string | null;
  today: string;
  maxDays?: number;
  onPick: (date: string) => void;
}

const DAY_SIZE_PX = 36;

function dayStyles(theme: Theme) {
  const primary = theme.palette.primary.main;
  return {
    display: 'grid',
    gridTemplateColumns: `repeat(7, ${DAY_SIZE_PX}px)`,
    rowGap: 0.25,
    '& button': {
      ...theme.typography.body2,
      width: DAY_SIZE_PX,
      height: DAY_SIZE_PX,
      padding: 0,
      borderRadius: '50%',
      border: '1px solid transparent',
      background: 'transparent',
      color: theme.palette.text.primary,
      cursor: 'pointer',
      '&:hover, &:focus-visible': { background: alpha(primary, 0.25), outline: 'none' },
      '&[data-outside]': { color: theme.palette.text.disabled },
      '&[data-in-range]': { background: alpha(primary, 0.15) },
      '&[data-end]': { background: primary, color: theme.palette.primary.contrastText },
      '&[data-end]:hover, &[data-end]:focus-visible': { background: theme.palette.primary.dark },
      '&[aria-current="date"]': { borderColor: primary },
      '&:disabled': { color: theme.palette.text.disabled, opacity: 0.5, cursor: 'default', background: 'transparent' },
    },
  };
}

export function RangeCalendar({ month, onMonthChange, selected, pendingStart, today, maxDays, onPick }: RangeCalendarProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [hovered, setHovered] = useState<string | null>(null);
  const shown = pendingStart ? normaliseRange(pendingStart, hovered ?? pendingStart) : selected;

  return (
    <Box sx={{ p: 1.5, width: 'fit-content' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton size="small" aria-label={t('dates.range.previous-month')} onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <ChevronLeft />
        </IconButton>
        <Typography variant="subtitle2" aria-live="polite" data-testid="date-range-month" sx={{ textTransform: 'capitalize' }}>
          {formatMonth(month, language)}
        </Typography>
        <IconButton size="small" aria-label={t('dates.range.next-month')} onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <ChevronRight />
        </IconButton>
      </Box>
      <Box role="grid" sx={(theme) => dayStyles(theme)} onMouseLeave={() => setHovered(null)}>
        <Box role="row" sx={{ display: 'contents' }}>
          {weekdayNames(language).map((name, index) => (
            <Typography key={index} role="columnheader" variant="caption" color="text.secondary" sx={{ textAlign: 'center', lineHeight: `${DAY_SIZE_PX}px` }}>
              {name}
            </Typography>
          ))}
        </Box>
        {monthGrid(month).map((week) => (
          <Box key={week[0]} role="row" sx={{ display: 'contents' }}>
            {week.map((date) => {
              const inRange = isWithin(date, shown);
              return (
                <div key={date} role="gridcell" aria-selected={inRange}>
                  {/* Plain buttons styled from the grid: 42 styled components per render made the picker sluggish. */}
                  <button
                    type="button"
                    data-date={date}
                    data-in-range={inRange || undefined}
                    data-end={(shown !== null && (date === shown.from || date === shown.to)) || undefined}
                    data-outside={monthOf(date) !== month || undefined}
                    aria-label={formatLongDate(date, language)}
                    aria-current={date === today ? 'date' : undefined}
                    disabled={pendingStart !== null && exceedsMaxDays(pendingStart, date, maxDays)}
                    onClick={() => onPick(date)}
                    onMouseEnter={() => setHovered(date)}
                    onFocus={() => setHovered(date)}
                  >
                    {dayOfMonth(date)}
                  </button>
                </div>
              );
            })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
