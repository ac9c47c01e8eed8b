import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser, Language } from '@gearwatch/contracts';
import { useApi } from '../../api/ApiProvider.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { saveProfile } from '../../features/profile/api/profile.ts';
import { switchLanguage } from '../../i18n/i18n.ts';

/**
 * The signed-in user's language is one setting (issue 32): choosing it anywhere (the header's flags, the sign-in
 * page's flag carried into the session) switches the interface and stores it in the profile, which every mail,
 * report file and server page follows. The interface switches first, so the choice shows at once.
 */
export function useLanguageChoice(): (language: Language) => Promise<void> {
  const { i18n } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      await switchLanguage(i18n, language);
      const profile = await saveProfile(api, { language });
      queryClient.setQueryData(queryKeys.profile, profile);
      queryClient.setQueryData<CurrentUser>(queryKeys.currentUser, (user) => (user ? { ...user, language: profile.language } : user));
    },
    [api, i18n, queryClient],
  );
}
