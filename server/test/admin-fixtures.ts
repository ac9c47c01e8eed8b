import { expect } from 'vitest';
import { LIST_HEADERS, formDefinitionSchema } from '@gearwatch/contracts';
import type { FormDefinition } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { bearer } from './fixtures.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls of the administration tests, as one caller (a bearer token) or another. */
export function adminClient(ctx: () => TestContext, defaultToken: () => string) {
  const call = (method: Method, url: string, body?: unknown, as = defaultToken()) =>
    ctx().app.inject({ method, url, headers: bearer(as), ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
  const formOf = async (url: string, as = defaultToken()): Promise<FormDefinition> => {
    const response = await call('GET', url, undefined, as);
    expect(response.statusCode, response.body).toBe(200);
    return formDefinitionSchema.parse(response.json());
  };
  /** A form-encoded submit: a list is sent as a repeated key. */
  const submitForm = (method: 'POST' | 'PUT', url: string, fields: Record<string, string | string[]>, as = defaultToken()) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
    return ctx().app.inject({ method, url, headers: { ...bearer(as), 'content-type': 'application/x-www-form-urlencoded' }, payload: params.toString() });
  };
  /** The ids a list answers (none for 204), and its paging headers. */
  const listOf = async (url: string, as = defaultToken()) => {
    const response = await call('GET', url, undefined, as);
    expect([200, 204], response.body).toContain(response.statusCode);
    const ids: number[] = response.statusCode === 204 ? [] : response.json<{ entries: { id: number }[] }>().entries.map((e) => e.id);
    return {
      status: response.statusCode,
      ids,
      headers: {
        pageEntries: response.headers[LIST_HEADERS.pageEntries],
        pageNumber: response.headers[LIST_HEADERS.pageNumber],
        totalEntries: response.headers[LIST_HEADERS.totalEntries],
        totalPages: response.headers[LIST_HEADERS.totalPages],
      },
    };
  };
  return { call, formOf, submitForm, listOf };
}

/** The `errors` of a validation answer where each of the fields has the one message key. */
export function errorsOn(fields: string[], messageKey: string): Record<string, string[]> {
  return Object.fromEntries(fields.map((field) => [field, [messageKey]]));
}

/**
 * Every route of one administration resource as a company user would call it, for the 403 checks: the list, the
 * row, its forms, create, update and delete, plus any extra calls (unassign).
 */
export function adminRoutes(plural: string, id: number, extra: [Method, string][] = []): [Method, string][] {
  return [
    ['GET', `/api/${plural}`],
    ['GET', `/api/${plural}?page_size=0&sort=-id`],
    ['GET', `/api/${plural}/${id}`],
    ['GET', `/api/${plural}/new`],
    ['GET', `/api/${plural}/${id}/edit`],
    ['POST', `/api/${plural}`],
    ['PUT', `/api/${plural}/${id}`],
    ['DELETE', `/api/${plural}/${id}`],
    ['GET', `/api/${plural}/999999`],
    ['DELETE', `/api/${plural}/abc`],
    ...extra,
  ];
}
