import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ProductionLineState, ProductionViewType } from '@gearwatch/contracts';
import { formatAmount, formatShare, parameterName, statusKey, unitOf } from '../../api/words.ts';
import { formatTime } from '../../../../components/dates/format.ts';
import { LIVE_SIZES, STATUS_COLOURS } from './live-theme.ts';

export interface LineTileProps {
  line: ProductionLineState;
  layout: ProductionViewType;
  /** The period's end and the company's time zone, for the projection ("→ 790 by 14:00"). */
  periodEnd: string;
  timezone: string;
  index: number;
  /** Another line shows OEE: this one keeps the same room empty, so both lines' numbers and bars line up. */
  oeeRoom: boolean;
}

/** The share of the bar a value takes: 0..100 %, against the goal (a goal of 0 is met by anything). */
function barShare(value: number | null, goal: number): number {
  if (value === null || !Number.isFinite(value)) return 0;
  if (goal <= 0) return value > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, (value / goal) * 100));
}

/**
 * One line on the shop-floor screen: its label and device, the value against the goal as a big number and a bar with
 * the pace marker, the projection to the period's end, the status in colour and in words, and OEE for counter lines.
 */
export function LineTile({ line, layout, periodEnd, timezone, index, oeeRoom }: LineTileProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const colour = STATUS_COLOURS[line.status];
  const unit = unitOf(t, line.valueKind, line.unit);
  const withUnit = (text: string) => (unit ? `${text} ${unit}` : text);
  const rows = layout === 'rows';
  const valueShare = barShare(line.value, line.goal);
  const paceShare = barShare(line.pace, line.goal);
  const device = line.deviceName ?? t('production.live.no-device');
  return (
    <Box
      component="section"
      aria-label={line.label}
      data-testid={`live-line-${index}`}
      data-status={line.status}
      sx={{
        minHeight: 0,
        minWidth: 0,
        display: 'grid',
        gridTemplateColumns: rows && oeeRoom ? `minmax(0, 1fr) ${LIVE_SIZES.oee.rows}` : 'minmax(0, 1fr)',
        gridTemplateRows: rows || !oeeRoom ? 'minmax(0, 1fr)' : `minmax(0, 1fr) ${LIVE_SIZES.oee.columns}`,
        columnGap: '3vw',
        rowGap: '2vh',
        p: rows ? '1.6vh 2.4vw' : '2.4vh 2vw',
        bgcolor: 'background.paper',
        borderRadius: '1.2vh',
        borderTop: `0.9vh solid ${colour}`,
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', minHeight: 0, gap: rows ? '0.6vh' : '1.4vh' }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: '1.5vw' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              component="h2"
              sx={{ fontSize: LIVE_SIZES.label[layout], fontWeight: 700, lineHeight: 1.1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {line.label}
            </Typography>
            <Typography
              sx={{ fontSize: LIVE_SIZES.detail[layout], color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {`${device} · ${parameterName(t, line.param, line.paramName)}`}
            </Typography>
          </Box>
          <Box
            data-testid="line-status"
            sx={{
              flexShrink: 0,
              bgcolor: colour,
              color: '#000',
              fontWeight: 800,
              fontSize: LIVE_SIZES.detail[layout],
              px: '1.2vw',
              py: '0.5vh',
              borderRadius: '0.8vh',
              textTransform: 'uppercase',
              letterSpacing: '0.04em',
            }}
          >
            {t(statusKey(line.status))}
          </Box>
        </Box>
        <Box
          sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: '1vw', lineHeight: 1, fontVariantNumeric: 'tabular-nums' }}
          data-testid="line-value"
        >
          <Box component="span" sx={{ fontSize: LIVE_SIZES.value[layout], fontWeight: 800, color: line.value === null ? 'text.secondary' : colour }}>
            {formatAmount(line.value, language)}
          </Box>
          <Box component="span" sx={{ fontSize: `calc(${LIVE_SIZES.value[layout]} * 0.5)`, fontWeight: 600, color: 'text.secondary' }}>
            {`/ ${withUnit(formatAmount(line.goal, language))}`}
          </Box>
        </Box>
        <Box>
          <Box
            role="meter"
            aria-label={t('production.live.progress')}
            aria-valuemin={0}
            aria-valuemax={line.goal}
            aria-valuenow={line.value ?? 0}
            sx={{ position: 'relative', height: LIVE_SIZES.bar[layout], bgcolor: 'rgba(255,255,255,0.12)', borderRadius: '0.6vh', overflow: 'visible' }}
          >
            <Box sx={{ position: 'absolute', inset: 0, right: 'auto', width: `${valueShare}%`, bgcolor: colour, borderRadius: '0.6vh' }} />
            <Box
              data-testid="pace-marker"
              title={t('production.live.pace', { value: withUnit(formatAmount(line.pace, language)) })}
              sx={{
                position: 'absolute',
                top: '-0.8vh',
                bottom: '-0.8vh',
                left: `calc(${paceShare}% - 0.25vw)`,
                width: '0.5vw',
                minWidth: 3,
                bgcolor: '#fff',
                borderRadius: 1,
                boxShadow: '0 0 0 2px rgba(0,0,0,0.6)',
              }}
            />
          </Box>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: '1vw',
              mt: '1vh',
              fontSize: LIVE_SIZES.detail[layout],
              color: 'text.secondary',
            }}
          >
            <span>{t('production.live.pace', { value: withUnit(formatAmount(line.pace, language)) })}</span>
            <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }} data-testid="line-projection">
              {line.projection === null
                ? t('production.live.no-projection')
                : t('production.live.projection', {
                    value: withUnit(formatAmount(line.projection, language)),
                    time: formatTime(periodEnd, { language, timeZone: timezone }),
                  })}
            </Box>
          </Box>
        </Box>
      </Box>
      {line.oee ? <OeeBlock oee={line.oee} layout={layout} /> : oeeRoom ? <Box aria-hidden /> : null}
    </Box>
  );
}

function OeeBlock({ oee, layout }: { oee: NonNullable<ProductionLineState['oee']>; layout: ProductionViewType }) {
  const { t, i18n } = useTranslation();
  const figures = [
    ['availability', oee.availability],
    ['performance', oee.performance],
    ['quality', oee.quality],
    ['oee', oee.oee],
  ] as const;
  const rows = layout === 'rows';
  return (
    <Box
      data-testid="line-oee"
      sx={{
        display: 'grid',
        minHeight: 0,
        overflow: 'hidden',
        gridTemplateColumns: rows ? 'repeat(2, minmax(0, 1fr))' : 'repeat(4, minmax(0, 1fr))',
        gap: rows ? '1vh 2vw' : '1vw',
        alignContent: 'center',
        borderTop: rows ? 0 : 1,
        borderLeft: rows ? 1 : 0,
        borderColor: 'divider',
        pt: rows ? 0 : '1.4vh',
        pl: rows ? '2vw' : 0,
      }}
    >
      {figures.map(([name, value]) => (
        <Box key={name} sx={{ textAlign: rows ? 'left' : 'center' }}>
          <Typography sx={{ fontSize: LIVE_SIZES.small, color: 'text.secondary', textTransform: 'uppercase', letterSpacing: '0.05em' }}>
            {t(`production.live.oee.${name}`)}
          </Typography>
          <Typography
            sx={{
              fontSize: name === 'oee' ? `calc(${LIVE_SIZES.detail[layout]} * 1.9)` : `calc(${LIVE_SIZES.detail[layout]} * 1.5)`,
              fontWeight: name === 'oee' ? 800 : 600,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {formatShare(value, i18n.language)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
