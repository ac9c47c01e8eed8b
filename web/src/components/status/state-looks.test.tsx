import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { BATTERY_CYCLE_STATES, LANGUAGES, REPORT_FILE_STATUSES } from '@gearwatch/contracts';
import en from '../../i18n/locales/en.json';
import lv from '../../i18n/locales/lv.json';
import pl from '../../i18n/locales/pl.json';
import ru from '../../i18n/locales/ru.json';
import { initI18n } from '../../i18n/i18n.ts';
import { theme } from '../theme.ts';
import { BATTERY_CYCLE_STATE_LOOKS } from './battery-cycle-state.ts';
import { REPORT_FILE_STATUS_LOOKS, reportFileStatusOf } from './report-file-status.ts';
import type { StateLook } from './StateLabel.tsx';
import { StateLabel } from './StateLabel.tsx';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n('en');
});

/** Every look of a list has its own icon, its own colour and its own text in every language. */
function expectDistinct(looks: StateLook[]) {
  expect(new Set(looks.map((l) => l.icon)).size).toBe(looks.length);
  expect(new Set(looks.map((l) => l.color)).size).toBe(looks.length);
  expect(new Set(looks.map((l) => l.text)).size).toBe(looks.length);
  for (const language of LANGUAGES) {
    const texts = looks.map((l) => bundles[language]?.[l.text]?.trim());
    expect(texts.every(Boolean), language).toBe(true);
    expect(new Set(texts).size, language).toBe(looks.length);
  }
}

function renderLabel(look: StateLook, state: string) {
  return render(
    <ThemeProvider theme={theme}>
      <I18nextProvider i18n={i18n}>
        <StateLabel look={look} label={i18n.t(look.text)} state={state} testId="state" />
      </I18nextProvider>
    </ThemeProvider>,
  );
}

describe('report file status looks', () => {
  it('reads the four statuses and calls anything else unknown', () => {
    expect(REPORT_FILE_STATUSES.map(reportFileStatusOf)).toEqual(['ERROR', 'NEW', 'PROCESS', 'DONE']);
    expect(['', 'done', 'QUEUED'].map(reportFileStatusOf)).toEqual(['unknown', 'unknown', 'unknown']);
  });

  it('gives ERROR, NEW, PROCESS, DONE and unknown each its own icon, colour and text', () => {
    expectDistinct([...REPORT_FILE_STATUSES, 'unknown' as const].map((status) => REPORT_FILE_STATUS_LOOKS[status]));
  });

  it('shows the icon and the text in the status colour', () => {
    renderLabel(REPORT_FILE_STATUS_LOOKS.ERROR, 'ERROR');
    const label = screen.getByTestId('state');
    expect(label.textContent).toBe('Failed');
    expect(label.getAttribute('data-state')).toBe('ERROR');
    expect(label.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(1);
    // The colour is the theme's error red, on the icon and the text alike.
    const red = theme.palette.error.main.toLowerCase();
    expect(getComputedStyle(label).color).toBe(red);
    expect(getComputedStyle(label.querySelector('p, span')!).color).toBe(red);
  });
});

describe('battery cycle state looks', () => {
  it('gives charging, idle, discharging and done each its own icon, colour and text', () => {
    expect(Object.keys(BATTERY_CYCLE_STATE_LOOKS)).toEqual([...BATTERY_CYCLE_STATES]);
    expectDistinct(BATTERY_CYCLE_STATES.map((state) => BATTERY_CYCLE_STATE_LOOKS[state]));
  });

  it('shows each state by its text', () => {
    for (const state of BATTERY_CYCLE_STATES) {
      const { unmount } = renderLabel(BATTERY_CYCLE_STATE_LOOKS[state], state);
      expect(screen.getByTestId('state').textContent).toBe({ charging: 'Charging', idle: 'Idle', discharging: 'Discharging', done: 'Done' }[state]);
      unmount();
    }
  });
});
