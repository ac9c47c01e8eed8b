import { ApiClient } from '../../../api/client.ts';
import { createTokenStore } from '../../../api/tokens.ts';

/** One open event stream of the fake: the test sends events into it, or drops it. */
export interface FakeStream {
  path: string;
  send(type: string, data: unknown): void;
  drop(): void;
}

/**
 * An ApiClient over a fake API for the live screens: JSON answers by path (`answers`: status and body, read at each
 * call), and event streams (paths ending in `/events` or starting with `/api/events`) that stay open until the test
 * drops them. A stream opened while `holdStreams` is set waits until it is cleared.
 */
export function createLiveFake(answers: Record<string, () => { status?: number; body?: unknown }>) {
  const streams: FakeStream[] = [];
  const requests: string[] = [];
  let release: (() => void) | null = null;
  let held: Promise<void> | null = null;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = `${url.pathname}${url.search}`;
    requests.push(path);
    if (url.pathname.endsWith('/events')) {
      if (held) await held;
      const encoder = new TextEncoder();
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(opened) {
          controller = opened;
          opened.enqueue(encoder.encode(': connected\n\n'));
          init?.signal?.addEventListener('abort', () => opened.error(new DOMException('aborted', 'AbortError')));
        },
      });
      streams.push({
        path,
        send: (type, data) => controller.enqueue(encoder.encode(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`)),
        drop: () => controller.error(new TypeError('network error')),
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    const answer = answers[url.pathname]?.() ?? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'error.not-found' } };
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  const tokens = createTokenStore(window.localStorage);
  const api = new ApiClient({
    tokens,
    fetch: fetch as typeof window.fetch,
    credentials: () => ({ clientId: 'gearwatch-web', clientSecret: 'gearwatch-web' }),
    onSessionExpired: () => undefined,
  });
  return {
    api,
    tokens,
    streams,
    requests,
    /** Streams opened from now on wait until `releaseStreams`. */
    holdStreams() {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    releaseStreams() {
      held = null;
      release?.();
    },
  };
}
