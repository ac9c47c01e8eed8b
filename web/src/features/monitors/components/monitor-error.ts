import { ApiError } from '../../../api/errors.ts';

/**
 * The translation key to show for a failed monitor call: the first message key of a 400 answer that has a
 * translation (e.g. a range too long), 404 as not found, anything else as the generic error.
 */
export function monitorErrorKey(error: unknown, hasTranslation: (key: string) => boolean): string {
  if (error instanceof ApiError) {
    const validation = error.validation;
    if (validation) {
      const keys = [...Object.values(validation.errors).flat(), ...validation.rootErrors];
      const known = keys.find((key) => typeof key === 'string' && hasTranslation(key));
      if (known) return known;
    }
    if (error.status === 404) return 'error.not-found';
  }
  return 'error.generic';
}
