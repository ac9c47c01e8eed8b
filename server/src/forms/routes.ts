import { z } from 'zod';
import type { Choice, FormValue } from '@gearwatch/contracts';
import { FORM_MESSAGE_KEYS, FORM_TOKEN_FIELD, formDefinitionSchema, formSubmitResultSchema, problemSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { ValidationError } from '../http/errors.ts';
import type { App } from '../http/types.ts';
import type { DecodedValues } from './decode.ts';
import { decodeSubmission } from './decode.ts';
import type { FormFields } from './fields.ts';
import type { FormTokens } from './token.ts';
import { idParams } from '../http/params.ts';

/**
 * One resource's server-driven form: what the generic routes below need from its service. `id` is null for the
 * form of a new row. Everything is for the caller, so a super-admin may get more fields and choices than a company
 * user; `data` of a row the caller may not see throws NotFoundError.
 */
export interface FormResource {
  fields(auth: AuthContext, id: number | null): FormFields | Promise<FormFields>;
  choices(auth: AuthContext, id: number | null): Promise<Record<string, Choice[]>>;
  data(auth: AuthContext, id: number | null): Promise<Record<string, FormValue>>;
  /** Checks the resource's own rules (throwing ValidationError) and stores the row; answers its id. */
  create(auth: AuthContext, values: DecodedValues): Promise<number>;
  update(auth: AuthContext, id: number, values: DecodedValues): Promise<void>;
  /**
   * The resource's own rules (a name or card in use, links into another company, a phone's form) for the fields the
   * schema let through, when others failed it: one submit then reports every mistake the user can fix, rather than
   * the schema's first and the resource's only after those. Reads only; create and update check again as they write.
   */
  check?(auth: AuthContext, id: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>>;
  /** Field → generic message key → the resource's own key (e.g. too many operators instead of too many values). */
  errorKeys?: Record<string, Record<string, string>>;
}

/** The `failed` of a resource's rules checked as it writes: the schema passed every field. */
export const NO_FAILED_FIELDS: ReadonlySet<string> = new Set();

const submitBody = z.record(z.string(), z.unknown());
const errors = { 400: validationErrorSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/**
 * The form protocol of spec 01 §7 for `/api/{resource}`: `GET new`, `GET {id}/edit`, `POST` and `PUT {id}`, with
 * the form token checked before anything is decoded and the schema's own rules checked before the resource's.
 */
export function registerFormRoutes(app: App, options: { resource: string; tag: string; form: FormResource; tokens: FormTokens }): void {
  const { resource, form, tokens } = options;
  const tags = [options.tag];
  const base = `/api/${resource}`;

  const definition = async (auth: AuthContext, id: number | null) => {
    const data = await form.data(auth, id);
    const [schema, choices] = await Promise.all([form.fields(auth, id), form.choices(auth, id)]);
    return { data, schema, choices, token: tokens.issue({ userId: auth.userId, resource, id }) };
  };

  const decode = async (auth: AuthContext, id: number | null, body: Record<string, unknown>): Promise<DecodedValues> => {
    if (!tokens.verify({ userId: auth.userId, resource, id }, body[FORM_TOKEN_FIELD])) throw new ValidationError({}, [FORM_MESSAGE_KEYS.invalidToken]);
    const [fields, choices] = await Promise.all([form.fields(auth, id), form.choices(auth, id)]);
    const decoded = decodeSubmission(fields, body, choices);
    if (Object.keys(decoded.errors).length > 0) {
      const renamed = Object.entries(decoded.errors).map(([name, keys]) => [name, keys.map((key) => form.errorKeys?.[name]?.[key] ?? key)]);
      const own = form.check ? await form.check(auth, id, decoded.values, new Set(Object.keys(decoded.errors))) : {};
      throw new ValidationError({ ...own, ...Object.fromEntries(renamed) });
    }
    return decoded.values;
  };

  app.get(
    `${base}/new`,
    { schema: { tags, summary: `The form for a new row of ${resource}`, response: { 200: formDefinitionSchema, ...errors } } },
    (request) => definition(request.auth, null),
  );
  app.get(
    `${base}/:id/edit`,
    {
      schema: {
        tags,
        summary: `The form of one row of ${resource}, filled with its values`,
        params: idParams,
        response: { 200: formDefinitionSchema, ...errors },
      },
    },
    (request) => definition(request.auth, request.params.id),
  );
  app.post(
    base,
    {
      schema: {
        tags,
        summary: `Create a row of ${resource} from the form's fields and its token (form-encoded or JSON)`,
        body: submitBody,
        response: { 201: formSubmitResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const values = await decode(request.auth, null, request.body);
      return reply.status(201).send({ id: await form.create(request.auth, values) });
    },
  );
  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Update a row of ${resource} from the form's fields and its token (form-encoded or JSON)`,
        params: idParams,
        body: submitBody,
        response: { 200: formSubmitResultSchema, ...errors },
      },
    },
    async (request) => {
      // The row must be the caller's before anything about the submit is answered.
      await form.data(request.auth, request.params.id);
      const values = await decode(request.auth, request.params.id, request.body);
      await form.update(request.auth, request.params.id, values);
      return { id: request.params.id };
    },
  );
}
