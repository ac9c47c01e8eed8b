import type { QueryClient } from '@tanstack/react-query';
import { GUIDE_SHOWN_VALUE, USER_SETTING_KEYS } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { settingPath } from '../../../api/setting-saver.ts';

/** The tour shows by itself while the user's `guide` setting is unset (spec 01 §2). */
export function guideUnset(settings: Record<string, unknown>): boolean {
  return settings[USER_SETTING_KEYS.guide] === undefined;
}

/**
 * Records that the tour was shown: the cached settings at once (so it never starts by itself twice in a session),
 * then the server. A failed write is not shown: the tour then shows once more at the next sign-in, which is better
 * than an error message over a tour.
 */
export async function markGuideShown(api: ApiClient, queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData<Record<string, unknown>>(queryKeys.settings, (settings) => ({ ...settings, [USER_SETTING_KEYS.guide]: GUIDE_SHOWN_VALUE }));
  await api.request(settingPath(USER_SETTING_KEYS.guide), { method: 'PUT', json: { value: GUIDE_SHOWN_VALUE } }).catch(() => undefined);
}
