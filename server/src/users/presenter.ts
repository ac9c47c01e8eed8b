import type { CurrentUser, Language } from '@gearwatch/contracts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@gearwatch/contracts';
import type { UserRecord } from './repository.ts';

export function displayName(user: Pick<UserRecord, 'firstname' | 'lastname' | 'username'>): string {
  const full = `${user.firstname} ${user.lastname}`.trim();
  return full || user.username;
}

/** A stored language, or the default for anything the contracts do not know. */
export function languageOf(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

/** A timestamp column as ISO text; null stays null. */
export function presentLastLogin(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

export function presentCurrentUser(user: UserRecord, impersonator?: UserRecord): CurrentUser {
  const language = languageOf(user.language);
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    avatar: user.avatar,
    name: displayName(user),
    username: user.username,
    language,
    owner: { id: user.companyId, name: user.companyName, timezone: user.companyTimezone },
    extras: {
      isSuperAdmin: user.isSuperAdmin,
      // The person at the keyboard keeps their right to switch back while impersonating.
      impersonate: impersonator ? impersonator.canImpersonate : user.canImpersonate,
      ...(impersonator ? { impersonatedBy: { id: impersonator.id, name: displayName(impersonator) } } : {}),
    },
  };
}
