import type { FastifyInstance } from 'fastify';
import { MESSAGE_KEYS } from '@gearwatch/contracts';
import { ValidationError } from './errors.ts';

/**
 * Deepest nesting of objects and arrays a request may carry. The deepest the product sends is a board setting's
 * monitor options or a map polygon (under ten levels); a bound keeps recursive code (validation, serialisation,
 * jsonb) away from the stack limit.
 */
export const MAX_INPUT_DEPTH = 32;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one: not a character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored: PostgreSQL text cannot hold NUL, and jsonb refuses unpaired surrogates. */
export function unstorableText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

type Problem = { field: string; kind: 'text' | 'depth' };

/** Fields named in one answer at most: enough for any form, bounded for a hostile body. */
const MAX_PROBLEMS = 100;

/** The values of a request part that cannot be stored, with their field paths (`lines.0.name`), in input order. */
export function findUnstorable(root: unknown): Problem[] {
  const problems: Problem[] = [];
  // Iterative, so a hostile nesting cannot overflow the stack of the check itself.
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value: root, path: [], depth: 0 }];
  while (stack.length && problems.length < MAX_PROBLEMS) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string[]; depth: number };
    if (typeof value === 'string') {
      if (unstorableText(value)) problems.push({ field: path.join('.'), kind: 'text' });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) {
      problems.push({ field: path.join('.'), kind: 'depth' });
      continue;
    }
    const children: { value: unknown; path: string[]; depth: number }[] = [];
    if (Array.isArray(value)) {
      value.forEach((child, i) => children.push({ value: child, path: [...path, String(i)], depth: depth + 1 }));
    } else {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        if (unstorableText(key)) problems.push({ field: [...path, key.replace(/[^\x20-\x7e]/g, '?')].join('.'), kind: 'text' });
        else children.push({ value: child, path: [...path, key], depth: depth + 1 });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as (typeof children)[number]);
  }
  return problems;
}

/**
 * Refuses, before any route's validation or handler sees it, input that no column could hold: NUL bytes, unpaired
 * surrogates, or nesting past MAX_INPUT_DEPTH, in the body, the query or the path. One place for every route, so a
 * route added later cannot forget it; the answer is the usual 400 naming every such field at once.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problems = [request.params, request.query, request.body].flatMap((part) => findUnstorable(part));
    if (!problems.length) return;
    const errors: Record<string, string[]> = {};
    const rootErrors: string[] = [];
    for (const { field } of problems) {
      if (field) errors[field] = [MESSAGE_KEYS.incorrect];
      else if (!rootErrors.length) rootErrors.push(MESSAGE_KEYS.incorrect);
    }
    throw new ValidationError(errors, rootErrors);
  });
}
