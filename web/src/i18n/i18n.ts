import i18next from 'i18next';
import type { i18n as I18n, Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE } from '@gearwatch/contracts';
import type { Language } from '@gearwatch/contracts';
import { initialLanguage, storeLanguage } from './locale.ts';

type Loader = () => Promise<{ default: Resource[string] }>;

// Each language is its own chunk: a user downloads only the language they read, plus the English fallback. A
// language is the client's file, the report titles and the alert rules' descriptions the server's files share
// (contracts' report-texts and rule-texts).
const loaders: Record<Language, readonly Loader[]> = {
  pl: [() => import('./locales/pl.json'), () => import('@gearwatch/contracts/report-texts/pl.json'), () => import('@gearwatch/contracts/rule-texts/pl.json')],
  en: [() => import('./locales/en.json'), () => import('@gearwatch/contracts/report-texts/en.json'), () => import('@gearwatch/contracts/rule-texts/en.json')],
  lv: [() => import('./locales/lv.json'), () => import('@gearwatch/contracts/report-texts/lv.json'), () => import('@gearwatch/contracts/rule-texts/lv.json')],
  ru: [() => import('./locales/ru.json'), () => import('@gearwatch/contracts/report-texts/ru.json'), () => import('@gearwatch/contracts/rule-texts/ru.json')],
};

async function loadBundle(instance: I18n, language: Language): Promise<void> {
  if (instance.hasResourceBundle(language, 'translation')) return;
  const bundles = await Promise.all(loaders[language].map((load) => load()));
  instance.addResourceBundle(language, 'translation', Object.assign({}, ...bundles.map((bundle) => bundle.default)), true, true);
}

/** Loads the start-up language and the fallback, then initialises i18next (spec 01 §4, startup). */
export async function initI18n(language: Language = initialLanguage()): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: {},
    interpolation: { escapeValue: false },
    // Keys are the spec's message keys verbatim (they contain dots), so the files are flat.
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
  });
  await Promise.all([loadBundle(instance, language), loadBundle(instance, FALLBACK_LANGUAGE)]);
  await instance.changeLanguage(language);
  document.documentElement.lang = language;
  return instance;
}

/** Switches the interface language and remembers the choice on this browser. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await loadBundle(instance, language);
  storeLanguage(language);
  await instance.changeLanguage(language);
  document.documentElement.lang = language;
}
