import { COMPANY_NAME_MAX_LENGTH, DEFAULT_TIMEZONE, ENTITY_MESSAGE_KEYS, MESSAGE_KEYS, SUBSCRIPTION_TYPES } from '@gearwatch/contracts';
import type { Choice, Company, FormValue, SubscriptionType } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/pg-errors.ts';
import { timezoneChoices } from '../time/timezone-choices.ts';
import type { DecodedValues } from '../forms/decode.ts';
import { idValue, textValue } from '../forms/values.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import type { FormResource } from '../forms/routes.ts';
import { requireSuperAdmin } from '../http/auth-hook.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { CompaniesRepository, CompanyRow, CompanySortField, CompanyWrite } from './repository.ts';
import { COMPANY_NAME_INDEX } from './repository.ts';

/** The resource name of the company form (its token is bound to it) and of its routes. */
export const COMPANY_RESOURCE = 'companies';

/**
 * The company form (the administration's "user groups"), in display order; labels are translation keys. The
 * timezone is disabled once the company has telemetry.
 */
export function companyFields(timezoneLocked: boolean): FormFields {
  return {
    name: field('text', 'company.field.name', { required: true, maxLength: COMPANY_NAME_MAX_LENGTH, icon: 'company' }),
    subscriber: field('entity', 'company.field.subscriber', { icon: 'company' }),
    timezone: field('choice', 'company.field.timezone', {
      required: true,
      disabled: timezoneLocked,
      ...(timezoneLocked ? { help: 'company.help.timezone-locked' } : {}),
    }),
    subscriptionType: field('choice', 'company.field.subscription-type', { required: true }),
    automaticOperatorRegistration: field('switch', 'company.field.automatic-operator-registration'),
  };
}

const isSubscriptionType = (value: string): value is SubscriptionType => (SUBSCRIPTION_TYPES as readonly string[]).includes(value);

/** A submitted form value as one trimmed text (a repeated key keeps its last value), or null. */
function submittedText(value: unknown): string | null {
  const single = Array.isArray(value) ? (value as unknown[]).at(-1) : value;
  return typeof single === 'string' ? single.trim() : null;
}

/**
 * Companies, for super-admins only: the list with user and device counts, one company, the form (create and
 * update, each in one transaction) and delete. A company's timezone is fixed once it has telemetry, since its day,
 * month and shift rollups are kept in it (docs/decisions/009).
 */
export class CompaniesService implements FormResource {
  constructor(private readonly repository: CompaniesRepository) {}

  async list(auth: AuthContext, request: ListRequest<CompanySortField>): Promise<Page<Company>> {
    requireSuperAdmin(auth);
    const { ids, total } = await this.repository.listIds(request);
    const rows = new Map((await this.repository.byIds(ids)).map((row) => [row.id, row]));
    return { total, entries: ids.flatMap((companyId) => (rows.has(companyId) ? [present(rows.get(companyId)!)] : [])) };
  }

  async get(auth: AuthContext, companyId: number): Promise<Company> {
    return present(await this.find(auth, companyId));
  }

  /**
   * Deletes a company without users, devices or modules (409 naming them otherwise: there is no unassign for
   * these, they are removed or moved first), with its device groups, operators, operator groups and shifts.
   */
  async delete(auth: AuthContext, companyId: number): Promise<void> {
    requireSuperAdmin(auth);
    try {
      await this.repository.transaction(async (repository) => {
        if (!(await repository.lock(companyId))) throw new NotFoundError();
        const dependents = await repository.dependents(companyId);
        const blocking = Object.fromEntries(Object.entries(dependents).filter(([, rows]) => rows.length > 0));
        if (Object.keys(blocking).length > 0) throw new ConflictError(MESSAGE_KEYS.conflict, blocking);
        await repository.delete(companyId);
      });
    } catch (error) {
      // Rows of a kind this service does not know about still point at the company.
      if (isForeignKeyViolation(error)) throw new ConflictError();
      throw error;
    }
  }

  /**
   * Refuses a submitted timezone that differs from a company's while the company has telemetry. The form decoder
   * skips the field then (it is disabled), so the routes ask this before decoding: a changed timezone is refused
   * rather than silently kept.
   */
  async refuseLockedTimezoneChange(auth: AuthContext, companyId: number, submitted: unknown): Promise<void> {
    const row = await this.find(auth, companyId);
    const timezone = submittedText(submitted);
    if (timezone !== null && timezone !== '' && timezone !== row.timezone && row.hasTelemetry) throw ValidationError.field('timezone', MESSAGE_KEYS.incorrect);
  }

  // The form (FormResource).

  async fields(auth: AuthContext, companyId: number | null): Promise<FormFields> {
    requireSuperAdmin(auth);
    return companyFields(companyId !== null && (await this.repository.hasTelemetry(companyId)));
  }

  async choices(auth: AuthContext, companyId: number | null): Promise<Record<string, Choice[]>> {
    requireSuperAdmin(auth);
    const [subscribers, row] = await Promise.all([
      this.repository.subscribers(),
      companyId === null ? Promise.resolve(undefined) : this.repository.find(companyId),
    ]);
    return {
      subscriber: subscribers.map((s) => ({ value: s.id, label: s.name })),
      timezone: timezoneChoices(row?.timezone ?? null),
      subscriptionType: SUBSCRIPTION_TYPES.map((type) => ({ value: type, label: `company.subscription-type.${type}`, translate: true })),
    };
  }

  async data(auth: AuthContext, companyId: number | null): Promise<Record<string, FormValue>> {
    if (companyId === null) {
      requireSuperAdmin(auth);
      return { name: null, subscriber: null, timezone: DEFAULT_TIMEZONE, subscriptionType: 'standard', automaticOperatorRegistration: false };
    }
    const row = await this.find(auth, companyId);
    return {
      name: row.name,
      subscriber: row.subscriberId,
      timezone: row.timezone,
      subscriptionType: row.subscriptionType,
      automaticOperatorRegistration: row.automaticOperatorRegistration,
    };
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    requireSuperAdmin(auth);
    return this.write(null, values);
  }

  async update(auth: AuthContext, companyId: number, values: DecodedValues): Promise<void> {
    await this.find(auth, companyId);
    await this.write(companyId, values);
  }

  async check(auth: AuthContext, companyId: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    if (companyId === null) requireSuperAdmin(auth);
    else await this.find(auth, companyId);
    const errors: Record<string, string[]> = {};
    const name = textValue(values.name);
    const subscriberId = idValue(values.subscriber);
    const timezone = textValue(values.timezone);
    if (name !== null && !failed.has('name') && (await this.repository.nameTaken(name, companyId))) errors.name = [ENTITY_MESSAGE_KEYS.nameInUse];
    if (subscriberId !== null && !failed.has('subscriber') && !(await this.repository.subscriberExists(subscriberId)))
      errors.subscriber = [MESSAGE_KEYS.incorrect];
    if (timezone !== null && !failed.has('timezone') && !(await this.repository.timezoneKnown(timezone))) errors.timezone = [MESSAGE_KEYS.incorrect];
    return errors;
  }

  /**
   * Checks the company's own rules and stores it in one transaction: a name no other company has in any letter
   * case, an existing subscriber, a timezone the database knows, and no timezone change once there is telemetry.
   */
  private async write(companyId: number | null, values: DecodedValues): Promise<number> {
    // Absent when the field is disabled (the company has telemetry): the timezone stays as it is.
    const submittedTimezone = textValue(values.timezone);
    const subscriptionType = textValue(values.subscriptionType) ?? 'standard';
    if (submittedTimezone !== null && !(await this.repository.timezoneKnown(submittedTimezone)))
      throw ValidationError.field('timezone', MESSAGE_KEYS.incorrect);
    try {
      return await this.repository.transaction(async (repository) => {
        const current = companyId === null ? undefined : await repository.lock(companyId);
        if (companyId !== null && !current) throw new NotFoundError();
        const company: CompanyWrite = {
          name: textValue(values.name) ?? '',
          subscriberId: idValue(values.subscriber),
          timezone: submittedTimezone ?? current?.timezone ?? DEFAULT_TIMEZONE,
          subscriptionType: isSubscriptionType(subscriptionType) ? subscriptionType : 'standard',
          automaticOperatorRegistration: values.automaticOperatorRegistration === true,
        };
        const errors: Record<string, string[]> = {};
        if (await repository.nameTaken(company.name, companyId)) errors.name = [ENTITY_MESSAGE_KEYS.nameInUse];
        if (company.subscriberId !== null && !(await repository.subscriberExists(company.subscriberId))) errors.subscriber = [MESSAGE_KEYS.incorrect];
        // Telemetry may have arrived since the form was decoded with the timezone enabled.
        if (companyId !== null && current && company.timezone !== current.timezone && (await repository.hasTelemetry(companyId))) {
          errors.timezone = [MESSAGE_KEYS.incorrect];
        }
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        if (companyId === null) return repository.insert(company);
        await repository.update(companyId, company);
        return companyId;
      });
    } catch (error) {
      // Another write took the name between the check and the insert.
      if (isUniqueViolation(error, COMPANY_NAME_INDEX)) throw ValidationError.field('name', ENTITY_MESSAGE_KEYS.nameInUse);
      if (isForeignKeyViolation(error)) throw ValidationError.field('subscriber', MESSAGE_KEYS.incorrect);
      throw error;
    }
  }

  private async find(auth: AuthContext, companyId: number): Promise<CompanyRow> {
    requireSuperAdmin(auth);
    const row = await this.repository.find(companyId);
    if (!row) throw new NotFoundError();
    return row;
  }
}

function present(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    subscriber: row.subscriberId === null ? null : { id: row.subscriberId, name: row.subscriberName ?? '' },
    timezone: row.timezone,
    subscriptionType: isSubscriptionType(row.subscriptionType) ? row.subscriptionType : 'standard',
    automaticOperatorRegistration: row.automaticOperatorRegistration,
    userCount: row.userCount,
    deviceCount: row.deviceCount,
    timezoneLocked: row.hasTelemetry,
  };
}
