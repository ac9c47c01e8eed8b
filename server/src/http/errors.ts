import type { OAuthErrorCode } from '@gearwatch/contracts';
import { INGEST_MESSAGE_KEYS, MESSAGE_KEYS } from '@gearwatch/contracts';

/**
 * Typed errors the services throw; the error handler (error-handler.ts) is the one place that maps them to
 * status codes and bodies.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400 `{errors: {field: [messageKey]}, rootErrors: [messageKey]}`. */
export class ValidationError extends AppError {
  constructor(
    readonly errors: Record<string, string[]>,
    readonly rootErrors: string[] = [],
  ) {
    super('Validation failed', 400);
  }

  static field(field: string, messageKey: string): ValidationError {
    return new ValidationError({ [field]: [messageKey] });
  }
}

/**
 * 400 `rootErrors: ["ingest.batch-not-storable"]`: the database refused a telemetry batch for its data (a data
 * exception, a broken constraint), not for being unreachable; sending it again would fail the same way, and nothing
 * of it was stored. `detail` (the SQLSTATE and message) goes to ingest_rejects, not to the module.
 */
export class UnstorableBatchError extends ValidationError {
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super({}, [INGEST_MESSAGE_KEYS.batchNotStorable]);
    if (options && 'cause' in options) this.cause = options.cause;
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = MESSAGE_KEYS.unauthorized) {
    super(message, 401);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = MESSAGE_KEYS.forbidden) {
    super(message, 403);
  }
}

export class NotFoundError extends AppError {
  constructor(message = MESSAGE_KEYS.notFound) {
    super(message, 404);
  }
}

export type Dependents = Record<string, { id: number; name: string }[]>;

/** 409 naming the rows that block the operation (spec 01 §5, deletion blocked while dependents exist). */
export class ConflictError extends AppError {
  constructor(
    message: string = MESSAGE_KEYS.conflict,
    readonly dependents?: Dependents,
  ) {
    super(message, 409);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(MESSAGE_KEYS.tooManyRequests, 429);
  }
}

/** The token endpoint's own error shape, RFC 6749 §5.2: `{error, error_description}`. */
export class OAuthError extends AppError {
  constructor(
    readonly code: OAuthErrorCode,
    description: string,
    statusCode = 400,
    readonly retryAfterSeconds?: number,
  ) {
    super(description, statusCode);
  }
}
