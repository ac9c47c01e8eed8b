import { blue } from '@mui/material/colors';
import { createTheme } from '@mui/material/styles';
import type { ProductionLineStatus } from '@gearwatch/contracts';
import { theme, themeColours } from '../../../../components/theme.ts';

/**
 * The colour of each line status (issue 19; spec 01 §9 theme colours): on pace success green A700, behind warning
 * yellow 700, far behind alert red A200, stopped blue 500, no data grey (never red for missing data).
 */
export const STATUS_COLOURS: Record<ProductionLineStatus, string> = {
  'on-pace': themeColours.success,
  behind: themeColours.warning,
  'far-behind': themeColours.alert,
  stopped: blue[500],
  'no-data': themeColours.medium,
};

/** "updated N s ago" turns amber, then red, when no state has arrived for a while. */
export const STALE_COLOURS = { fresh: 'rgba(255,255,255,0.72)', amber: '#ffb300', red: themeColours.alert } as const;

/** The shop-floor screen: dark, so a TV across the hall shows the colours and not the background. */
export const liveTheme = createTheme({
  breakpoints: theme.breakpoints,
  palette: {
    mode: 'dark',
    primary: { main: themeColours.default },
    success: { main: themeColours.success },
    warning: { main: themeColours.warning },
    error: { main: themeColours.alert },
    background: { default: '#0b0f14', paper: '#141a22' },
  },
});

/**
 * Sizes that follow the screen, so the same view reads from five metres on a 32" and on a 65" TV; each has a floor so
 * a phone (390 px: 1 vw is 4 px) still gets text it can read.
 */
export const LIVE_SIZES = {
  title: 'max(18px, min(3.4vw, 5.5vh))',
  label: { columns: 'max(18px, min(3.2vw, 5.4vh))', rows: 'max(16px, min(2.6vw, 5vh))' },
  detail: { columns: 'max(12px, min(1.6vw, 2.6vh))', rows: 'max(12px, min(1.3vw, 2.4vh))' },
  value: { columns: 'max(40px, min(8.5vw, 15vh))', rows: 'max(32px, min(6.5vw, 11vh))' },
  small: 'max(11px, min(1.4vw, 2.4vh))',
  footer: 'max(12px, min(2vw, 3.4vh))',
  bar: { columns: 'max(14px, min(4.5vh, 3vw))', rows: 'max(12px, min(4vh, 2.4vw))' },
  /** The OEE block: a band under a column's bar, a column beside a row. */
  oee: { columns: 'max(56px, min(9vw, 14vh))', rows: 'min(30vw, 50vh)' },
  icon: 'max(24px, min(3vw, 4.5vh))',
} as const;
