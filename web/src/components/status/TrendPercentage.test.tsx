import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../theme.ts';
import { initI18n } from '../../i18n/i18n.ts';
import { TrendPercentage, trendDirection, trendText } from './TrendPercentage.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n('en');
});
afterEach(cleanup);

const renderTrend = (value: number | null) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <TrendPercentage value={value} />
      </ThemeProvider>
    </I18nextProvider>,
  );

describe('TrendPercentage', () => {
  it('writes the change with its sign in whole percent', () => {
    expect(trendText(12.4)).toBe('+12%');
    expect(trendText(-5)).toBe('\u22125%');
    expect(trendText(0)).toBe('0%');
    expect(trendText(null)).toBe('—');
    expect(trendDirection(Number.NaN)).toBe('none');
  });

  it('shows a rise in green with an up arrow and a fall in red with a down arrow', () => {
    renderTrend(25);
    const up = screen.getByTestId('trend-percentage');
    expect(up.textContent).toBe('+25%');
    expect(up.getAttribute('data-direction')).toBe('up');
    expect(up.getAttribute('aria-label')).toBe('Up +25% against the previous period');
    expect(getComputedStyle(up).color.toLowerCase()).toBe(theme.palette.success.main.toLowerCase());
    cleanup();
    renderTrend(-40);
    const down = screen.getByTestId('trend-percentage');
    expect(down.textContent).toBe('\u221240%');
    expect(down.getAttribute('data-direction')).toBe('down');
    expect(getComputedStyle(down).color.toLowerCase()).toBe(theme.palette.error.main.toLowerCase());
  });

  it('shows a dash when there is nothing to compare with', () => {
    renderTrend(null);
    const none = screen.getByTestId('trend-percentage');
    expect(none.textContent).toBe('—');
    expect(none.getAttribute('aria-label')).toBe('No earlier data to compare with');
  });
});
