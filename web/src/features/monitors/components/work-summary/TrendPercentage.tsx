import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/**
 * The change against the previous period (issue 20): a sign, green up, red down, grey when unchanged, and a dash when
 * the previous period had nothing to compare with. A local copy until the shared status icon
 * (web/src/components/status/TrendPercentage.tsx) is merged; then this one goes.
 */
export function TrendPercentage({ value }: { value: number | null }) {
  const { t, i18n } = useTranslation();
  if (value === null) {
    return (
      <Box component="span" aria-label={t('work-summaries.trend.none')} data-testid="trend" data-trend="none" sx={{ color: 'text.disabled', fontSize: '0.75rem' }}>
        –
      </Box>
    );
  }
  const direction = value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value);
  const text = `${direction === 'up' ? '▲' : direction === 'down' ? '▼' : ''}${number}%`;
  return (
    <Box
      component="span"
      aria-label={t('work-summaries.trend.label', { value: `${number}%` })}
      data-testid="trend"
      data-trend={direction}
      sx={{ color: direction === 'up' ? 'success.main' : direction === 'down' ? 'error.main' : 'text.secondary', fontSize: '0.75rem', whiteSpace: 'nowrap' }}
    >
      {text}
    </Box>
  );
}
