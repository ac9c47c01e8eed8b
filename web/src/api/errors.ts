import type { OAuthError, ValidationErrorBody } from '@gearwatch/contracts';

/** Any answer of 400 or more. `body` is the parsed JSON body when there is one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly requestId: string | null;

  constructor(status: number, body: unknown, requestId: string | null) {
    super(`HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.requestId = requestId;
  }

  /** The `{errors, rootErrors}` body of a form answer, when this is one. */
  get validation(): ValidationErrorBody | null {
    const body = this.body as Partial<ValidationErrorBody> | null;
    if (this.status !== 400 || !body || typeof body !== 'object' || !body.errors || !Array.isArray(body.rootErrors)) return null;
    return body as ValidationErrorBody;
  }

  /** The OAuth2 error of the token endpoint, when this is one. */
  get oauth(): OAuthError | null {
    const body = this.body as Partial<OAuthError> | null;
    return body && typeof body === 'object' && typeof body.error === 'string' ? (body as OAuthError) : null;
  }

  /** Seconds to wait, from Retry-After, on 429. */
  retryAfterSeconds: number | null = null;
}

/** The session ended: refreshing failed or there was no session. The client has already cleared the tokens. */
export class SessionExpiredError extends Error {
  constructor() {
    super('The session has expired');
    this.name = 'SessionExpiredError';
  }
}

/** The request never got an answer (server down, network gone). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
    this.cause = cause;
  }
}
