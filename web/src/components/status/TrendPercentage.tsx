import { styled } from '@mui/material/styles';
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

/**
 * One styled element per trend, its colour and arrow chosen by data-direction: summary tables show dozens of trends,
 * and a Box with an SvgIcon each cost two styled components apiece (docs/performance.md, page load).
 */
const Trend = styled('span')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.spacing(0.25),
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  '&[data-direction="up"]': { color: theme.palette.success.main },
  '&[data-direction="down"]': { color: theme.palette.error.main },
  '&[data-direction="flat"]': { color: theme.palette.text.secondary },
  '&[data-direction="none"]': { color: theme.palette.text.disabled },
  '& svg': { width: '1em', height: '1em', fill: 'currentColor', flexShrink: 0 },
}));

/** Material's rounded arrows (ArrowUpwardRounded, ArrowDownwardRounded). */
const ARROW_PATHS: Partial<Record<TrendDirection, string>> = {
  up: 'M13 19V7.83l4.88 4.88c.39.39 1.03.39 1.42 0s.39-1.02 0-1.41l-6.59-6.59a.996.996 0 0 0-1.41 0l-6.6 6.58c-.39.39-.39 1.02 0 1.41s1.02.39 1.41 0L11 7.83V19c0 .55.45 1 1 1s1-.45 1-1',
  down: 'M11 5v11.17l-4.88-4.88c-.39-.39-1.03-.39-1.42 0s-.39 1.02 0 1.41l6.59 6.59c.39.39 1.02.39 1.41 0l6.59-6.59c.39-.39.39-1.02 0-1.41a.996.996 0 0 0-1.41 0L13 16.17V5c0-.55-.45-1-1-1s-1 .45-1 1',
};

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
  const arrow = ARROW_PATHS[direction];
  return (
    <Trend
      data-testid="trend-percentage"
      data-direction={direction}
      aria-label={direction === 'none' ? t('trend.none') : t(`trend.${direction}`, { value: text })}
    >
      {arrow ? (
        <svg viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={arrow} />
        </svg>
      ) : null}
      {text}
    </Trend>
  );
}
