import type { CurrentUser, Language } from '@gearwatch/contracts';
import { LANGUAGES } from '@gearwatch/contracts';
import type { UserRecord } from './repository.ts';

export function displayName(user: Pick<UserRecord, 'firstname' | 'lastname' | 'username'>): string {
  const full = `${user.firstname} ${user.lastname}`.trim();
  return full || user.username;
}

export function presentCurrentUser(user: UserRecord, impersonator?: UserRecord): CurrentUser {
  const language = (LANGUAGES as readonly string[]).includes(user.language) ? (user.language as Language) : 'pl';
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
