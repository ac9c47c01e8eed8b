import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEarlyResponses, EARLY_RESPONSE_LIFETIME_MS } from './early-responses.ts';
import type { EarlyRequest } from './early-responses.ts';
import { clientWithEarlyResponses } from '../test/early-client.ts';

const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

/** As the page script leaves it: the body read, so the client must take the text and never read the body again. */
function early(url: string, accessToken: string | null, response: Response | null, at = Date.now()): EarlyRequest {
  return { url, accessToken, at, answer: response ? response.text().then((text) => ({ response, text })) : Promise.resolve(null) };
}

function client(fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>, started: EarlyRequest[]) {
  window.localStorage.setItem('gearwatch.accessToken', 'access-1');
  window.localStorage.setItem('gearwatch.refreshToken', 'refresh-1');
  return clientWithEarlyResponses(fetch, started);
}

afterEach(() => {
  window.localStorage.clear();
  delete window.__gearwatchEarlyRequests;
});

describe('early responses', () => {
  it('hands out an answer once, for the same URL and access token only', async () => {
    const answer = json(200, { ok: true });
    const responses = createEarlyResponses([early('/api/users/current', 'access-1', answer)]);
    expect(responses.take('/api/users/current', 'access-2')).toBeNull();
    expect(responses.take('/api/users/current?x=1', 'access-1')).toBeNull();
    expect((await responses.take('/api/users/current', 'access-1'))?.response).toBe(answer);
    expect(responses.take('/api/users/current', 'access-1')).toBeNull();
  });

  it('asks again for an answer left unread too long', () => {
    let now = 1_000;
    const responses = createEarlyResponses([early('/api/config', null, json(200, {}), 1_000)], () => now);
    now += EARLY_RESPONSE_LIFETIME_MS + 1;
    expect(responses.take('/api/config', null)).toBeNull();
  });

  it('lets the client adopt a GET it would make, and make every other call itself', async () => {
    const fetch = vi.fn(async () => json(200, { fetched: true }));
    const api = client(fetch, [
      early('/api/users/current', 'access-1', json(200, { early: true })),
      early('/api/things', 'access-1', json(200, { early: true })),
    ]);
    expect(await api.get('/api/users/current')).toEqual({ early: true });
    expect(fetch).not.toHaveBeenCalled();
    expect(await api.get('/api/users/current')).toEqual({ fetched: true });
    expect(await api.request('/api/things', { method: 'POST', json: {} })).toMatchObject({ data: { fetched: true } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('refreshes the session after an adopted 401 and replays the call, and asks itself after an early network failure', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/token') return json(200, { access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 900, token_type: 'bearer' });
      return json(200, { url, authorization: new Headers(init?.headers).get('authorization') });
    });
    const api = client(fetch, [early('/api/users/current', 'access-1', json(401, { message: 'error.unauthorized' })), early('/api/devices', 'access-1', null)]);
    expect(await api.get('/api/users/current')).toEqual({ url: '/api/users/current', authorization: 'Bearer access-2' });
    expect(fetch.mock.calls.map(([input]) => String(input))).toEqual(['/api/token', '/api/users/current']);
    expect(await api.get('/api/devices')).toEqual({ url: '/api/devices', authorization: 'Bearer access-2' });
  });
});
