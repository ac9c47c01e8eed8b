import { DUPLICATE_RESPONSES, duplicateRequestSchema, ENTITY_MESSAGE_KEYS, MESSAGE_KEYS } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { ValidationError } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import type { App } from '../http/types.ts';

/** The name rules of a resource a copy's name must keep. */
export interface CopyNameRules {
  minLength: number;
  maxLength: number;
}

/** Suffixes stay far shorter than this: every candidate starts with the original's first `length - 28` characters. */
const SUFFIX_ROOM = 28;

/**
 * The name of a copy: the one asked for (checked against the resource's length rules and `taken`), or the
 * original's name + ' (copy)', numbered when that is taken (' (copy 2)', ...), the original cut to keep the whole
 * within `maxLength`. `namesStartingWith` answers the names in lower case that start with a prefix, whatever the
 * letter case, among the rows the copy must not share a name with.
 */
export async function copyName(
  original: string,
  requested: string | undefined,
  rules: CopyNameRules,
  namesStartingWith: (prefix: string) => Promise<Set<string>>,
): Promise<string> {
  const asked = requested?.trim();
  if (asked) {
    if (asked.length < rules.minLength) throw ValidationError.field('name', MESSAGE_KEYS.tooShort);
    if (asked.length > rules.maxLength) throw ValidationError.field('name', MESSAGE_KEYS.tooLong);
    if ((await namesStartingWith(asked)).has(asked.toLowerCase())) throw ValidationError.field('name', ENTITY_MESSAGE_KEYS.nameInUse);
    return asked;
  }
  const fit = (suffix: string) => `${original.slice(0, rules.maxLength - suffix.length)}${suffix}`;
  const taken = await namesStartingWith(original.slice(0, Math.max(0, rules.maxLength - SUFFIX_ROOM)));
  if (!taken.has(fit(' (copy)').toLowerCase())) return fit(' (copy)');
  for (let n = 2; ; n++) {
    const candidate = fit(` (copy ${n})`);
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** Escapes `prefix` for a LIKE pattern matching the names that start with it. */
export function prefixPattern(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

export interface DuplicateRoute {
  /** The path segment: `/api/{resource}/{id}/duplicate`. */
  resource: string;
  tag: string;
  /** What the copy takes and what it does not. */
  summary: string;
  /** Copies the row, in one transaction, into the original's company (another company's row: 404); the copy's id. */
  duplicate(auth: AuthContext, id: number, name: string | undefined): Promise<number>;
}

/** `POST /api/{resource}/{id}/duplicate` with an optional new name: 201 `{id}` of the copy. */
export function registerDuplicateRoute(app: App, route: DuplicateRoute): void {
  app.post(
    `/api/${route.resource}/:id/duplicate`,
    {
      schema: { tags: [route.tag], summary: route.summary, params: idParams, body: duplicateRequestSchema.optional(), response: DUPLICATE_RESPONSES },
    },
    async (request, reply) => reply.status(201).send({ id: await route.duplicate(request.auth, request.params.id, request.body?.name) }),
  );
}
