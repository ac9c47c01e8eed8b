import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/data-areas.ts';
import { Splash } from '../../components/Splash.tsx';
import { switchLanguage } from '../../i18n/i18n.ts';
import { takeSignIn } from '../../i18n/locale.ts';
import { useLanguageChoice } from '../language/useLanguageChoice.ts';

/**
 * On sign-in the interface takes the user's stored language (issue 32: one setting for the screens, mails and
 * files), unless a flag was picked on the sign-in page just before: that choice is the user's newest word, so it
 * becomes the stored one. A reload is no sign-in: the interface stays as this browser has it (every change made
 * here was stored as well). The shell shows once the language is settled, so no screen flashes in the other one.
 */
export function StoredLanguageGate({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const user = useCurrentUser();
  const choose = useLanguageChoice();
  const [settled, setSettled] = useState(false);
  // Once per mount, also when the effect is run twice (React's strict mode): the sign-in is taken once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const signIn = takeSignIn();
    const picked = signIn?.picked ?? null;
    const settle = !signIn
      ? Promise.resolve()
      : picked && picked !== user.language
        ? choose(picked)
        : user.language !== i18n.language
          ? switchLanguage(i18n, user.language)
          : Promise.resolve();
    // A failed save leaves the interface in the picked language; the stored one applies again at the next sign-in.
    void settle.catch(() => undefined).finally(() => setSettled(true));
  }, [user.language, i18n, choose]);

  return settled ? <>{children}</> : <Splash />;
}
