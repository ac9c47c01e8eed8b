import { createTheme } from '@mui/material/styles';
import * as colours from '@mui/material/colors';
import { LAYOUT, SCREEN_SIZES, THEME_COLOURS } from '@gearwatch/contracts';

type PaletteName = (typeof THEME_COLOURS)[keyof typeof THEME_COLOURS]['palette'];

function colour(name: keyof typeof THEME_COLOURS): string {
  const { palette, shade } = THEME_COLOURS[name];
  const scale = colours[palette as PaletteName] as Record<string, string>;
  const value = scale[shade];
  if (!value) throw new Error(`Unknown theme colour ${palette} ${shade}`);
  return value;
}

/** The spec's theme colours (spec 01 §9), resolved once to hex values. */
export const themeColours = {
  default: colour('default'),
  light: colour('light'),
  medium: colour('medium'),
  dark: colour('dark'),
  success: colour('success'),
  warning: colour('warning'),
  alert: colour('alert'),
};

export const theme = createTheme({
  palette: {
    primary: { main: themeColours.default },
    success: { main: themeColours.success },
    warning: { main: themeColours.warning },
    error: { main: themeColours.alert },
    grey: { 200: themeColours.light, 400: themeColours.medium, 600: themeColours.dark },
    background: { default: '#f5f7fa' },
  },
  // The MUI breakpoints follow the spec's screen-size classes, so `sx` and `useScreenSize` agree.
  breakpoints: {
    values: { xs: 0, sm: SCREEN_SIZES.xsmall + 1, md: SCREEN_SIZES.small + 1, lg: SCREEN_SIZES.medium + 1, xl: SCREEN_SIZES.large + 1 },
  },
  transitions: { duration: { standard: LAYOUT.animationMs } },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTooltip: { defaultProps: { arrow: true } },
    // A finger needs a 44 px target (WCAG 2.5.5, Apple's and Google's guides): row actions and chart buttons are
    // small icon buttons, 30 px as drawn, so on a phone or a touch screen their target grows, not their icon.
    MuiIconButton: {
      styleOverrides: {
        root: ({ theme: current }) => ({
          [current.breakpoints.down('sm')]: { minWidth: 44, minHeight: 44 },
          '@media (pointer: coarse)': { minWidth: 44, minHeight: 44 },
        }),
      },
    },
  },
});
