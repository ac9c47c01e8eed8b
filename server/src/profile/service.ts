import type { Language, NotificationSettings, PasswordChange, PasswordChangeResponse, Profile, ProfileUpdate } from '@gearwatch/contracts';
import {
  LANGUAGES,
  MESSAGE_KEYS,
  NOTIFICATION_SETTING_KEYS,
  PROFILE_LIMITS,
  PROFILE_MESSAGE_KEYS,
  avatarTypeOf,
  notificationSettingsOf,
  parseDataUrl,
} from '@gearwatch/contracts';
import type { AttemptThrottle } from '../auth/throttle.ts';
import { ThrottledError } from '../auth/throttle.ts';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../http/errors.ts';
import type { AuthContext } from '../security/context.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { sha256 } from '../security/tokens.ts';
import { textLanguage } from '../i18n/translator.ts';
import type { ProfileChanges, ProfileRecord, ProfileRepository } from './repository.ts';
import { passwordChangedMail } from './password-changed-mail.ts';

export interface ProfileOptions {
  /** The address users open the app at, for the notice mail's link to the reset page. */
  publicUrl: string;
}

/**
 * The caller's own profile (spec 01 §3, §5, §7): read and change the name, the avatar and the notification
 * preferences, and change the password. Always the user the access token names (the impersonated user in an
 * impersonated session; the password then is refused).
 */
export class ProfileService {
  constructor(
    private readonly repository: ProfileRepository,
    private readonly throttle: AttemptThrottle,
    private readonly options: ProfileOptions,
  ) {}

  async get(auth: AuthContext): Promise<Profile> {
    return present(await this.own(auth));
  }

  /** Checks every field first and answers every mistake at once; writes all of it in one statement, or nothing. */
  async update(auth: AuthContext, input: ProfileUpdate): Promise<Profile> {
    await this.own(auth);
    const { errors, changes } = checkUpdate(input);
    if (Object.keys(errors).length) throw new ValidationError(errors);
    await this.repository.update(auth.userId, changes);
    return this.get(auth);
  }

  /**
   * A new password for the caller, given the current one. Ends every other session of the user (their refresh-token
   * families; access tokens already issued live out their few minutes) and mails a notice, in one transaction.
   * Wrong current passwords are throttled as sign-ins are, on counters of the form's own, so a user who mistypes
   * here is not locked out of signing in (decision 011).
   */
  async changePassword(auth: AuthContext, input: PasswordChange, address: string): Promise<PasswordChangeResponse> {
    if (auth.impersonatorId) throw new ForbiddenError();
    const user = await this.own(auth);
    if (!input.newPassword.trim()) throw ValidationError.field('newPassword', MESSAGE_KEYS.notBlank);
    try {
      await this.throttle.begin(user.username, address);
    } catch (error) {
      if (error instanceof ThrottledError) throw new TooManyRequestsError(error.retryAfterSeconds);
      throw error;
    }
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw ValidationError.field('currentPassword', PROFILE_MESSAGE_KEYS.wrongPassword);
    }
    await this.throttle.succeeded(user.username, address);
    if (input.newPassword === input.currentPassword) throw ValidationError.field('newPassword', PROFILE_MESSAGE_KEYS.samePassword);

    const keepFamily = input.refreshToken ? await this.repository.familyOf(user.id, sha256(input.refreshToken)) : null;
    const outcome = await this.repository.changePassword({
      userId: user.id,
      expectedHash: user.passwordHash,
      passwordHash: await hashPassword(input.newPassword),
      keepFamily,
      notice: passwordChangedMail(user, new Date(), this.options.publicUrl),
    });
    // Another change won the race: the password given is no longer the current one.
    if (!outcome.changed) throw ValidationError.field('currentPassword', PROFILE_MESSAGE_KEYS.wrongPassword);
    return { endedSessions: outcome.endedSessions };
  }

  private async own(auth: AuthContext): Promise<ProfileRecord> {
    const user = await this.repository.find(auth.userId);
    if (!user) throw new UnauthorizedError();
    return user;
  }
}

/**
 * The rules of a profile update on whatever parts of `input` have the right types: the route also runs them on a body
 * its schema refused, so one answer names every mistake (a too long last name and an unsupported avatar together).
 */
export function checkUpdate(input: {
  user?: { firstname?: unknown; lastname?: unknown };
  avatar?: unknown;
  settings?: Partial<Record<string, unknown>>;
  language?: unknown;
}): {
  errors: Record<string, string[]>;
  changes: ProfileChanges;
} {
  const errors: Record<string, string[]> = {};
  const changes: ProfileChanges = {};
  for (const field of ['firstname', 'lastname'] as const) {
    const value = input.user?.[field];
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (!trimmed) errors[field] = [MESSAGE_KEYS.notBlank];
    changes[field] = trimmed;
  }
  if (input.avatar === null) changes.avatar = null;
  else if (typeof input.avatar === 'string') {
    const avatar = checkAvatar(input.avatar);
    if ('error' in avatar) errors.avatar = [avatar.error];
    else changes.avatar = avatar.value;
  }
  if (input.settings && typeof input.settings === 'object') {
    const settings: Partial<NotificationSettings> = {};
    for (const key of NOTIFICATION_SETTING_KEYS) {
      const value = input.settings[key];
      if (typeof value === 'boolean') settings[key] = value;
    }
    changes.settings = settings;
  }
  if (input.language !== undefined) {
    if (isLanguage(input.language)) changes.language = input.language;
    else errors.language = [MESSAGE_KEYS.incorrect];
  }
  return { errors, changes };
}

function present(user: ProfileRecord): Profile {
  return {
    user: { firstname: user.firstname, lastname: user.lastname, email: user.email, avatar: user.avatar },
    settings: notificationSettingsOf(user.notificationSettings),
    language: textLanguage(user.language),
  };
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A png or jpeg data URL, recognised by the image's first bytes whatever type it declares, and stored with the type
 * its bytes have; anything else is 'Unsupported file type'.
 */
function checkAvatar(text: string): { value: string } | { error: string } {
  // A quarter more than the largest image's base64, plus the prefix: longer text cannot be an allowed image.
  if (text.length > Math.ceil(PROFILE_LIMITS.avatarMaxBytes / 3) * 4 + 100) return { error: PROFILE_MESSAGE_KEYS.fileTooLarge };
  const parsed = parseDataUrl(text.trim());
  if (!parsed) return { error: text.startsWith('data:') && !/;base64,/i.test(text) ? PROFILE_MESSAGE_KEYS.unsupportedFileType : MESSAGE_KEYS.incorrect };
  const bytes = Buffer.from(parsed.base64, 'base64');
  if (bytes.length === 0) return { error: MESSAGE_KEYS.incorrect };
  const type = avatarTypeOf(bytes);
  if (!type) return { error: PROFILE_MESSAGE_KEYS.unsupportedFileType };
  if (bytes.length > PROFILE_LIMITS.avatarMaxBytes) return { error: PROFILE_MESSAGE_KEYS.fileTooLarge };
  return { value: `data:${type};base64,${parsed.base64}` };
}
