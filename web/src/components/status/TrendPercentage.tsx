import Box from '@mui/material/Box';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import { useTranslation } from 'react-i18next';

export type TrendDirection = 'up' | 'down' | 'flat' | 'none';

/** Which way a change points; null (nothing to compare with) is none. */
export function trendDirection(value: number | null): TrendDirection {
  if (value === null || !Number.isFinite(value)) return 'none';
  return value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
}

/** The change written with its sign, whole percent: +12%, −5%, 0%; a dash without a value. */
export function trendText(value: number | null): string {
  const direction = trendDirection(value);
  if (direction === 'none' || value === null) return '—';
  const whole = Math.round(Math.abs(value));
  return direction === 'up' ? `+${whole}%` : direction === 'down' ? `\u2212${whole}%` : '0%';
}

const COLOURS: Record<TrendDirection, string> = { up: 'success.main', down: 'error.main', flat: 'text.secondary', none: 'text.disabled' };

export interface TrendPercentageProps {
  /** Percent change against the previous equal period; null when there was nothing to compare with. */
  value: number | null;
}

/**
 * A trend percentage (spec 02 §4 "Domain states": shown with a sign, green up, red down): the change against the
 * previous equal period with an arrow; grey when unchanged, a dash when unknown. The label reads the direction out.
 */
export function TrendPercentage({ value }: TrendPercentageProps) {
  const { t } = useTranslation();
  const direction = trendDirection(value);
  const text = trendText(value);
  return (
    <Box
      component="span"
      data-testid="trend-percentage"
      data-direction={direction}
      aria-label={direction === 'none' ? t('trend.none') : t(`trend.${direction}`, { value: text })}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: COLOURS[direction], fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {direction === 'up' ? <ArrowUpwardRounded fontSize="inherit" aria-hidden /> : null}
      {direction === 'down' ? <ArrowDownwardRounded fontSize="inherit" aria-hidden /> : null}
      {text}
    </Box>
  );
}
