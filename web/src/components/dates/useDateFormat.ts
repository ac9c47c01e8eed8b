import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/data-areas.ts';
import type { DateFormat } from './format.ts';

/** Where the signed-in user's times are shown: the interface language and the company's time zone. */
export function useDateFormat(): DateFormat {
  const { i18n } = useTranslation();
  const timeZone = useCurrentUser().owner.timezone;
  const language = i18n.language;
  return useMemo(() => ({ language, timeZone }), [language, timeZone]);
}
