import { MESSAGE_KEYS, SUBSCRIBER_MAX_LENGTHS } from '@gearwatch/contracts';
import type { Choice, FormValue, Subscriber } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import type { DecodedValues } from '../forms/decode.ts';
import { textValue } from '../forms/values.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import type { FormResource } from '../forms/routes.ts';
import { requireSuperAdmin } from '../http/auth-hook.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { SubscriberRow, SubscriberSortField, SubscriberWrite, SubscribersRepository } from './repository.ts';

/** The resource name of the subscriber form (its token is bound to it) and of its routes. */
export const SUBSCRIBER_RESOURCE = 'subscribers';

const L = SUBSCRIBER_MAX_LENGTHS;

/** The subscriber form, in display order; labels are translation keys. */
export function subscriberFields(): FormFields {
  return {
    name: field('text', 'subscriber.field.name', { required: true, maxLength: L.name, icon: 'company' }),
    taxNumber: field('text', 'subscriber.field.tax-number', { maxLength: L.taxNumber }),
    address: field('text', 'subscriber.field.address', { maxLength: L.address, icon: 'place' }),
    city: field('text', 'subscriber.field.city', { maxLength: L.city, icon: 'place' }),
    email: field('email', 'subscriber.field.email', { maxLength: L.email, icon: 'email' }),
  };
}

/** Subscribers (billing parties), for super-admins only: list with company counts, one, the form, delete. */
export class SubscribersService implements FormResource {
  constructor(private readonly repository: SubscribersRepository) {}

  async list(auth: AuthContext, request: ListRequest<SubscriberSortField>): Promise<Page<Subscriber>> {
    requireSuperAdmin(auth);
    const { rows, total } = await this.repository.list(request);
    return { total, entries: rows };
  }

  get(auth: AuthContext, subscriberId: number): Promise<Subscriber> {
    return this.find(auth, subscriberId);
  }

  /** Deletes a subscriber no company is billed to (409 naming the companies otherwise; there is no unassign). */
  async delete(auth: AuthContext, subscriberId: number): Promise<void> {
    requireSuperAdmin(auth);
    await this.repository.transaction(async (repository) => {
      if (!(await repository.lock(subscriberId))) throw new NotFoundError();
      const companies = await repository.companiesOf(subscriberId);
      if (companies.length > 0) throw new ConflictError(MESSAGE_KEYS.conflict, { companies });
      await repository.delete(subscriberId);
    });
  }

  // The form (FormResource).

  fields(auth: AuthContext): FormFields {
    requireSuperAdmin(auth);
    return subscriberFields();
  }

  choices(auth: AuthContext): Promise<Record<string, Choice[]>> {
    requireSuperAdmin(auth);
    return Promise.resolve({});
  }

  async data(auth: AuthContext, subscriberId: number | null): Promise<Record<string, FormValue>> {
    if (subscriberId === null) {
      requireSuperAdmin(auth);
      return { name: null, taxNumber: null, address: null, city: null, email: null };
    }
    const row = await this.find(auth, subscriberId);
    return { name: row.name, taxNumber: row.taxNumber, address: row.address, city: row.city, email: row.email };
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    requireSuperAdmin(auth);
    return this.repository.transaction((repository) => repository.insert(writeOf(values)));
  }

  async update(auth: AuthContext, subscriberId: number, values: DecodedValues): Promise<void> {
    requireSuperAdmin(auth);
    await this.repository.transaction(async (repository) => {
      if (!(await repository.lock(subscriberId))) throw new NotFoundError();
      await repository.update(subscriberId, writeOf(values));
    });
  }

  private async find(auth: AuthContext, subscriberId: number): Promise<SubscriberRow> {
    requireSuperAdmin(auth);
    const row = await this.repository.find(subscriberId);
    if (!row) throw new NotFoundError();
    return row;
  }
}

/** What the form's schema checked (required name, lengths, e-mail) is all a subscriber has to obey. */
function writeOf(values: DecodedValues): SubscriberWrite {
  return {
    name: textValue(values.name) ?? '',
    taxNumber: textValue(values.taxNumber),
    address: textValue(values.address),
    city: textValue(values.city),
    email: textValue(values.email),
  };
}
