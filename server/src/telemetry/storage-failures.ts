/**
 * Why a batch could not be stored, for every listener that has to decide whether a message comes again (the MQTT
 * subscriber, the HTTP route through the service, a future Teltonika listener): only a database that cannot be
 * reached, or cannot work just now, is worth waiting for. Any other failure would fail the same way every time, so a
 * message redelivered for it would hold back the messages behind it for ever (docs/ingest.md, "Failures").
 */

/**
 * SQLSTATE classes and codes of a database that is away or busy, not of the data: 08 connection exception, 53
 * insufficient resources (too many connections, disk full, out of memory), 57 operator intervention (shutdown,
 * cannot connect now, cancelled), 58 system error (I/O), 40 transaction rollback (a deadlock or serialisation race
 * still lost after the service's retries), 55P03 lock not available. Everything else (22 data exception, 23
 * integrity, 42 syntax or access, XX internal, …) is about this batch or this code and is not retried.
 */
const UNAVAILABLE_SQLSTATE_CLASSES = new Set(['08', '53', '57', '58', '40']);
const UNAVAILABLE_SQLSTATES = new Set(['55P03']);

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/**
 * Errors that carry no code: node-postgres and its pool (connection lost, pool timeout, pool ended), Kysely's
 * destroyed driver and PGlite's closed database (both while the process shuts down).
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^driver has already been destroyed$/,
  /^PGlite is closed$/,
];

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** True when storing failed because the database is unreachable or unavailable: the message must come again. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (isSqlState(code)) return UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SQLSTATE_CLASSES.has(code.slice(0, 2));
  if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** The failure as kept with a reject: the database's SQLSTATE when there is one, and its message. */
export function describeStorageFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return isSqlState(code) ? `SQLSTATE ${code}: ${error.message}` : `${error.name}: ${error.message}`;
}
