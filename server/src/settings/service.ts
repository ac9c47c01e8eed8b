import { MAX_SETTING_BYTES, MESSAGE_KEYS, SETTING_KEY_PATTERN } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import type { UserSettingsRepository } from './repository.ts';

/** Per-user key/value settings (the guide flag, per-route monitor layouts, ...); each user sees only their own. */
export class UserSettingsService {
  constructor(private readonly repository: UserSettingsRepository) {}

  list(auth: AuthContext) {
    return this.repository.list(auth.userId);
  }

  async get(auth: AuthContext, key: string) {
    const setting = await this.repository.find(auth.userId, key);
    if (!setting) throw new NotFoundError();
    return setting;
  }

  async put(auth: AuthContext, key: string, value: unknown) {
    if (!SETTING_KEY_PATTERN.test(key)) throw ValidationError.field('key', MESSAGE_KEYS.incorrect);
    if (value === undefined) throw ValidationError.field('value', MESSAGE_KEYS.notBlank);
    if (Buffer.byteLength(JSON.stringify(value)) > MAX_SETTING_BYTES) throw ValidationError.field('value', MESSAGE_KEYS.tooLong);
    await this.repository.upsert(auth.companyId, auth.userId, key, value);
    return { key, value };
  }

  async remove(auth: AuthContext, key: string): Promise<void> {
    if (!(await this.repository.remove(auth.userId, key))) throw new NotFoundError();
  }
}
