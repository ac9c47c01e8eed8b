import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from './client.ts';
import { EventStreamParser, connectEvents } from './events.ts';
import type { ServerSentEvent } from './events.ts';
import { createTokenStore } from './tokens.ts';

describe('EventStreamParser', () => {
  it('reads events with id, type and JSON data, skipping comments and the retry field', () => {
    const parser = new EventStreamParser();
    const events = parser.push('retry: 5000\n: connected\n\nid: 7\nevent: alert\ndata: {"alertId":1}\n\n: ping\n\n');
    expect(events).toEqual([{ id: '7', type: 'alert', data: '{"alertId":1}' }]);
    expect(parser.lastEventId).toBe('7');
  });

  it('puts together lines and events split anywhere between chunks', () => {
    const parser = new EventStreamParser();
    const text = 'id: 12\nevent: alarm-total\ndata: {"count":3,"level":"error"}\n\nid: 13\nevent: notification\ndata: {}\n\n';
    const events: ServerSentEvent[] = [];
    for (const char of text) events.push(...parser.push(char));
    expect(events).toEqual([
      { id: '12', type: 'alarm-total', data: '{"count":3,"level":"error"}' },
      { id: '13', type: 'notification', data: '{}' },
    ]);
  });

  it('takes LF, CRLF and CR line ends, a CRLF split between chunks included', () => {
    const parser = new EventStreamParser();
    expect(parser.push('data: a\r\ndata: b\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ id: null, type: 'message', data: 'a\nb' }]);
    expect(parser.push('data:c\r\rdata: d\n\n')).toEqual([
      { id: null, type: 'message', data: 'c' },
      { id: null, type: 'message', data: 'd' },
    ]);
  });

  it('dispatches nothing for a block without data, keeps the last id for later events, ignores an id with NUL', () => {
    const parser = new EventStreamParser();
    expect(parser.push('id: 5\n\nevent: x\n\n')).toEqual([]);
    expect(parser.push('data: y\n\n')).toEqual([{ id: '5', type: 'message', data: 'y' }]);
    parser.push('id: 6\u00007\n\n');
    expect(parser.lastEventId).toBe('5');
  });
});

/** A fake `/api/events` (and token endpoint): each connection is scripted; the last one stays open until aborted. */
function fakeStreamServer(script: ((request: { lastEventId: string | null; authorization: string | null }) => Response)[]) {
  let generation = 1;
  const requests: { lastEventId: string | null; authorization: string | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init?.headers);
    if (url.pathname === '/api/token') {
      generation += 1;
      return new Response(
        JSON.stringify({ access_token: `access-${generation}`, refresh_token: `refresh-${generation}`, expires_in: 900, token_type: 'bearer' }),
        { status: 200 },
      );
    }
    if (headers.get('authorization') !== `Bearer access-${generation}`) return new Response(JSON.stringify({ message: 'error.unauthorized' }), { status: 401 });
    const request = { lastEventId: headers.get('last-event-id'), authorization: headers.get('authorization') };
    requests.push(request);
    const next = script.shift();
    if (next) return next(request);
    // Open until the client goes.
    return new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(': connected\n\n'));
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );
  });
  const tokens = createTokenStore(window.localStorage);
  tokens.set({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  const onSessionExpired = vi.fn();
  const api = new ApiClient({
    tokens,
    fetch: fetch as unknown as typeof globalThis.fetch,
    credentials: () => ({ clientId: 'web', clientSecret: 's' }),
    onSessionExpired,
  });
  return { api, requests, expireToken: () => (generation += 0.5) };
}

const stream = (text: string) => () => new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('connectEvents', () => {
  afterEach(() => window.localStorage.clear());

  it('reconnects after a drop with Last-Event-ID and the backoff, and passes each event on once', async () => {
    const server = fakeStreamServer([
      stream('id: 1\nevent: alert\ndata: {"alertId":9}\n\nid: 2\nevent: alarm-total\ndata: {"count":1,"level":"info"}\n\n'),
      () => new Response('', { status: 503 }),
      stream('id: 3\nevent: notification\ndata: {}\n\n'),
    ]);
    const events: ServerSentEvent[] = [];
    const opens: boolean[] = [];
    const downs: number[] = [];
    const backoff = vi.fn((_attempt: number) => 1);
    const connection = connectEvents({
      api: server.api,
      backoff,
      onEvent: (e) => events.push(e),
      onOpen: (again) => opens.push(again),
      onDown: () => downs.push(Date.now()),
    });
    await until(() => server.requests.length === 4);
    connection.close();
    expect(events.map((e) => [e.id, e.type])).toEqual([
      ['1', 'alert'],
      ['2', 'alarm-total'],
      ['3', 'notification'],
    ]);
    expect(server.requests.map((r) => r.lastEventId)).toEqual([null, '2', '2', '3']);
    // Dropped (no end event), then a 503: two failures in a row, the backoff growing; each open after a failure says so.
    expect(backoff.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 1]);
    expect(opens).toEqual([false, true, true]);
    expect(downs).toHaveLength(3);
  });

  it("comes back at once after the server's end event, refreshing an expired token through the ApiClient", async () => {
    const server = fakeStreamServer([stream('id: 4\nevent: alert\ndata: {}\n\nevent: end\ndata: {"reason":"token-expired"}\n\n')]);
    const events: ServerSentEvent[] = [];
    const backoff = vi.fn((_attempt: number) => 1);
    const connection = connectEvents({ api: server.api, backoff, onEvent: (e) => events.push(e) });
    await until(() => server.requests.length === 1);
    // The access token expires with the stream: the next connection gets a 401, refreshes and is replayed.
    server.expireToken();
    await until(() => server.requests.length === 2);
    connection.close();
    expect(server.requests[1]).toMatchObject({ lastEventId: '4', authorization: 'Bearer access-2.5' });
    expect(events.map((e) => e.type)).toEqual(['alert']);
    expect(backoff).not.toHaveBeenCalled();
  });

  it('sends no token when anonymous (the stream of a display link), though a session is held', async () => {
    const seen: (string | null)[] = [];
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('authorization'));
      return new Response(': connected\n\nevent: production-view\ndata: {}\n\n', { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const tokens = createTokenStore(window.localStorage);
    tokens.set({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const api = new ApiClient({
      tokens,
      fetch: fetch as unknown as typeof globalThis.fetch,
      credentials: () => ({ clientId: 'web', clientSecret: 's' }),
      onSessionExpired: vi.fn(),
    });
    const events: ServerSentEvent[] = [];
    const connection = connectEvents({ api, path: '/api/display/abc/events', anonymous: true, backoff: () => 1000, onEvent: (e) => events.push(e) });
    await until(() => events.length === 1);
    connection.close();
    expect(seen[0]).toBeNull();
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/display/abc/events');
  });

  it('stops when closed', async () => {
    const server = fakeStreamServer([]);
    const connection = connectEvents({ api: server.api, backoff: () => 1, onEvent: () => undefined });
    await until(() => server.requests.length === 1);
    connection.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(1);
  });
});
