import { LIST_HEADERS, tokenResponseSchema } from '@gearwatch/contracts';
import type { TokenResponse } from '@gearwatch/contracts';
import type { EarlyResponses } from './early-responses.ts';
import { ApiError, NetworkError, SessionExpiredError } from './errors.ts';
import type { SessionTokens, TokenStore } from './tokens.ts';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as application/json. */
  json?: unknown;
  /**
   * Sent as application/x-www-form-urlencoded (the token endpoint and server-driven forms). Several values are sent
   * as a repeated key; no values as the key with an empty value, so the server sees the field was cleared.
   */
  form?: Record<string, string | readonly string[]>;
  signal?: AbortSignal;
  /** Public calls carry no bearer token and never trigger a refresh. */
  anonymous?: boolean;
  /** The Accept header; JSON unless a file is asked for. */
  accept?: string;
  /** Further request headers (the event stream's Last-Event-ID). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

export interface ListPage<T> {
  entries: T[];
  page: number;
  pageSize: number;
  totalEntries: number;
  totalPages: number;
  contexts: string[];
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface ApiClientOptions {
  tokens: TokenStore;
  /** Read at each token call, because the client id arrives with the start-up configuration. */
  credentials: () => ClientCredentials;
  /** Called once when refreshing fails: the tokens are already cleared; the app goes back to login. */
  onSessionExpired: () => void;
  fetch?: typeof fetch;
  baseUrl?: string;
  /** Answers the page's start-up script already asked for (early-responses.ts). */
  early?: EarlyResponses;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A form body: one `key=value` per value, a repeated key for several, `key=` for an empty list. */
export function encodeForm(form: Record<string, string | readonly string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (typeof value === 'string') params.append(key, value);
    else if (value.length === 0) params.append(key, '');
    else for (const item of value) params.append(key, item);
  }
  return params.toString();
}

/**
 * The one way the client talks to the API. It sends the bearer token; on a 401 it refreshes the session once,
 * while every other request that fails meanwhile waits for that same refresh and is replayed with the new token.
 * If refreshing fails the tokens are cleared and `onSessionExpired` runs (spec 01 §4, Auth).
 */
export class ApiClient {
  private readonly options: ApiClientOptions;
  private readonly fetchImpl: typeof fetch;
  private refreshing: Promise<SessionTokens | null> | null = null;
  /** The bodies of adopted early answers, read by the page's start-up script (early-responses.ts). */
  private readonly readBodies = new WeakMap<Response, string>();

  constructor(options: ApiClientOptions) {
    this.options = options;
    this.fetchImpl = options.fetch ?? ((input, init) => window.fetch(input, init));
  }

  get tokens(): TokenStore {
    return this.options.tokens;
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.read<T>(await this.exchange(path, options));
  }

  async get<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> {
    return (await this.request<T>(path, { query, signal })).data;
  }

  /** A file the API sends (a spreadsheet export), as a Blob; a failure throws ApiError like `request`. */
  async blob(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<Blob> {
    const response = await this.exchange(path, { query, signal, accept: '*/*' });
    if (response.status >= 400) await this.read<never>(response);
    return response.blob();
  }

  /**
   * A response whose body the caller reads as it arrives (the event stream, api/events.ts): authenticated and
   * refreshed like every call; an error status throws ApiError as `request` does.
   */
  async stream(path: string, options: Pick<RequestOptions, 'signal' | 'headers' | 'accept' | 'anonymous'> = {}): Promise<Response> {
    const response = await this.exchange(path, options);
    if (response.status >= 400) await this.read<never>(response);
    return response;
  }

  /** A list call of the list protocol: paging in the headers, 204 when there is nothing. */
  async list<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<ListPage<T>> {
    const response = await this.request<{ entries: T[] } | null>(path, { query, signal });
    const header = (name: string) => Number(response.headers.get(name) ?? 0);
    const entries = response.data?.entries ?? [];
    return {
      entries,
      page: header(LIST_HEADERS.pageNumber) || 1,
      pageSize: header(LIST_HEADERS.pageEntries),
      totalEntries: response.status === 204 ? 0 : header(LIST_HEADERS.totalEntries) || entries.length,
      totalPages: header(LIST_HEADERS.totalPages),
      contexts: (response.headers.get(LIST_HEADERS.contexts) ?? '').split(',').filter(Boolean),
    };
  }

  /** Password sign-in; stores both tokens. */
  async signIn(username: string, password: string): Promise<void> {
    const tokens = await this.tokenCall({ grant_type: 'password', username, password });
    this.options.tokens.set(tokens);
  }

  /** Adopt tokens obtained elsewhere (impersonation). */
  adopt(tokens: TokenResponse): void {
    this.options.tokens.set({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
  }

  /** Ends the session here and, best effort, on the server (the refresh token family is revoked). */
  async signOut(): Promise<void> {
    const current = this.options.tokens.get();
    this.options.tokens.clear();
    if (!current) return;
    const { clientId, clientSecret } = this.options.credentials();
    try {
      await this.send('/api/token/revoke', { method: 'POST', form: { token: current.refreshToken, client_id: clientId, client_secret: clientSecret } }, null);
    } catch {
      // Signing out must work offline too; the refresh token then simply expires.
    }
  }

  /** Sends the request with the bearer token, refreshing the session once on a 401 and replaying it. */
  private async exchange(path: string, options: RequestOptions): Promise<Response> {
    const sentWith = options.anonymous ? null : this.options.tokens.get();
    const response = await this.send(path, options, sentWith?.accessToken ?? null);
    if (response.status !== 401 || options.anonymous) return response;
    if (!sentWith) throw this.expire();
    const renewed = await this.renewAfter(sentWith);
    if (!renewed) throw new SessionExpiredError();
    const replayed = await this.send(path, options, renewed.accessToken);
    if (replayed.status === 401) throw this.expire();
    return replayed;
  }

  private async renewAfter(sentWith: SessionTokens): Promise<SessionTokens | null> {
    // Another request may already have refreshed the session while this one was in flight.
    const current = this.options.tokens.get();
    if (current && current.accessToken !== sentWith.accessToken) return current;
    if (!current) return null;
    this.refreshing ??= this.refresh(current.refreshToken).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refresh(refreshToken: string): Promise<SessionTokens | null> {
    try {
      const response = await this.tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken });
      this.options.tokens.set(response);
      return response;
    } catch (error) {
      if (error instanceof NetworkError) throw error;
      this.expire();
      return null;
    }
  }

  private async tokenCall(grant: Record<string, string>): Promise<SessionTokens> {
    const { clientId, clientSecret } = this.options.credentials();
    const response = await this.send('/api/token', { method: 'POST', form: { ...grant, client_id: clientId, client_secret: clientSecret } }, null);
    const { data } = await this.read<unknown>(response);
    const parsed = tokenResponseSchema.parse(data);
    return { accessToken: parsed.access_token, refreshToken: parsed.refresh_token };
  }

  private expire(): SessionExpiredError {
    this.options.tokens.clear();
    this.options.onSessionExpired();
    return new SessionExpiredError();
  }

  private async send(path: string, options: RequestOptions, accessToken: string | null): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers, accept: options.accept ?? 'application/json' };
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = encodeForm(options.form);
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    // eslint-disable-next-line i18next/no-literal-string -- the HTTP authorization scheme, not text
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    const url = `${this.options.baseUrl ?? ''}${path}${buildQuery(options.query)}`;
    const early = (options.method ?? 'GET') === 'GET' && !options.headers ? this.options.early?.take(url, accessToken) : null;
    if (early) {
      const answer = await early;
      if (answer) {
        this.readBodies.set(answer.response, answer.text);
        return answer.response;
      }
    }
    try {
      return await this.fetchImpl(url, {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new NetworkError(error);
    }
  }

  private async read<T>(response: Response): Promise<ApiResponse<T>> {
    const text = response.status === 204 ? '' : (this.readBodies.get(response) ?? (await response.text()));
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (response.status >= 400) {
      const error = new ApiError(response.status, data, response.headers.get(LIST_HEADERS.requestId));
      const retryAfter = response.headers.get('retry-after');
      if (retryAfter) error.retryAfterSeconds = Number(retryAfter);
      throw error;
    }
    return { status: response.status, headers: response.headers, data: data as T };
  }
}
