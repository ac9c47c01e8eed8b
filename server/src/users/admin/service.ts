import {
  DEFAULT_LANGUAGE,
  ENTITY_MESSAGE_KEYS,
  LANGUAGE_NATIVE_NAMES,
  LANGUAGES,
  MESSAGE_KEYS,
  PHONE_PATTERN,
  USERNAME_PATTERN,
  USER_EMAIL_MAX_LENGTH,
  USER_MESSAGE_KEYS,
  USER_NAME_MAX_LENGTH,
  USER_NOTE_MAX_LENGTH,
} from '@gearwatch/contracts';
import type { Choice, FormValue, UserDetail } from '@gearwatch/contracts';
import type { AuthContext } from '../../security/context.ts';
import { scopeOf } from '../../security/context.ts';
import type { DecodedValues } from '../../forms/decode.ts';
import { textValue } from '../../forms/values.ts';
import type { FormFields } from '../../forms/fields.ts';
import { field } from '../../forms/fields.ts';
import type { FormResource } from '../../forms/routes.ts';
import { NO_FAILED_FIELDS } from '../../forms/routes.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { displayName, languageOf, presentLastLogin } from '../presenter.ts';
import type { UserRecord } from '../repository.ts';
import { UsersRepository } from '../repository.ts';
import type { ManagedUserRow, ManagedUserWrite, UserAdminRepository } from './repository.ts';
import { EMAIL_CONSTRAINT, USERNAME_CONSTRAINT } from './repository.ts';

/** The resource name of the user form (its token is bound to it). */
export const USER_RESOURCE = 'users';

export interface CreatedUser {
  id: number;
  /**
   * The welcome mail with the link to set a password, in the outbox (committed with the user; the outbox sender
   * delivers it): its id, or null when none is sent because the user was created inactive.
   */
  welcomeMailId: number | null;
}

function uniqueViolationOf(error: unknown): string | null {
  if (error === null || typeof error !== 'object') return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' ? (typeof constraint === 'string' ? constraint : '') : null;
}

/**
 * What the user administration needs of the password links: a welcome link mailed to a new user (the resetting
 * feature's PasswordLinksService), declared here so users/ does not depend on the feature that depends on it.
 */
export interface WelcomeLinks {
  /** In `db`, the transaction that creates the user: the link and its mail commit with the user. */
  issuePasswordLink(
    user: UserRecord,
    purpose: 'welcome',
    db: Kysely<DB>,
  ): Promise<{ issued: false; reason: string } | { issued: true; mailId: number | undefined }>;
}

/**
 * User management (/users, /administration users). There is no permission model yet: every company user manages
 * the users of their own company; a super-admin every company's. Only a super-admin sets the superAdmin and
 * impersonate rights, and only a super-admin changes or deletes a super-admin (403 for anyone else). Nobody
 * deletes or deactivates themselves. A new active user is mailed a welcome link to set their password.
 */
export class UserAdminService implements FormResource {
  constructor(
    private readonly repository: UserAdminRepository,
    private readonly passwordLinks: WelcomeLinks,
  ) {}

  async get(auth: AuthContext, id: number): Promise<UserDetail> {
    const row = await this.find(auth, id);
    return {
      id: row.id,
      name: displayName(row),
      firstname: row.firstname,
      lastname: row.lastname,
      username: row.username,
      email: row.email,
      language: languageOf(row.language),
      active: row.isActive,
      lastLogin: presentLastLogin(row.lastLoginAt),
      company: { id: row.companyId, name: row.companyName },
      phone: row.phone,
      rfid: row.rfid,
      note: row.note,
      ...(auth.isSuperAdmin ? { superAdmin: row.isSuperAdmin, impersonate: row.canImpersonate } : {}),
    };
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const row = await this.editable(auth, id);
    if (row.id === auth.userId) throw new ValidationError({}, [USER_MESSAGE_KEYS.cannotDeleteSelf]);
    await this.repository.transaction((repository) => repository.delete(id));
  }

  // The form (FormResource).

  fields(auth: AuthContext, id: number | null): FormFields {
    const fields: FormFields = {};
    if (auth.isSuperAdmin) fields.company = field('entity', 'user.field.company', { required: true, disabled: id !== null, icon: 'company' });
    Object.assign(fields, {
      username: field('text', 'user.field.username', { required: true, maxLength: 180, icon: 'person' }),
      email: field('email', 'user.field.email', { required: true, maxLength: USER_EMAIL_MAX_LENGTH, icon: 'email' }),
      firstname: field('text', 'user.field.firstname', { required: true, maxLength: USER_NAME_MAX_LENGTH, icon: 'name' }),
      lastname: field('text', 'user.field.lastname', { required: true, maxLength: USER_NAME_MAX_LENGTH, icon: 'name' }),
      language: field('choice', 'user.field.language', { required: true }),
      phone: field('text', 'user.field.phone', { maxLength: 32, icon: 'phone' }),
      rfid: field('text', 'user.field.rfid', { maxLength: 64, icon: 'rfid' }),
      note: field('textarea', 'user.field.note', { maxLength: USER_NOTE_MAX_LENGTH }),
      active: field('switch', 'user.field.active'),
    });
    if (auth.isSuperAdmin) {
      fields.superAdmin = field('switch', 'user.field.super-admin');
      fields.impersonate = field('switch', 'user.field.impersonate');
    }
    return fields;
  }

  async choices(auth: AuthContext): Promise<Record<string, Choice[]>> {
    const choices: Record<string, Choice[]> = { language: LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NATIVE_NAMES[language] })) };
    if (auth.isSuperAdmin) choices.company = (await this.repository.companies()).map((c) => ({ value: c.id, label: c.name }));
    return choices;
  }

  async data(auth: AuthContext, id: number | null): Promise<Record<string, FormValue>> {
    if (id === null) {
      const empty: Record<string, FormValue> = {
        username: null,
        email: null,
        firstname: null,
        lastname: null,
        language: DEFAULT_LANGUAGE,
        phone: null,
        rfid: null,
        note: null,
        active: true,
      };
      if (auth.isSuperAdmin) Object.assign(empty, { company: null, superAdmin: false, impersonate: false });
      return empty;
    }
    const row = await this.editable(auth, id);
    const data: Record<string, FormValue> = {
      username: row.username,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      language: languageOf(row.language),
      phone: row.phone,
      rfid: row.rfid,
      note: row.note,
      active: row.isActive,
    };
    if (auth.isSuperAdmin) Object.assign(data, { company: row.companyId, superAdmin: row.isSuperAdmin, impersonate: row.canImpersonate });
    return data;
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    return (await this.createUser(auth, values)).id;
  }

  /** Stores the user and, for an active one, the welcome link and its mail, in one transaction. */
  async createUser(auth: AuthContext, values: DecodedValues): Promise<CreatedUser> {
    const companyId = auth.isSuperAdmin ? (values.company as number) : auth.companyId;
    const user = this.writeOf(auth, null, values);
    return this.write(() =>
      this.repository.transaction(async (repository, trx) => {
        await this.checkRules(repository, auth, null, user);
        const id = await repository.insert(companyId, user);
        return { id, welcomeMailId: user.isActive ? await this.queueWelcome(trx, id) : null };
      }),
    );
  }

  async update(auth: AuthContext, id: number, values: DecodedValues): Promise<void> {
    const row = await this.editable(auth, id);
    const user = this.writeOf(auth, row, values);
    await this.write(() =>
      this.repository.transaction(async (repository) => {
        await this.checkRules(repository, auth, id, user);
        if (!(await repository.update(id, user))) throw new NotFoundError();
      }),
    );
  }

  /** The welcome link and its mail, in the transaction that creates the user. */
  private async queueWelcome(trx: Kysely<DB>, id: number): Promise<number | null> {
    const created = await new UsersRepository(trx).findById(id);
    if (!created) throw new Error(`user ${id} not found in its own transaction`);
    const outcome = await this.passwordLinks.issuePasswordLink(created, 'welcome', trx);
    return outcome.issued ? (outcome.mailId ?? null) : null;
  }

  /** A user in the caller's scope (404 otherwise) whom the caller may change: a super-admin only by a super-admin. */
  private async editable(auth: AuthContext, id: number): Promise<ManagedUserRow> {
    const row = await this.find(auth, id);
    if (row.isSuperAdmin && !auth.isSuperAdmin) throw new ForbiddenError();
    return row;
  }

  private async find(auth: AuthContext, id: number): Promise<ManagedUserRow> {
    const row = await this.repository.find(scopeOf(auth), id);
    if (!row) throw new NotFoundError();
    return row;
  }

  /** The submit as a write; the rights keep their stored values unless a super-admin sets them. */
  private writeOf(auth: AuthContext, row: ManagedUserRow | null, values: DecodedValues): ManagedUserWrite {
    return {
      username: textValue(values.username) ?? '',
      email: textValue(values.email) ?? '',
      firstname: textValue(values.firstname) ?? '',
      lastname: textValue(values.lastname) ?? '',
      language: (values.language as string | null) ?? DEFAULT_LANGUAGE,
      phone: textValue(values.phone),
      rfid: textValue(values.rfid),
      note: textValue(values.note),
      isActive: values.active === true,
      isSuperAdmin: auth.isSuperAdmin ? values.superAdmin === true : (row?.isSuperAdmin ?? false),
      canImpersonate: auth.isSuperAdmin ? values.impersonate === true : (row?.canImpersonate ?? false),
    };
  }

  async check(auth: AuthContext, id: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    const user = this.writeOf(auth, id === null ? null : await this.editable(auth, id), values);
    return (await this.ruleErrors(this.repository, auth, id, user, failed)).errors;
  }

  private async checkRules(repository: UserAdminRepository, auth: AuthContext, id: number | null, user: ManagedUserWrite): Promise<void> {
    const { errors, rootErrors } = await this.ruleErrors(repository, auth, id, user, NO_FAILED_FIELDS);
    if (Object.keys(errors).length > 0 || rootErrors.length > 0) throw new ValidationError(errors, rootErrors);
  }

  /**
   * The user's own rules, for the fields not in `failed`: a well-formed unique username, a unique e-mail, a phone
   * number, and no self-lockout.
   */
  private async ruleErrors(
    repository: UserAdminRepository,
    auth: AuthContext,
    id: number | null,
    user: ManagedUserWrite,
    failed: ReadonlySet<string>,
  ): Promise<{ errors: Record<string, string[]>; rootErrors: string[] }> {
    const errors: Record<string, string[]> = {};
    const rootErrors: string[] = [];
    const taken = await repository.taken(user.username, user.email, id);
    if (!failed.has('username')) {
      if (!USERNAME_PATTERN.test(user.username)) errors.username = [MESSAGE_KEYS.incorrect];
      else if (taken.username) errors.username = [ENTITY_MESSAGE_KEYS.usernameInUse];
    }
    if (taken.email && !failed.has('email')) errors.email = [ENTITY_MESSAGE_KEYS.emailInUse];
    if (user.phone !== null && !failed.has('phone') && !PHONE_PATTERN.test(user.phone)) errors.phone = [ENTITY_MESSAGE_KEYS.phone];
    if (id !== null && id === auth.userId) {
      if (!user.isActive) rootErrors.push(USER_MESSAGE_KEYS.cannotDeactivateSelf);
      if (auth.isSuperAdmin && !user.isSuperAdmin) rootErrors.push(USER_MESSAGE_KEYS.cannotRevokeOwnSuperAdmin);
    }
    return { errors, rootErrors };
  }

  /** Another write taking the username or e-mail between the check and the write is reported like the check. */
  private async write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const constraint = uniqueViolationOf(error);
      if (constraint === USERNAME_CONSTRAINT) throw ValidationError.field('username', ENTITY_MESSAGE_KEYS.usernameInUse);
      if (constraint === EMAIL_CONSTRAINT) throw ValidationError.field('email', ENTITY_MESSAGE_KEYS.emailInUse);
      throw error;
    }
  }
}
