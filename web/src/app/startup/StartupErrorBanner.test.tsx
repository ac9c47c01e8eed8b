import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n.ts';
import { StartupErrorBanner } from './StartupErrorBanner.tsx';

describe('StartupErrorBanner', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names a browser and system it does not recognise in the user language', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'curl/8.5.0' });
    const i18n = await initI18n('pl');
    render(
      <I18nextProvider i18n={i18n}>
        <StartupErrorBanner error={new Error('boom')} onRetry={() => undefined} />
      </I18nextProvider>,
    );
    expect(screen.getByText('nieznana przeglądarka · nieznany system')).toBeTruthy();
  });
});
