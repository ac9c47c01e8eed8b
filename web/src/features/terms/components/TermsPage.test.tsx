import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@gearwatch/contracts';
import { renderApp } from '../../../test/render-app.tsx';
import { TERMS_BY_LANGUAGE } from '../content/terms-by-language.ts';
import { TERMS_PATHS } from '../terms-paths.ts';

describe('the terms pages', () => {
  it.each(LANGUAGES)('show the %s document at its own path, marked with its language', async (language) => {
    const { router } = await renderApp(TERMS_PATHS[language]);
    const heading = await screen.findByRole('heading', { level: 1, name: TERMS_BY_LANGUAGE[language].title });
    expect(heading.closest(`[lang="${language}"]`)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(TERMS_BY_LANGUAGE[language].sections.length);
    expect(router.state.location.pathname).toBe(TERMS_PATHS[language]);
  });

  it('are linked from the login page in the interface language', async () => {
    await renderApp('/login');
    expect((await screen.findByRole('link', { name: 'Terms of service' })).getAttribute('href')).toBe('/terms_en');
  });
});
