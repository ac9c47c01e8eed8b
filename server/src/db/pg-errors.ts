/** What PostgreSQL (and PGlite) say about a refused statement: its SQLSTATE and the constraint involved. */
function details(error: unknown): { code?: unknown; constraint?: unknown; message?: unknown } {
  return error !== null && typeof error === 'object' ? (error as { code?: unknown; constraint?: unknown; message?: unknown }) : {};
}

/** A unique violation (23505), of the named constraint or index when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: name, message } = details(error);
  if (code !== '23505') return false;
  return constraint === undefined || name === constraint || (typeof message === 'string' && message.includes(constraint));
}

/** A foreign-key violation (23503): a referenced row vanished, or a row is still referenced. */
export function isForeignKeyViolation(error: unknown): boolean {
  return details(error).code === '23503';
}
