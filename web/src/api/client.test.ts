import { describe, expect, it, vi } from 'vitest';
import { ApiClient, buildQuery } from './client.ts';
import { ApiError, SessionExpiredError } from './errors.ts';
import { createTokenStore } from './tokens.ts';

interface Call {
  path: string;
  method: string;
  authorization: string | null;
  body: string | null;
}

/**
 * A fake API: access tokens are "access-N"; only the newest is valid. Refreshing with the current refresh token
 * issues the next pair; any other refresh token fails like the real server's reuse detection.
 */
function fakeServer(options: { refreshFails?: boolean; refreshDelayMs?: number } = {}) {
  let generation = 1;
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? init.body : null;
    calls.push({ path: url.pathname + url.search, method: init?.method ?? 'GET', authorization: headers.get('authorization'), body });
    const json = (status: number, value: unknown, extra: Record<string, string> = {}) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json', ...extra } });
    if (url.pathname === '/api/token') {
      const form = new URLSearchParams(body ?? '');
      if (form.get('grant_type') === 'password') {
        if (form.get('password') !== 'demo') return json(400, { error: 'invalid_grant', error_description: 'Invalid credentials' });
        generation += 1;
      } else {
        if (options.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs));
        if (options.refreshFails || form.get('refresh_token') !== `refresh-${generation}`) {
          return json(400, { error: 'invalid_grant', error_description: 'Refresh token is invalid' });
        }
        generation += 1;
      }
      return json(200, { access_token: `access-${generation}`, refresh_token: `refresh-${generation}`, expires_in: 900, token_type: 'bearer' });
    }
    if (headers.get('authorization') !== `Bearer access-${generation}`)
      return json(401, { statusCode: 401, error: 'Unauthorized', message: 'error.unauthorized' });
    if (url.pathname === '/api/empty') return new Response(null, { status: 204 });
    if (url.pathname === '/api/items') {
      return json(
        200,
        { entries: [{ id: 1 }, { id: 2 }] },
        { 'x-page-number': '2', 'x-page-entries': '2', 'x-total-entries': '12', 'x-total-pages': '6', 'x-contexts': 'a,b' },
      );
    }
    if (url.pathname === '/api/file')
      return new Response(new Uint8Array([80, 75, 3, 4]), {
        status: 200,
        headers: { 'content-type': 'application/octet-stream', 'x-accept': headers.get('accept') ?? '' },
      });
    if (url.pathname === '/api/missing') return json(404, { statusCode: 404, error: 'Not Found', message: 'error.not-found' }, { 'x-request-id': 'req-7' });
    return json(200, { path: url.pathname, generation });
  });
  return { fetch, calls };
}

function setup(options: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer(options);
  const tokens = createTokenStore(window.localStorage);
  const onSessionExpired = vi.fn();
  const client = new ApiClient({
    tokens,
    fetch: server.fetch as unknown as typeof fetch,
    credentials: () => ({ clientId: 'gearwatch-web', clientSecret: 'secret' }),
    onSessionExpired,
  });
  return { server, tokens, client, onSessionExpired };
}

describe('ApiClient', () => {
  it('signs in with the password grant and sends the bearer token', async () => {
    const { client, tokens, server } = setup();
    await client.signIn('demo', 'demo');
    expect(tokens.get()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    const form = new URLSearchParams(server.calls[0]?.body ?? '');
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'password',
      username: 'demo',
      password: 'demo',
      client_id: 'gearwatch-web',
      client_secret: 'secret',
    });
    await client.get('/api/things');
    expect(server.calls.at(-1)?.authorization).toBe('Bearer access-2');
  });

  it('turns a failed sign-in into an ApiError carrying the OAuth error', async () => {
    const { client, tokens } = setup();
    const error = await client.signIn('demo', 'wrong').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).oauth?.error).toBe('invalid_grant');
    expect(tokens.get()).toBeNull();
  });

  it('refreshes once on 401 and replays the request with the new token', async () => {
    const { client, tokens, server, onSessionExpired } = setup();
    tokens.set({ accessToken: 'stale', refreshToken: 'refresh-1' });
    const data = await client.get<{ generation: number }>('/api/things');
    expect(data.generation).toBe(2);
    expect(tokens.get()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(server.calls.map((call) => `${call.method} ${call.path} ${call.authorization ?? '-'}`)).toEqual([
      'GET /api/things Bearer stale',
      'POST /api/token -',
      'GET /api/things Bearer access-2',
    ]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('makes parallel requests that fail with 401 wait for one refresh, then replays them all', async () => {
    const { client, tokens, server } = setup({ refreshDelayMs: 20 });
    tokens.set({ accessToken: 'stale', refreshToken: 'refresh-1' });
    const results = await Promise.all(['/api/a', '/api/b', '/api/c', '/api/d'].map((path) => client.get<{ path: string }>(path)));
    expect(results.map((result) => result.path)).toEqual(['/api/a', '/api/b', '/api/c', '/api/d']);
    const tokenCalls = server.calls.filter((call) => call.path === '/api/token');
    expect(tokenCalls).toHaveLength(1);
    const replays = server.calls.filter((call) => call.authorization === 'Bearer access-2').map((call) => call.path);
    expect(replays.sort()).toEqual(['/api/a', '/api/b', '/api/c', '/api/d']);
  });

  it('uses the already refreshed token when a 401 arrives after another request refreshed', async () => {
    const { client, tokens, server } = setup();
    tokens.set({ accessToken: 'stale', refreshToken: 'refresh-1' });
    await client.get('/api/first');
    // A response for a request sent with the stale token arrives late: no second refresh, just a replay.
    tokens.set({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    await client.get('/api/second');
    expect(server.calls.filter((call) => call.path === '/api/token')).toHaveLength(1);
  });

  it('clears the tokens and reports the expired session once when refreshing fails', async () => {
    const { client, tokens, onSessionExpired, server } = setup({ refreshFails: true });
    tokens.set({ accessToken: 'stale', refreshToken: 'refresh-1' });
    const outcomes = await Promise.allSettled([client.get('/api/a'), client.get('/api/b')]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(SessionExpiredError);
    }
    expect(tokens.get()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(server.calls.filter((call) => call.path === '/api/token')).toHaveLength(1);
  });

  it('reports an expired session when a 401 arrives without any session', async () => {
    const { client, onSessionExpired } = setup();
    await expect(client.get('/api/things')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('reads the list protocol headers, and 204 as an empty list', async () => {
    const { client } = setup();
    await client.signIn('demo', 'demo');
    const page = await client.list<{ id: number }>('/api/items', { page: 2, page_size: 2 });
    expect(page).toEqual({ entries: [{ id: 1 }, { id: 2 }], page: 2, pageSize: 2, totalEntries: 12, totalPages: 6, contexts: ['a', 'b'] });
    const empty = await client.list('/api/empty');
    expect(empty.entries).toEqual([]);
    expect(empty.totalEntries).toBe(0);
  });

  it('throws ApiError with the status, body and request id for other failures', async () => {
    const { client } = setup();
    await client.signIn('demo', 'demo');
    const error = (await client.get('/api/missing').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.requestId).toBe('req-7');
    expect(error.validation).toBeNull();
  });

  it('downloads a file as a Blob with the query, refreshing the session like any other call', async () => {
    const { client, tokens, server } = setup();
    tokens.set({ accessToken: 'stale', refreshToken: 'refresh-1' });
    const file = await client.blob('/api/file', { devices: [1, 2], from: '2026-03-02' });
    expect(file).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([80, 75, 3, 4]);
    expect(server.calls.map((call) => `${call.method} ${call.path} ${call.authorization ?? '-'}`)).toEqual([
      'GET /api/file?devices=1%2C2&from=2026-03-02 Bearer stale',
      'POST /api/token -',
      'GET /api/file?devices=1%2C2&from=2026-03-02 Bearer access-2',
    ]);
    const accepted = await server.fetch.mock.results.at(-1)?.value;
    expect((accepted as Response).headers.get('x-accept')).toBe('*/*');
  });

  it('throws ApiError when a file download fails', async () => {
    const { client } = setup();
    await client.signIn('demo', 'demo');
    const error = (await client.blob('/api/missing').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.body).toMatchObject({ message: 'error.not-found' });
  });

  it('revokes the refresh token on sign-out and forgets the session', async () => {
    const { client, tokens, server } = setup();
    await client.signIn('demo', 'demo');
    await client.signOut();
    expect(tokens.get()).toBeNull();
    const revoke = server.calls.at(-1);
    expect(revoke?.path).toBe('/api/token/revoke');
    expect(new URLSearchParams(revoke?.body ?? '').get('token')).toBe('refresh-2');
  });
});

describe('buildQuery', () => {
  it('skips empty values and joins lists with commas', () => {
    expect(buildQuery({ search: 'fork lift', page: 2, sort: ['name', '-id'], empty: '', none: undefined })).toBe('?search=fork+lift&page=2&sort=name%2C-id');
    expect(buildQuery({})).toBe('');
  });
});
