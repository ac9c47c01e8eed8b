import { ApiClient } from '../../../api/client.ts';
import { createTokenStore } from '../../../api/tokens.ts';

/** One request the fake API received. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer: a status (200 by default) and a JSON body; status 204 sends no body. */
export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Extra response headers. */
  headers?: Record<string, string>;
}

export type FakeHandler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

/**
 * An ApiClient over an in-memory API for the monitors' tests. `routes` maps "METHOD /path" to a handler; a setting
 * write (PUT /api/users/current/settings/…) is answered as the server does unless a route says otherwise; anything
 * else is a 404. Every request is recorded in `calls`.
 */
export function createFakeApi(routes: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' && init.body !== '' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: FakeCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const handler: FakeHandler =
      routes[`${method} ${url.pathname}`] ??
      (method === 'PUT' && url.pathname.startsWith('/api/users/current/settings/')
        ? () => ({ body: { key: url.pathname.slice('/api/users/current/settings/'.length), value: (body as { value: unknown }).value } })
        : () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'error.not-found' } }));
    const reply = await handler(call);
    const status = reply.status ?? 200;
    if (status === 204) return new Response(null, { status, headers: reply.headers });
    return new Response(JSON.stringify(reply.body ?? null), { status, headers: { 'content-type': 'application/json', ...reply.headers } });
  };
  const api = new ApiClient({
    tokens: createTokenStore(window.localStorage),
    fetch: fetch as typeof window.fetch,
    credentials: () => ({ clientId: 'gearwatch-web', clientSecret: 'gearwatch-web' }),
    onSessionExpired: () => undefined,
  });
  api.tokens.set({ accessToken: 'access', refreshToken: 'refresh' });
  const callsTo = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
  return { api, calls, callsTo };
}

/** A list answer of the list protocol: 204 when empty. */
export function listReply(entries: unknown[]): FakeReply {
  return entries.length === 0 ? { status: 204 } : { body: { entries } };
}

/** A promise with its resolve function, to hold an answer back until the test lets it go. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
