import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from './error-message.ts';

export interface Notify {
  success: (key: string, values?: Record<string, unknown>) => void;
  error: (key: string, values?: Record<string, unknown>) => void;
  /** A failed call: the problem's own message when the client knows it, else `fallbackKey`. */
  failure: (error: unknown, fallbackKey: string) => void;
}

/** Notifications (notistack, as the rest of the app) from message keys, translated when shown. */
export function useNotify(): Notify {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (key, values) => enqueueSnackbar(t(key, values), { variant: 'success' }),
      error: (key, values) => enqueueSnackbar(t(key, values), { variant: 'error' }),
      failure: (error, fallbackKey) => enqueueSnackbar(t(errorMessageKey(error, fallbackKey, (key) => i18n.exists(key))), { variant: 'error' }),
    }),
    [enqueueSnackbar, i18n, t],
  );
}
