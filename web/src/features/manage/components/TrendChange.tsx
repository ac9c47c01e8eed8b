// A local stand-in for the shared trend percentage (components/status/TrendPercentage.tsx, built alongside by
// another change): when that one is in, this file goes and its users take it.
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { trendDirection } from '@gearwatch/contracts';
import { formattingLocale } from '../../../i18n/locale.ts';

const COLOURS = { up: 'success.main', down: 'error.main', flat: 'text.secondary' } as const;

/** A trend in percent with its sign (spec 02 §4): green up, red down, grey unchanged; a dash without a trend. */
export function TrendChange({ percent }: { percent: number | null }) {
  const { i18n } = useTranslation();
  if (percent === null) return <Box component="span" sx={{ color: COLOURS.flat }}>—</Box>;
  const direction = trendDirection(percent);
  const text = new Intl.NumberFormat(formattingLocale(i18n.language), { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }).format(percent / 100);
  const Icon = direction === 'down' ? ArrowDownward : ArrowUpward;
  return (
    <Box component="span" data-trend={direction} sx={{ color: COLOURS[direction], display: 'inline-flex', alignItems: 'center', gap: 0.25, whiteSpace: 'nowrap' }}>
      {direction === 'flat' ? null : <Icon sx={{ fontSize: '1em' }} aria-hidden />}
      {text}
    </Box>
  );
}
